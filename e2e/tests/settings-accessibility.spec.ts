import { expect, test, type Page } from '@playwright/test';
import { findBlockingViolations } from '../src/axe';
import { demoUsers } from '../src/demo';
import { signIn } from '../src/session';
import { demoMerchantId } from '../src/team';

// Issue 3, done when: the settings pages (and the merchant set-up and super admin pages beside them) pass
// axe checks, each once its content has loaded.
async function violationsOn(page: Page, path: string, ready: RegExp) {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: ready }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  return findBlockingViolations(page);
}

test('admin settings and merchant set-up pages have no accessibility violations', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, demoUsers.admin);
  const id = await demoMerchantId(page);
  const pages: [string, RegExp][] = [
    [`/merchants/${id}/settings/general`, /Settings/],
    [`/merchants/${id}/settings/users`, /Users/],
    [`/merchants/${id}/settings/roles`, /Roles/],
    [`/merchants/${id}/settings/roles/create`, /Create Role/],
    [`/merchants/${id}/settings/tags`, /Tags/],
    [`/merchants/${id}/settings/passtime`, /PassTime/],
    [`/merchants/${id}/settings/ituran`, /Ituran/],
    [`/merchants/${id}/settings/audit-log`, /Audit Log/],
    [`/merchants/${id}/locations`, /Locations/],
    [`/merchants/${id}/locations/create`, /Location/],
    [`/merchants/${id}/locations/merchant-accounts`, /Merchant Accounts/],
    [`/merchants/${id}/locations/merchant-accounts/create`, /Merchant Account/],
    [`/merchants/${id}/owners`, /Owners/],
    [`/merchants/${id}/owners/create`, /Owner/],
  ];
  const violations = [];
  for (const [path, heading] of pages) violations.push(...(await violationsOn(page, path, heading)));
  expect(violations).toEqual([]);
});

test('super admin pages have no accessibility violations', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, demoUsers.superAdmin);
  const id = await demoMerchantId(page);
  const pages: [string, RegExp][] = [
    [`/merchants/${id}/settings/integrations`, /Integrations/],
    [`/merchants/${id}/settings/api-keys`, /API Keys/],
    ['/merchants', /Merchants/],
    ['/merchants/create', /Merchant/],
    [`/merchants/${id}`, /Demo Motors/],
    [`/onboarding/${id}/summary`, /Onboarding/],
  ];
  const violations = [];
  for (const [path, heading] of pages) violations.push(...(await violationsOn(page, path, heading)));
  // A confirmation (docs/product.md §8) open over a page.
  await page.goto(`/merchants/${id}/settings/integrations`);
  const passtime = page.getByRole('switch', { name: 'PassTime enabled' });
  await passtime.click();
  await expect(passtime).toBeChecked();
  await passtime.click();
  await expect(page.getByRole('dialog')).toContainText('may impact payment processing');
  violations.push(...(await findBlockingViolations(page)));
  expect(violations).toEqual([]);
});
