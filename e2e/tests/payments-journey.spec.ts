import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { findBlockingViolations } from '../src/axe';
import { demoUsers } from '../src/demo';
import { signIn } from '../src/session';
import { mainNavigation } from '../src/team';

// Issue 17's journey in one go, as an admin at the counter lives it: a card payment, part of it refunded with the
// fee kept, the receipt downloaded (the PDF shows the fee line and the refund), a promise with a scheduled
// payment that shows Confirmed on /promises, and the payment moved to the account it belonged on; axe on each
// page. Demo customer DM-1031 has a Visa credit card saved at the sandbox (apps/api/src/db/seed/demo-payments.ts)
// and no open promise; no other journey uses DM-1031 / ACC-5031 or ACC-5032.
const customerId = 'DM-1031';
const accountTitle = 'Account ACC-5031';
const targetAccount = 'ACC-5032';

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

async function pdfText(path: string): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(await readFile(path)));
  return (await extractText(document, { mergePages: true })).text;
}

/** A date a few days ahead as the date input takes it (MM/DD/YYYY): far enough that the time zone never matters. */
function daysAhead(days: number): string {
  const [year, month, day] = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10).split('-');
  return `${month}/${day}/${year}`;
}

test('card payment, partial refund with the fee kept, receipt, scheduled promise Confirmed, payment moved', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, demoUsers.admin);
  await openDemoCustomer(page);
  const payments = page.getByRole('table', { name: `Payments on ${accountTitle}` });

  // A $40.00 payment on the saved Visa credit card: 2.95 % fee ($1.18), $41.18 in all.
  await page.getByRole('button', { name: `Take Payment on ${accountTitle}` }).click();
  const take = page.getByRole('dialog', { name: 'Take Payment' });
  await take.getByLabel('Amount').fill('40.00');
  await take.getByLabel('Pay With').selectOption({ label: 'Visa ****4242' });
  expect(await findBlockingViolations(page)).toEqual([]);
  await take.getByRole('button', { name: 'Take Payment' }).click();
  await expect(take.getByRole('status', { name: 'Payment taken' })).toContainText('$41.18');
  await take.getByRole('button', { name: 'Done' }).click();
  await expect(take).toBeHidden();

  // $15.00 back, the fee kept.
  await payments.getByRole('button', { name: 'Refund Visa •••• 4242 $41.18' }).first().click();
  const refund = page.getByRole('dialog', { name: 'Refund Payment' });
  await refund.getByLabel('Amount to refund from Visa •••• 4242').first().fill('15.00');
  await refund.getByRole('radio', { name: 'Keep the fee' }).first().check();
  expect(await findBlockingViolations(page)).toEqual([]);
  await refund.getByRole('button', { name: 'Refund $15.00' }).click();
  await expect(refund.getByRole('status')).toHaveText('Refunded $15.00');
  await refund.getByRole('button', { name: 'Done' }).click();
  await expect(payments.getByText('Partially refunded: $15.00')).toBeVisible();

  // The receipt: method, fee line, total and the refund.
  const actions = page.getByRole('button', { name: 'Actions for the payment of $41.18 · Visa •••• 4242' });
  await actions.click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Download Receipt' }).click();
  const text = await pdfText(await (await download).path());
  for (const expected of ['Visa •••• 4242', 'Convenience fee', '$1.18', '$41.18', 'Refund', '$15.00']) {
    expect(text).toContain(expected);
  }

  // A scheduled payment of $25.00 on the saved card in three days: Confirmed at once.
  const when = daysAhead(3);
  await page.getByRole('button', { name: `Promise to Pay on ${accountTitle}` }).click();
  const promise = page.getByRole('dialog', { name: 'Promise to Pay' });
  await promise.getByLabel('Date').fill(when);
  await promise.getByLabel('Time').fill('10:00');
  await promise.getByLabel('Amount').fill('25.00');
  const card = promise.getByLabel('Payment Method').locator('option', { hasText: '4242' });
  await promise.getByLabel('Payment Method').selectOption((await card.getAttribute('value'))!);
  await expect(promise.getByText('This schedules a payment')).toBeVisible();
  expect(await findBlockingViolations(page)).toEqual([]);
  await promise.getByRole('button', { name: 'Schedule Payment' }).click();
  await expect(promise).toBeHidden();
  // A toast on screen is inside the Notifications landmark like the rest of the page (axe 'region').
  await expect(page.getByRole('alert').filter({ hasText: 'Payment scheduled!' })).toBeVisible();
  expect(await findBlockingViolations(page)).toEqual([]);
  await expect(page.getByRole('group', { name: `Open promise on ${accountTitle}` })).toContainText(
    'Confirmed',
  );

  await mainNavigation(page).getByRole('link', { name: 'Promises', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Promises' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search' }).fill('ACC-5031');
  const row = page.getByRole('table', { name: 'Promises' }).getByRole('row', { name: /ACC-5031/ });
  await expect(row).toContainText('Confirmed');
  await expect(row).toContainText('$25.00');
  expect(await findBlockingViolations(page)).toEqual([]);

  // The payment belonged on another account: moved, principal only.
  await page.goBack();
  await expect(page.getByRole('region', { name: accountTitle, exact: true })).toBeVisible();
  await actions.click();
  await page.getByRole('menuitem', { name: 'Move Payment' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Move Payment' })).toBeVisible();
  const target = page.getByRole('combobox', { name: /Move to account/ });
  await target.fill(targetAccount);
  await page.getByRole('option', { name: new RegExp(`Account ${targetAccount}`) }).click();
  expect(await findBlockingViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Move Payment' }).click();
  await page.getByRole('dialog', { name: 'Move Payment' }).getByRole('button', { name: 'Move' }).click();
  const moved = page.getByRole('status').filter({ hasText: 'moved from' });
  // What is left of the principal after the refund moves: $40.00 − $15.00.
  await expect(moved).toContainText(`$25.00 moved from ${accountTitle}`);
  await expect(moved).toContainText(`to Account ${targetAccount}`);
});
