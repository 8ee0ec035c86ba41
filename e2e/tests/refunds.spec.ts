import { expect, test, type Page } from '@playwright/test';
import { findBlockingViolations } from '../src/axe';
import { demoUsers } from '../src/demo';
import { signIn } from '../src/session';
import { mainNavigation } from '../src/team';

// Issue 17 on the customer page: an admin takes a card payment, refunds part of it with the convenience fee
// kept, and sees the refund beside its payment while the amount due rises by it; axe on the Refund modal and
// the list. Demo customer DM-1007 has a Visa credit card saved at the sandbox
// (apps/api/src/db/seed/demo-payments.ts) and no other journey pays on account ACC-5007.
const customerId = 'DM-1007';
const accountTitle = 'Account ACC-5007';

async function openDemoCustomer(page: Page) {
  await mainNavigation(page).getByRole('link', { name: 'Customers', exact: true }).click();
  await page.getByLabel('Search by').selectOption({ label: 'Customer ID' });
  await page.getByLabel('Search customers').fill(customerId);
  await page.getByLabel('Search customers').press('Enter');
  await page
    .getByRole('row', { name: new RegExp(customerId) })
    .getByRole('link')
    .first()
    .click();
  await expect(page.getByRole('region', { name: accountTitle, exact: true })).toBeVisible();
}

async function amountDueCents(page: Page): Promise<number> {
  const text = await page
    .getByRole('region', { name: accountTitle, exact: true })
    .getByText('Amount Due', { exact: true })
    .locator('xpath=following-sibling::dd')
    .innerText();
  return Math.round(Number(text.replace(/[$,]/g, '')) * 100);
}

test('an admin refunds part of a card payment with the fee kept', async ({ page }) => {
  await signIn(page, demoUsers.admin);
  await openDemoCustomer(page);
  const payments = page.getByRole('table', { name: `Payments on ${accountTitle}` });

  const take = page.getByRole('dialog', { name: 'Take Payment' });
  await page.getByRole('button', { name: `Take Payment on ${accountTitle}` }).click();
  await take.getByLabel('Amount').fill('40.00');
  await take.getByLabel('Pay With').selectOption({ label: 'Visa ****4242' });
  await take.getByRole('button', { name: 'Take Payment' }).click();
  await expect(take.getByRole('status', { name: 'Payment taken' })).toContainText('Paid');
  await take.getByRole('button', { name: 'Done' }).click();
  await expect(take).toBeHidden();
  const dueAfterPayment = await amountDueCents(page);

  // 2.95 % of $40.00 is $1.18: the payment's total is $41.18.
  await payments.getByRole('button', { name: 'Refund Visa •••• 4242 $41.18' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Refund Payment' });
  const amount = dialog.getByLabel('Amount to refund from Visa •••• 4242').first();
  await expect(amount).toHaveValue('40.00');
  await amount.fill('15.00');
  await dialog.getByRole('button', { name: 'Refund $15.00' }).click();
  await expect(
    dialog.getByText('Choose whether the convenience fee is returned or kept.').first(),
  ).toBeVisible();
  expect(await findBlockingViolations(page)).toEqual([]);
  await dialog.getByRole('radio', { name: 'Keep the fee' }).first().check();
  await dialog.getByRole('button', { name: 'Refund $15.00' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Refunded $15.00');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  const refundRow = payments.getByRole('row').nth(1);
  await expect(refundRow).toContainText('Refund');
  await expect(refundRow).toContainText('$15.00');
  await expect(refundRow).toContainText('fee kept');
  await expect(payments.getByText('Partially refunded: $15.00')).toBeVisible();
  await expect.poll(() => amountDueCents(page)).toBe(dueAfterPayment + 1_500);
  expect(await findBlockingViolations(page)).toEqual([]);
});
