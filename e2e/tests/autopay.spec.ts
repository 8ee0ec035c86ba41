import { expect, test, type Page } from '@playwright/test';
import { findBlockingViolations } from '../src/axe';
import { demoUsers } from '../src/demo';
import { callAsSignedInUser } from '../src/forms';
import { signIn } from '../src/session';
import { demoMerchantId, mainNavigation } from '../src/team';

// Issue 18 item 1: an admin sets up autopay on a customer's account with a saved card — the server's
// authorization text shown and agreed to (axe on the modal) — sees it On with the card and due day, and stops it
// after confirming. The autopay reports open from the navigation (axe on each).

/** A customer of the demo merchant with an account owing $180.00 that no other journey uses. */
async function createCustomer(page: Page, merchantId: string, tag: string) {
  const token = await page.evaluate(() => localStorage.getItem('paylane.access_token'));
  const locations = await page.request.get(
    `/api/merchants/${merchantId}/merchant_locations/?page_size=1000`,
    { headers: { Authorization: `Bearer ${token}` } },
  );
  const location = ((await locations.json()) as { results: { id: string }[] }).results[0]!.id;
  const now = Date.now();
  const exchange = String(200 + (Math.floor(now / 10_000) % 800));
  const line = String((now + 3_000) % 10_000).padStart(4, '0');
  const created = await callAsSignedInUser(page, {
    method: 'POST',
    path: `/api/merchants/${merchantId}/customers/`,
    data: {
      first_name: 'Alex',
      last_name: `Autopay${tag}`,
      sms_phone_number: `(512) ${exchange}-${line}`,
      location,
      account: { amount_due: '180.00', external_id: `APY-${tag}` },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const body = (await created.json()) as { id: string };
  return { id: body.id, accountNumber: `APY-${tag}`, name: `Alex Autopay${tag}` };
}

/** Saves the sandbox's Visa test card through the processor's hosted entry, as staff at the counter would. */
async function saveCard(page: Page) {
  await page.getByRole('link', { name: 'Payment Methods' }).click();
  await page.getByRole('button', { name: 'Add Card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Card' });
  await dialog.getByLabel('Nickname').fill('Autopay Visa');
  const entry = page.frameLocator('iframe[title="Card entry"]');
  await entry.getByLabel('Card number').fill('4242 4242 4242 4242');
  await entry.getByLabel('Expiry month (MM)').fill('12');
  await entry.getByLabel('Expiry year (YYYY)').fill(String(new Date().getFullYear() + 3));
  await entry.getByLabel('Security code').fill('123');
  await entry.getByRole('button', { name: 'Save card' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/Autopay Visa/).first()).toBeVisible();
  await page.getByRole('link', { name: 'Account Details' }).click();
}

test('an admin sets up autopay with the authorization agreed, sees it On, and stops it', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, demoUsers.admin);
  const merchantId = await demoMerchantId(page);
  const tag = String(Date.now()).slice(-6);
  const customer = await createCustomer(page, merchantId, tag);
  const accountTitle = `Account ${customer.accountNumber}`;
  await page.goto(`/merchants/${merchantId}/customers/${customer.id}`);
  await expect(page.getByRole('heading', { level: 1, name: customer.name })).toBeVisible();
  await saveCard(page);

  const autopay = page.getByRole('region', { name: `Autopay on ${accountTitle}` });
  await expect(autopay).toContainText('Off');
  await autopay.getByRole('button', { name: 'Set Up Autopay' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set Up Autopay' });
  const visa = dialog.getByLabel('Payment Method').locator('option', { hasText: 'Autopay Visa' });
  await dialog.getByLabel('Payment Method').selectOption((await visa.getAttribute('value'))!);
  await dialog.getByLabel('Due Day').selectOption('15');
  const authorization = dialog.getByRole('region', { name: 'Authorization' });
  await expect(authorization).toContainText('authorize Demo Motors to charge my payment method Autopay Visa');
  await expect(authorization).toContainText('15th of each month');
  await expect(dialog.getByRole('button', { name: 'Enable' })).toBeDisabled();
  expect(await findBlockingViolations(page)).toEqual([]);
  await dialog
    .getByRole('checkbox', { name: 'I have read the authorization to the customer and they agree' })
    .check();
  await dialog.getByRole('button', { name: 'Enable' }).click();
  await expect(page.getByText('Autopay enabled')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(autopay).toContainText('On');
  await expect(autopay).toContainText('Autopay Visa •••• 4242, due day 15th');

  await autopay.getByRole('button', { name: 'Stop Autopay' }).click();
  const stop = page.getByRole('dialog', { name: 'Stop Autopay' });
  await stop.getByRole('button', { name: 'Stop Autopay' }).click();
  await expect(stop).toBeHidden();
  await expect(autopay).toContainText('Off');
  await expect(autopay.getByRole('button', { name: 'Set Up Autopay' })).toBeVisible();

  // The reports, from the navigation.
  await mainNavigation(page).getByRole('link', { name: 'Autopay Summary' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Autopay Summary' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Enrolled' })).toBeVisible();
  expect(await findBlockingViolations(page)).toEqual([]);
  await mainNavigation(page).getByRole('link', { name: 'Autopay Failures' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Autopay Failures' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Autopay failures' })).toBeVisible();
  expect(await findBlockingViolations(page)).toEqual([]);
});
