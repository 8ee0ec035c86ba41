import { expect, test, type Page } from '@playwright/test';
import { findBlockingViolations } from '../src/axe';
import { demoUsers } from '../src/demo';
import { callAsSignedInUser } from '../src/forms';
import { signIn } from '../src/session';
import { demoMerchantId, mainNavigation } from '../src/team';

// Issue 17 item 4: an admin makes a promise to pay on a customer of their own, sees it Unconfirmed on /promises
// and confirms it; cancels it, then schedules a payment with the customer's saved card, sees it Confirmed
// and cancels it. axe on the Promise to Pay modal and on /promises.

/** A customer with an account owing $250.00 that no other journey uses. */
async function createCustomer(page: Page, merchantId: string, tag: string) {
  const token = await page.evaluate(() => localStorage.getItem('paylane.access_token'));
  const locations = await page.request.get(
    `/api/merchants/${merchantId}/merchant_locations/?page_size=1000`,
    { headers: { Authorization: `Bearer ${token}` } },
  );
  const location = ((await locations.json()) as { results: { id: string }[] }).results[0]!.id;
  const now = Date.now();
  const exchange = String(200 + (Math.floor(now / 10_000) % 800));
  const line = String((now + 7_000) % 10_000).padStart(4, '0');
  const created = await callAsSignedInUser(page, {
    method: 'POST',
    path: `/api/merchants/${merchantId}/customers/`,
    data: {
      first_name: 'Pat',
      last_name: `Promiser${tag}`,
      sms_phone_number: `(737) ${exchange}-${line}`,
      location,
      account: { amount_due: '250.00', external_id: `PRM-${tag}` },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const body = (await created.json()) as { id: string };
  return { id: body.id, accountNumber: `PRM-${tag}`, name: `Pat Promiser${tag}` };
}

/** Saves the sandbox's Visa test card through the processor's hosted entry, as staff at the counter would. */
async function saveCard(page: Page) {
  await page.getByRole('link', { name: 'Payment Methods' }).click();
  await page.getByRole('button', { name: 'Add Card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Card' });
  await dialog.getByLabel('Nickname').fill('Promise Visa');
  const entry = page.frameLocator('iframe[title="Card entry"]');
  await entry.getByLabel('Card number').fill('4242 4242 4242 4242');
  await entry.getByLabel('Expiry month (MM)').fill('12');
  await entry.getByLabel('Expiry year (YYYY)').fill(String(new Date().getFullYear() + 3));
  await entry.getByLabel('Security code').fill('123');
  await entry.getByRole('button', { name: 'Save card' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/Promise Visa/).first()).toBeVisible();
  await page.getByRole('link', { name: 'Account Details' }).click();
}

/** Three days ahead on any clock, as the date input shows it. */
function promiseDay(): string {
  const day = new Date(Date.now() + 3 * 24 * 60 * 60_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(day.getUTCMonth() + 1)}/${pad(day.getUTCDate())}/${day.getUTCFullYear()}`;
}

async function openPromises(page: Page, accountNumber: string) {
  await mainNavigation(page).getByRole('link', { name: 'Promises', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Promises' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search' }).fill(accountNumber);
  await expect(page).toHaveURL(new RegExp(`like=${accountNumber}`));
  return page.getByRole('table', { name: 'Promises' });
}

test('an admin makes a promise, confirms it on /promises, then schedules a payment and cancels it', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, demoUsers.admin);
  const merchantId = await demoMerchantId(page);
  const tag = String(Date.now()).slice(-6);
  const customer = await createCustomer(page, merchantId, tag);
  const accountTitle = `Account ${customer.accountNumber}`;
  const customerPath = `/merchants/${merchantId}/customers/${customer.id}`;
  await page.goto(customerPath);
  await expect(page.getByRole('heading', { level: 1, name: customer.name })).toBeVisible();
  await saveCard(page);

  // A plain promise: the modal passes axe; the account shows it Unconfirmed.
  await page.getByRole('button', { name: `Promise to Pay on ${accountTitle}` }).click();
  let dialog = page.getByRole('dialog', { name: 'Promise to Pay' });
  await expect(dialog.getByLabel('Payment Method')).toContainText('Promise Visa');
  expect(await findBlockingViolations(page)).toEqual([]);
  await dialog.getByLabel('Date').fill(promiseDay());
  await dialog.getByLabel('Time').fill('10:00');
  await dialog.getByLabel('Amount').fill('50.00');
  await dialog.getByRole('button', { name: 'Save Promise' }).click();
  await expect(page.getByText('Promise to pay saved!')).toBeVisible();
  await expect(dialog).toBeHidden();
  const open = page.getByRole('group', { name: `Open promise on ${accountTitle}` });
  await expect(open).toContainText('Promise to pay $50.00');
  await expect(open).toContainText('Unconfirmed');

  // /promises: Unconfirmed, then Confirmed; axe on the page with its row.
  let table = await openPromises(page, customer.accountNumber);
  let row = table.getByRole('row', { name: new RegExp(customer.name) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Unconfirmed');
  await expect(row).toContainText('$50.00');
  await expect(row).toContainText('Open');
  expect(await findBlockingViolations(page)).toEqual([]);
  await row
    .getByRole('button', { name: `Confirm the promise of ${customer.name} on ${accountTitle}` })
    .click();
  await expect(row.getByText('Confirmed', { exact: true })).toBeVisible();
  await expect(row.getByText('Unconfirmed')).toHaveCount(0);

  // One open promise per account: this one is cancelled (after asking) before a payment is scheduled.
  await row
    .getByRole('button', { name: `Cancel the promise of ${customer.name} on ${accountTitle}` })
    .click();
  await page
    .getByRole('dialog', { name: 'Cancel Promise' })
    .getByRole('button', { name: 'Cancel Promise' })
    .click();
  await expect(row).toContainText('Cancelled');

  // A scheduled payment with the saved card: Confirmed from the start.
  await page.goto(customerPath);
  await page.getByRole('button', { name: `Promise to Pay on ${accountTitle}` }).click();
  dialog = page.getByRole('dialog', { name: 'Promise to Pay' });
  await dialog.getByLabel('Date').fill(promiseDay());
  await dialog.getByLabel('Time').fill('11:30');
  await dialog.getByLabel('Amount').fill('75.00');
  const visa = dialog.getByLabel('Payment Method').locator('option', { hasText: 'Promise Visa' });
  await dialog.getByLabel('Payment Method').selectOption((await visa.getAttribute('value'))!);
  await expect(dialog.getByText('This schedules a payment')).toBeVisible();
  expect(await findBlockingViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Schedule Payment' }).click();
  await expect(page.getByText('Payment scheduled!')).toBeVisible();
  await expect(open).toContainText('Scheduled payment of $75.00');
  await expect(open).toContainText('Confirmed');

  table = await openPromises(page, customer.accountNumber);
  row = table.getByRole('row').filter({ hasText: 'Promise Visa' });
  await expect(row).toContainText('Confirmed');
  await expect(row).toContainText('$75.00');
  await expect(row).toContainText('Open');
  expect(await findBlockingViolations(page)).toEqual([]);
  await row
    .getByRole('button', { name: `Cancel the scheduled payment of ${customer.name} on ${accountTitle}` })
    .click();
  await page
    .getByRole('dialog', { name: 'Cancel Scheduled Payment' })
    .getByRole('button', { name: 'Cancel Scheduled Payment' })
    .click();
  await expect(row).toContainText('Cancelled');
  await expect(page.getByText('Scheduled payment cancelled.')).toBeVisible();
});
