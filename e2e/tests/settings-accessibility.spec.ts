import { expect, test } from '@playwright/test';
import { findBlockingViolations, inGroups, timeoutForPages, violationsOn } from '../src/axe';
import { demoUsers } from '../src/demo';
import { signIn } from '../src/session';
import { demoMerchantId } from '../src/team';

// Issue 3, done when: the settings pages (and the merchant set-up and super admin pages beside them) pass
// axe checks, each once its content has loaded. A few pages per test (src/axe.ts), so the groups spread over
// the workers instead of queueing behind one another in one long test.
const adminPages: [string, RegExp][] = [
  ['settings/general', /Settings/],
  ['settings/users', /Users/],
  ['settings/roles', /Roles/],
  ['settings/roles/create', /Create Role/],
  ['settings/tags', /Tags/],
  ['settings/passtime', /PassTime/],
  ['settings/ituran', /Ituran/],
  ['settings/audit-log', /Audit Log/],
  ['locations', /Locations/],
  ['locations/create', /Location/],
  ['locations/merchant-accounts', /Merchant Accounts/],
  ['locations/merchant-accounts/create', /Merchant Account/],
  ['owners', /Owners/],
  ['owners/create', /Owner/],
];

test.describe('admin settings and merchant set-up pages have no accessibility violations', () => {
  for (const group of inGroups(adminPages)) {
    test(group.map(([subpath]) => subpath).join(', '), async ({ page }) => {
      test.setTimeout(timeoutForPages(group.length));
      await signIn(page, demoUsers.admin);
      const id = await demoMerchantId(page);
      const violations = [];
      for (const [subpath, heading] of group) {
        violations.push(...(await violationsOn(page, `/merchants/${id}/${subpath}`, heading)));
      }
      expect(violations).toEqual([]);
    });
  }
});

const superAdminPages: [string, (id: string) => string, RegExp][] = [
  ['integrations', (id) => `/merchants/${id}/settings/integrations`, /Integrations/],
  ['API keys', (id) => `/merchants/${id}/settings/api-keys`, /API Keys/],
  ['merchants', () => '/merchants', /Merchants/],
  ['create merchant', () => '/merchants/create', /Merchant/],
  ['merchant', (id) => `/merchants/${id}`, /Demo Motors/],
  ['onboarding summary', (id) => `/onboarding/${id}/summary`, /Onboarding/],
];

test.describe('super admin pages have no accessibility violations', () => {
  for (const group of inGroups(superAdminPages)) {
    test(group.map(([name]) => name).join(', '), async ({ page }) => {
      test.setTimeout(timeoutForPages(group.length));
      await signIn(page, demoUsers.superAdmin);
      const id = await demoMerchantId(page);
      const violations = [];
      for (const [, pathOf, heading] of group)
        violations.push(...(await violationsOn(page, pathOf(id), heading)));
      expect(violations).toEqual([]);
    });
  }

  test('a confirmation open over a page', async ({ page }) => {
    await signIn(page, demoUsers.superAdmin);
    const id = await demoMerchantId(page);
    // docs/product.md §8: the confirmation before an integration is switched off.
    await page.goto(`/merchants/${id}/settings/integrations`);
    const passtime = page.getByRole('switch', { name: 'PassTime enabled' });
    await passtime.click();
    await expect(passtime).toBeChecked();
    await passtime.click();
    await expect(page.getByRole('dialog')).toContainText('may impact payment processing');
    expect(await findBlockingViolations(page)).toEqual([]);
  });
});
