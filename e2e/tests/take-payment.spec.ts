import { expect, test, type Locator, type Page } from '@playwright/test';
import { findBlockingViolations } from '../src/axe';
import { demoUsers } from '../src/demo';
import { signIn } from '../src/session';
import { mainNavigation } from '../src/team';

// Issue 16 on the customer page: staff take a cash payment and a card payment on a demo account; the
// payments list shows them PAID, the amount due drops, a credit card shows its convenience fee, and the
// take-payment form passes axe; Request Payment texts a pay link. Demo customer DM-1013 has a Visa credit
// card saved at the sandbox (apps/api/src/db/seed/demo-payments.ts); no other journey pays on ACC-5013.
const customerId = 'DM-1013';
const accountTitle = 'Account ACC-5013';

async function openDemoCustomer(page: Page) {
  await mainNavigation(page).getByRole('link', { name: 'Customers' }).click();
  await expect(page).toHaveURL(/\/merchants\/[0-9a-f-]{36}\/customers/);
  await page.getByLabel('Search by').selectOption({ label: 'Customer ID' });
  await page.getByLabel('Search customers').fill(customerId);
  await page.getByLabel('Search customers').press('Enter');
  const row = page.getByRole('row', { name: new RegExp(customerId) });
  await row.getByRole('link').first().click();
  await expect(page.getByRole('region', { name: accountTitle, exact: true })).toBeVisible();
}

/** The account card's Amount Due, in cents. */
async function amountDueCents(page: Page): Promise<number> {
  const card = page.getByRole('region', { name: accountTitle, exact: true });
  const text = await card
    .getByText('Amount Due', { exact: true })
    .locator('xpath=following-sibling::dd')
    .innerText();
  return Math.round(Number(text.replace(/[$,]/g, '')) * 100);
}

async function openTakePayment(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: `Take Payment on ${accountTitle}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Take Payment' });
  await expect(dialog.getByLabel('Pay With')).toBeVisible();
  return dialog;
}

async function takePayment(dialog: Locator, amount: string, payWith: string) {
  await dialog.getByLabel('Amount').fill(amount);
  await dialog.getByLabel('Pay With').selectOption({ label: payWith });
}

test('staff take a cash payment and a credit card payment with its fee on a demo account', async ({
  page,
}) => {
  await signIn(page, demoUsers.staff);
  await openDemoCustomer(page);
  const payments = page.getByRole('table', { name: `Payments on ${accountTitle}` });
  // The demo's history is there before anything is taken.
  await expect(payments.getByRole('row', { name: /Paid/ }).first()).toBeVisible();
  const dueBefore = await amountDueCents(page);

  // Cash: paid at once; the list shows it and the amount due drops by it.
  let dialog = await openTakePayment(page);
  expect(await findBlockingViolations(page)).toEqual([]);
  await takePayment(dialog, '25.00', 'Cash');
  await dialog.getByRole('button', { name: 'Take Payment' }).click();
  let confirmation = dialog.getByRole('status', { name: 'Payment taken' });
  await expect(confirmation).toContainText('Paid');
  await expect(confirmation).toContainText('$25.00');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  const cashRow = payments.getByRole('row').nth(1);
  await expect(cashRow).toContainText('Cash');
  await expect(cashRow).toContainText('$25.00');
  await expect(cashRow).toContainText('Paid');
  await expect.poll(() => amountDueCents(page)).toBe(dueBefore - 2_500);

  // A saved Visa credit card: the fee is its own line, on the form and in the confirmation.
  dialog = await openTakePayment(page);
  await takePayment(dialog, '10.00', 'Visa ****4242');
  await expect(dialog.getByText('Convenience Fee')).toBeVisible();
  expect(await findBlockingViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Take Payment' }).click();
  confirmation = dialog.getByRole('status', { name: 'Payment taken' });
  await expect(confirmation).toContainText('Paid');
  // The demo's processing accounts charge 2.95 % on credit: $0.30 on $10.00.
  await expect(confirmation).toContainText('$0.30');
  await expect(confirmation).toContainText('$10.30');
  await dialog.getByRole('button', { name: 'Done' }).click();
  const cardRow = payments.getByRole('row').nth(1);
  await expect(cardRow).toContainText('Visa •••• 4242');
  await expect(cardRow).toContainText('$10.30');
  await expect(cardRow).toContainText('Paid');
  await expect.poll(() => amountDueCents(page)).toBe(dueBefore - 3_500);
});

test('staff request a payment: the customer is texted a pay link, shown in their messages', async ({
  page,
}) => {
  await signIn(page, demoUsers.staff);
  await openDemoCustomer(page);
  await page.getByRole('button', { name: `Request Payment on ${accountTitle}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Request Payment' });
  expect(await findBlockingViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Send Request' }).click();
  await expect(dialog.getByText('Payment request sent')).toBeVisible();
  const link = (await dialog.getByText(/\/pay\/[A-Za-z0-9_-]{43}$/).innerText()).trim();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  // The PAYMENTREQUEST text carries that very link.
  await page.getByRole('link', { name: 'Messages' }).click();
  await expect(page.getByText(/has sent you a request to pay/).last()).toContainText(link);
});
