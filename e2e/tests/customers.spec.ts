import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { inGroups, timeoutForPages, violationsOn } from '../src/axe';
import { demoUsers } from '../src/demo';
import {
  callAsSignedInUser,
  expectFieldErrors,
  expectRefused,
  fieldByLabel,
  fillFields,
  formMessages,
} from '../src/forms';
import { signIn } from '../src/session';
import { demoMerchantId } from '../src/team';

// Issue 4, done when: create a customer with bad then good input (the messages of docs/product.md §5 shown), find it by
// phone in the list, open it, add a note, link a co-borrower.

/** A phone number no other journey uses: (972) 6xx-xxxx from the clock. */
function uniquePhone(): { typed: string; digits: string } {
  const tail = String(Date.now() % 1_000_000).padStart(6, '0');
  const digits = `9726${tail}`;
  return { typed: `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`, digits };
}

async function openCreateCustomer(page: Page, merchantId: string) {
  await page.goto(`/merchants/${merchantId}/customers`);
  await page.getByRole('link', { name: 'Create Customer' }).click();
  await expect(page).toHaveURL(/\/customers\/create$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

test('a customer is created after bad input, found by phone, noted and given a co-borrower', async ({
  page,
}) => {
  await signIn(page, demoUsers.admin);
  const merchantId = await demoMerchantId(page);
  await openCreateCustomer(page, merchantId);

  // Bad input: every message of docs/product.md §5 beside its field, and nothing is created.
  await fillFields(page, { 'Last Name': 'Quinn', 'Mobile Phone': '555', Email: 'not-an-email' });
  await page.getByLabel('Add the first account').check();
  await page.getByRole('button', { name: 'Create Customer' }).click();
  await expectFieldErrors(page, {
    'First Name': formMessages.required,
    Location: formMessages.required,
    'Mobile Phone': formMessages.phone,
    Email: formMessages.email,
    'Amount Due': 'Amount Due is Required',
  });
  await expect(page).toHaveURL(/\/customers\/create$/);

  // The server's own rules: a phone and a customer id another customer holds (demo customer DM-1001).
  await fillFields(page, {
    'First Name': 'Rowan',
    'Mobile Phone': '(214) 555-0100',
    Email: 'rowan.quinn@example.com',
    'Customer ID': 'DM-1001',
    'Amount Due': '325.50',
  });
  await fieldByLabel(page, 'Location').selectOption({ label: 'Demo Motors North' });
  await page.getByRole('button', { name: 'Create Customer' }).click();
  await expectFieldErrors(page, {
    'Mobile Phone': 'Phone Number is Already in Use',
    'Customer ID': 'Customer with provided external ID already exists',
  });

  // The API refuses the same bad input with the same words.
  const location = await fieldByLabel(page, 'Location').inputValue();
  const refused = await callAsSignedInUser(page, {
    method: 'POST',
    path: `/api/merchants/${merchantId}/customers/`,
    data: { first_name: '', last_name: 'Quinn', sms_phone_number: '555', email: 'not-an-email', location },
  });
  await expectRefused(refused, {
    first_name: formMessages.required,
    sms_phone_number: formMessages.phone,
    email: formMessages.email,
  });

  // Good input: the customer page opens.
  const phone = uniquePhone();
  const customerId = `RQ-${Date.now()}`;
  await fillFields(page, { 'Mobile Phone': phone.typed, 'Customer ID': customerId });
  await page.getByRole('button', { name: 'Create Customer' }).click();
  await expect(page).toHaveURL(new RegExp(`/merchants/${merchantId}/customers/[0-9a-f-]{36}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Rowan Quinn' })).toBeVisible();
  await expect(page.getByText('$325.50')).toBeVisible();

  // Found by phone in the list, and opened from it.
  await page.goto(`/merchants/${merchantId}/customers`);
  await page.getByLabel('Search by').selectOption({ label: 'Phone Number' });
  await page.getByLabel('Search customers').fill(phone.digits.slice(0, 7));
  await page.getByLabel('Search customers').press('Enter');
  const row = page.getByRole('row', { name: /Rowan Quinn/ });
  await expect(row).toContainText(phone.typed);
  await expect(page.getByRole('row')).toHaveCount(2); // the header and the one customer
  await row.getByRole('link', { name: /Rowan Quinn/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Rowan Quinn' })).toBeVisible();

  // A note.
  await page.getByRole('link', { name: 'Notes' }).click();
  await fieldByLabel(page, 'Note').fill('Promised to bring the title on Friday.');
  await page.getByRole('button', { name: 'Add Note' }).click();
  await expect(page.getByRole('list', { name: 'Notes' })).toContainText(
    'Promised to bring the title on Friday.',
  );

  // A co-borrower: the demo's customer DM-1002 (James Williams).
  await page.getByRole('link', { name: 'Co-Borrowers' }).click();
  await page.getByRole('button', { name: /^Link Co-Borrower to/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Search customers').fill('DM-1002');
  await dialog.getByRole('button', { name: 'Link James Williams' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Remove James Williams' })).toBeVisible();

  // Both show in the customer's history.
  await page.getByRole('link', { name: 'History' }).click();
  await expect(page.getByText(/Promised to bring the title on Friday\./)).toBeVisible();
  await expect(page.getByText(/James Williams/).first()).toBeVisible();
});

/** 20 customers with an account each; rows 5, 11 and 17 break a rule of docs/product.md §5. */
function importCsv(run: string): string {
  const header = 'Customer ID,First Name,Last Name,Phone,Email,Account Number,Amount Due';
  const rows = Array.from({ length: 20 }, (_, i) => {
    const n = i + 1;
    const phone = `(469) 7${run.slice(-2)}-${String(1000 + n).slice(-4)}`;
    const email = n === 5 ? 'not-an-email' : `imported.${run}.${n}@example.com`;
    const last = n === 17 ? '' : `Imported${n}`;
    const typedPhone = n === 11 ? '555-01' : phone;
    return `IMP-${run}-${n},Casey,${last},${typedPhone},${email},IMPA-${run}-${n},${100 + n}.50`;
  });
  return [header, ...rows].join('\r\n');
}

async function importFile(page: Page, merchantId: string, csv: string): Promise<void> {
  await page.goto(`/merchants/${merchantId}/customers/import`);
  await page.getByLabel('CSV file').setInputFiles({
    name: 'customers.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await page.getByRole('button', { name: 'Check rows' }).click();
  await expect(page.getByText('17 rows ready, 3 rows with errors')).toBeVisible();
}

test('a CSV of 20 rows with 3 bad ones imports 17, reports 3, and re-imports without duplicates', async ({
  page,
}) => {
  await signIn(page, demoUsers.admin);
  const merchantId = await demoMerchantId(page);
  const run = String(Date.now() % 100_000).padStart(5, '0');
  const csv = importCsv(run);

  await importFile(page, merchantId, csv);
  const errors = page.getByRole('table', { name: 'Rows with errors' });
  await expect(errors.getByRole('row')).toHaveCount(4);
  await expect(errors.getByRole('row', { name: /^5 .*Email is not valid/ })).toBeVisible();
  await expect(errors.getByRole('row', { name: /^11 .*Phone number is not valid/ })).toBeVisible();
  await expect(errors.getByRole('row', { name: /^17 .*Required/ })).toBeVisible();
  const reportDownload = page.waitForEvent('download');
  await page
    .getByRole('button', { name: /error report/i })
    .first()
    .click();
  const report = readFileSync(await (await reportDownload).path(), 'utf8');
  expect(report).toContain('Email is not valid');
  expect(report).toContain('Phone number is not valid');

  await page.getByRole('button', { name: 'Import 17 customers' }).click();
  const result = page.getByRole('list', { name: 'Import result' });
  await expect(result).toContainText('Created: 17');
  await expect(result).toContainText('Updated: 0');
  await expect(result).toContainText('Skipped with errors: 3');

  // The same file again updates the 17 instead of adding them twice.
  await importFile(page, merchantId, csv);
  await page.getByRole('button', { name: 'Import 17 customers' }).click();
  await expect(result).toContainText('Created: 0');
  await expect(result).toContainText('Updated: 17');

  await page.goto(`/merchants/${merchantId}/customers`);
  await page.getByLabel('Search by').selectOption({ label: 'Customer ID' });
  await page.getByLabel('Search customers').fill(`IMP-${run}-`);
  await page.getByLabel('Search customers').press('Enter');
  await expect(page.getByRole('row', { name: /Casey Imported1\b/ })).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(18); // the header and 17 customers, once each
});

// A few pages per test (src/axe.ts): each test stays short, and the groups spread over the workers.
const customerToolPages: [string, (merchantId: string) => string, RegExp][] = [
  ['customer list', (id) => `/merchants/${id}/customers`, /Customers/],
  ['create customer', () => '/customers/create', /Customer/],
  ['import', (id) => `/merchants/${id}/customers/import`, /Import/],
  ['merge customers', () => '/tools/merge-customers', /Merge Customers/],
  ['merge accounts', () => '/tools/merge-accounts', /Merge Accounts/],
];
const customerTabs = ['', '/history', '/notes', '/co-borrowers', '/payment-methods', '/detail'];

test.describe('the customer pages and tools have no accessibility violations', () => {
  test(customerToolPages.map(([name]) => name).join(', '), async ({ page }) => {
    test.setTimeout(timeoutForPages(customerToolPages.length));
    await signIn(page, demoUsers.admin);
    const merchantId = await demoMerchantId(page);
    // The list is checked with its paging footer, which only shows past 50 customers.
    await ensureMoreThanOnePage(page, merchantId);
    const violations = [];
    for (const [, pathOf, heading] of customerToolPages) {
      violations.push(...(await violationsOn(page, pathOf(merchantId), heading)));
    }
    expect(violations).toEqual([]);
  });

  // The demo's first customer (Maria Garcia, DM-1001) on each tab of the customer page.
  for (const tabs of inGroups(customerTabs, customerTabs.length / 2)) {
    test(`customer page tabs ${tabs.map((tab) => tab || '/').join(', ')}`, async ({ page }) => {
      test.setTimeout(timeoutForPages(tabs.length + 1));
      await signIn(page, demoUsers.admin);
      const merchantId = await demoMerchantId(page);
      await page.goto(`/merchants/${merchantId}/customers`);
      await page.getByRole('link', { name: 'Maria Garcia' }).first().click();
      await expect(page.getByRole('heading', { level: 1, name: 'Maria Garcia' })).toBeVisible();
      const customerPath = new URL(page.url()).pathname;
      const violations = [];
      for (const tab of tabs)
        violations.push(...(await violationsOn(page, `${customerPath}${tab}`, /Maria Garcia/)));
      expect(violations).toEqual([]);
    });
  }
});

/** The list's paging footer only shows past 50 customers: add customers (API set-up) until it does. */
async function ensureMoreThanOnePage(page: Page, merchantId: string): Promise<void> {
  const token = await page.evaluate(() => window.localStorage.getItem('paylane.access_token'));
  const headers = { Authorization: `Bearer ${token}` };
  const api = `/api/merchants/${merchantId}`;
  const list = await (await page.request.get(`${api}/customers/?page_size=1`, { headers })).json();
  const locations = await (await page.request.get(`${api}/merchant_locations/`, { headers })).json();
  const run = String(Date.now() % 100_000).padStart(5, '0');
  for (let n = (list as { count: number }).count; n <= 50; n++) {
    const created = await page.request.post(`${api}/customers/`, {
      headers,
      data: {
        first_name: 'Paging',
        last_name: `Filler${n}`,
        external_id: `PG-${run}-${n}`,
        location: (locations as { results: { id: string }[] }).results[0]!.id,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
  }
}
