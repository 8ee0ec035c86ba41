import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { findBlockingViolations } from '../src/axe';
import { demoUsers } from '../src/demo';
import { signIn } from '../src/session';
import { chooseOption, demoMerchantId, mainNavigation } from '../src/team';

// Issue 16 item 7: the payment report lists a payment taken today, keeps its filters in the address across a
// reload, and exports it as a CSV; Home's recent payments list it too. axe on the report.

/** Calls the API as the user signed in on `page` and answers the JSON body (status checked). */
async function api<T>(page: Page, method: 'GET' | 'POST', path: string, data?: unknown, headers = {}) {
  const token = await page.evaluate(() => window.localStorage.getItem('paylane.access_token'));
  const response = await page.request.fetch(path, {
    method,
    data,
    headers: { Authorization: `Bearer ${token}`, ...headers },
  });
  const body = (await response.json()) as T;
  expect(response.status(), JSON.stringify(body)).toBe(method === 'POST' ? 201 : 200);
  return body;
}

/** A customer no other journey uses, with an account owing $100, paid $12.34 in cash today. */
async function customerPaidInCash(page: Page, merchantId: string) {
  const base = `/api/merchants/${merchantId}`;
  const tag = String(Date.now() % 1_000_000);
  const locations = await api<{ results: { id: string }[] }>(
    page,
    'GET',
    `${base}/merchant_locations/?page=1&page_size=1000`,
  );
  const customer = await api<{ id: string; accounts: { id: string }[] }>(page, 'POST', `${base}/customers/`, {
    first_name: 'Paula',
    last_name: `Report${tag}`,
    location: locations.results[0]!.id,
    account: { external_id: `PR-${tag}`, amount_due: '100.00' },
  });
  await api(
    page,
    'POST',
    `${base}/customers/${customer.id}/accounts/${customer.accounts[0]!.id}/transactions/`,
    { amount: '12.34', method_kind: 'cash', note: 'Journey payment' },
    { 'Idempotency-Key': `journey-${tag}` },
  );
  return { lastName: `Report${tag}`, accountNumber: `PR-${tag}` };
}

test('the payment report lists, keeps and exports a payment taken today', async ({ page }) => {
  await signIn(page, demoUsers.admin);
  const merchantId = await demoMerchantId(page);
  const paid = await customerPaidInCash(page, merchantId);

  await page.goto('/');
  const recent = page.getByRole('region', { name: 'Recent Payments' });
  await recent.getByRole('textbox', { name: 'Search recent payments' }).fill(paid.lastName);
  await expect(recent.getByRole('row', { name: new RegExp(paid.lastName) })).toContainText('$12.34');

  await mainNavigation(page).getByRole('link', { name: 'Payment Report' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Report' })).toBeVisible();
  await chooseOption(page, page.getByRole('combobox', { name: 'Date range' }), 'Today');
  await chooseOption(page, page.getByRole('combobox', { name: 'Status' }), 'Paid');
  await page.keyboard.press('Escape');
  await page.getByRole('textbox', { name: 'Search', exact: true }).fill(paid.lastName);
  const row = page
    .getByRole('table', { name: 'Payments' })
    .getByRole('row', { name: new RegExp(paid.lastName) });
  await expect(row).toContainText(paid.accountNumber);
  await expect(row).toContainText('$12.34');
  await expect(row).toContainText('Paid');
  await expect(row).toContainText(demoUsers.admin.name);
  await expect(page).toHaveURL(/range=today/);
  await expect(page).toHaveURL(/status=PAID/);
  await expect(page).toHaveURL(new RegExp(`like=${paid.lastName}`));

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Search', exact: true })).toHaveValue(paid.lastName);
  await expect(row).toContainText('$12.34');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const file = await (await download).path();
  const csv = await readFile(file, 'utf8');
  expect(csv).toContain(paid.lastName);
  expect(csv).toContain('12.34');

  await row.getByRole('link', { name: new RegExp(paid.lastName) }).click();
  await expect(page).toHaveURL(new RegExp(`/merchants/${merchantId}/customers/`));
});

test('the payment report, with Custom days open, has no accessibility violations', async ({ page }) => {
  await signIn(page, demoUsers.staff);
  await page.goto('/payment-report');
  await expect(page.getByRole('heading', { name: 'Payment Report' })).toBeVisible();
  await chooseOption(page, page.getByRole('combobox', { name: 'Date range' }), 'Custom');
  await expect(page.getByRole('group', { name: 'Date range: custom days' })).toBeVisible();
  // A chosen status shows its pill and the clear button.
  await chooseOption(page, page.getByRole('combobox', { name: 'Status' }), 'Paid');
  await page.keyboard.press('Escape');
  await page.waitForLoadState('networkidle');
  expect(await findBlockingViolations(page)).toEqual([]);
});
