import { expect, test } from '@playwright/test';
import { findBlockingViolations } from '../src/axe';
import { demoUsers } from '../src/demo';
import { createTextingCustomer } from '../src/inbox';
import { signIn } from '../src/session';
import { demoMerchantId } from '../src/team';

// Issue 20, done when: ⌘K finds a customer by phone.
test('Ctrl+K finds a customer by phone and opens their page; it finds pages by name', async ({ page }) => {
  await signIn(page, demoUsers.admin);
  const merchantId = await demoMerchantId(page);
  const tag = String(Date.now()).slice(-6);
  const customer = await createTextingCustomer(page, merchantId, {
    firstName: 'Gus',
    lastName: `Palette${tag}`,
    externalId: `PAL-${tag}`,
    offset: 5_011,
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
  await page.keyboard.press('Control+k');
  const search = page.getByRole('textbox', { name: 'Search', exact: true });
  await expect(search).toBeFocused();
  // Typed as staff read it off a screen: the national form.
  const national = `(${customer.phone.slice(2, 5)}) ${customer.phone.slice(5, 8)}-${customer.phone.slice(8)}`;
  await search.fill(national);
  const result = page.getByRole('dialog').getByRole('button', { name: new RegExp(customer.name) });
  await expect(result).toContainText(national);
  expect(await findBlockingViolations(page)).toEqual([]);
  await result.click();
  await expect(page).toHaveURL(new RegExp(`/merchants/${merchantId}/customers/${customer.id}$`));
  await expect(page.getByRole('heading', { name: customer.name })).toBeVisible();

  await page.keyboard.press('Control+k');
  await search.fill('promises');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Promises/ })
    .click();
  await expect(page).toHaveURL(/\/promises$/);
});
