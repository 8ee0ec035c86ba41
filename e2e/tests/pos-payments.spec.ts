import { expect, test, type Page } from '@playwright/test';
import { findBlockingViolations } from '../src/axe';
import { demoUsers } from '../src/demo';
import { logOut, signIn } from '../src/session';
import { mainNavigation } from '../src/team';

// Issue 16 item 4 at the counter: staff take a down payment on the Misc Payments page (axe on the list, the
// form and the confirmation), and a card-present payment on a demo account through the sandbox's simulated
// reader; then an admin refunds part of the down payment there (axe on the open Refund modal) and the list
// shows the refund beside it. Demo customers DM-1025 (misc) and DM-1020 / ACC-5020 (card present) are used by
// no other journey.
const miscCustomer = 'DM-1025';
const readerCustomer = 'DM-1020';
const readerAccount = 'Account ACC-5020';

async function openCustomer(page: Page, externalId: string, accountTitle: string) {
  await mainNavigation(page).getByRole('link', { name: 'Customers' }).click();
  await expect(page).toHaveURL(/\/merchants\/[0-9a-f-]{36}\/customers/);
  await page.getByLabel('Search by').selectOption({ label: 'Customer ID' });
  await page.getByLabel('Search customers').fill(externalId);
  await page.getByLabel('Search customers').press('Enter');
  await page
    .getByRole('row', { name: new RegExp(externalId) })
    .getByRole('link')
    .first()
    .click();
  await expect(page.getByRole('region', { name: accountTitle, exact: true })).toBeVisible();
}

test('staff take a down payment and a card-present payment; an admin refunds part of the down payment', async ({
  page,
}) => {
  await signIn(page, demoUsers.staff);

  // Misc Payments: the demo's down payments are listed; the page passes axe.
  await mainNavigation(page).getByRole('link', { name: 'Misc Payments' }).click();
  await expect(page).toHaveURL(/\/merchants\/[0-9a-f-]{36}\/misc-payment$/);
  const table = page.getByRole('table', { name: 'Misc Payments' });
  await expect(table.getByRole('row', { name: /Down payment/ }).first()).toBeVisible();
  // The pointer still rests on the link it clicked: its hover colours pass too (theme.ts).
  expect(await findBlockingViolations(page)).toEqual([]);

  // A check down payment for a customer found by Customer ID.
  await page.getByRole('link', { name: 'New Misc Payment' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New Misc Payment' })).toBeVisible();
  await page.getByRole('button', { name: 'Take Payment' }).click();
  await expect(page.getByText('Amount Due is Required')).toBeVisible();
  expect(await findBlockingViolations(page)).toEqual([]);
  const customerBox = page.getByRole('combobox', { name: /Customer/ });
  await customerBox.fill(miscCustomer);
  const option = page.getByRole('option', { name: new RegExp(miscCustomer) });
  const customerName = (await option.innerText()).split(' · ')[0]!;
  await option.click();
  await page.getByRole('textbox', { name: /Amount/ }).fill('0.50');
  await page.getByRole('button', { name: 'Take Payment' }).click();
  await expect(page.getByText('Payment must be larger than $1.00')).toBeVisible();
  await page.getByRole('textbox', { name: /Amount/ }).fill('1200.00');
  await page.getByRole('combobox', { name: /Paid With/ }).selectOption({ label: 'Check' });
  await page.getByRole('textbox', { name: 'Check Number' }).fill('3301');
  await page.getByRole('button', { name: 'Take Payment' }).click();
  const confirmation = page.getByRole('status', { name: 'Payment taken' });
  await expect(confirmation).toContainText('Paid');
  await expect(confirmation).toContainText('$1,200.00');
  await expect(confirmation).toContainText('Check 3301');
  expect(await findBlockingViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Done' }).click();
  const newest = table.getByRole('row').nth(1);
  await expect(newest).toContainText(customerName);
  await expect(newest).toContainText('Check 3301');
  await expect(newest).toContainText('$1,200.00');
  await expect(newest).toContainText('Taylor Staff');
  // Staff may not refund (is_payment_refund_allowed): no Refund on the list.
  await expect(table.getByRole('button', { name: /^Refund/ })).toHaveCount(0);

  // Card present: the payment waits on the reader; the sandbox reader presents a Visa credit; paid, no fee.
  await openCustomer(page, readerCustomer, readerAccount);
  await page.getByRole('button', { name: `Take Payment on ${readerAccount}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Take Payment' });
  await dialog.getByLabel('Amount').fill('40.00');
  await dialog.getByLabel('Pay With').selectOption({ label: 'Card Present' });
  await expect(dialog.getByRole('group', { name: 'Fee and total' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Take Payment' }).click();
  const reader = dialog.getByRole('region', { name: 'Card reader' });
  await expect(reader.getByText('Waiting for the card reader')).toBeVisible();
  await reader.getByRole('button', { name: 'Visa credit (approved)' }).click();
  const taken = dialog.getByRole('status', { name: 'Payment taken' });
  await expect(taken).toContainText('Paid');
  await expect(taken).toContainText('Card present');
  await expect(taken).toContainText('$40.00');
  await dialog.getByRole('button', { name: 'Done' }).click();
  const firstRow = page
    .getByRole('table', { name: `Payments on ${readerAccount}` })
    .getByRole('row')
    .nth(1);
  await expect(firstRow).toContainText('Card present');
  await expect(firstRow).toContainText('$40.00');
  await expect(firstRow).toContainText('Paid');

  // An admin refunds part of the down payment on Misc Payments; the refund's row stands beside it.
  await logOut(page, demoUsers.staff);
  await signIn(page, demoUsers.admin);
  await mainNavigation(page).getByRole('link', { name: 'Misc Payments' }).click();
  await table.getByRole('button', { name: 'Refund Check 3301 $1,200.00' }).click();
  const refund = page.getByRole('dialog', { name: 'Refund Payment' });
  const refundAmount = refund.getByRole('textbox', { name: 'Amount to refund from Check 3301' });
  await expect(refundAmount).toHaveValue('1200.00');
  expect(await findBlockingViolations(page)).toEqual([]);
  await refundAmount.fill('200.00');
  await refund.getByRole('button', { name: 'Refund $200.00' }).click();
  await expect(refund.getByRole('status')).toHaveText('Refunded $200.00');
  await refund.getByRole('button', { name: 'Done' }).click();
  await expect(refund).toBeHidden();
  const [refundRow, paidRow] = [table.getByRole('row').nth(1), table.getByRole('row').nth(2)];
  await expect(refundRow).toContainText('Check 3301');
  await expect(refundRow).toContainText('$200.00');
  await expect(refundRow).toContainText('Refund of a misc payment · by Alex Admin');
  await expect(paidRow).toContainText('$1,200.00');
  await expect(paidRow).toContainText('Partially refunded: $200.00');
  await expect(paidRow.getByRole('button', { name: 'Refund Check 3301 $1,200.00' })).toBeVisible();
});
