// CSV files and calls the customer-import tests share.
import { eq } from 'drizzle-orm';
import { vi } from 'vitest';
import { merchants } from '../../db/schema';
import { createTestApp, type TestApp, type TestResponse } from '../../test/app';

export const importHeaders = [
  'Customer ID',
  'First Name',
  'Last Name',
  'Email',
  'Mobile',
  'Location',
  'Date of Birth',
  'Account Number',
  'Amount Due',
  'Due Date',
  'Cadence',
  'Status',
  'Year',
  'Make',
  'Model',
];

/** The mapping the page preselects for importHeaders. */
export const suggestedMapping = {
  external_id: 'Customer ID',
  first_name: 'First Name',
  last_name: 'Last Name',
  email: 'Email',
  sms_phone_number: 'Mobile',
  location: 'Location',
  date_of_birth: 'Date of Birth',
  account_external_id: 'Account Number',
  amount_due: 'Amount Due',
  due_date: 'Due Date',
  cadence: 'Cadence',
  status: 'Status',
  vehicle_year: 'Year',
  vehicle_make: 'Make',
  vehicle_model: 'Model',
};

/** The phone of good row n of a prefix: each prefix has its own exchange, so files never share phones. */
export function phoneOf(n: number, prefix = 'IMP'): string {
  const exchange = 200 + ([...prefix].reduce((sum, letter) => sum * 31 + letter.charCodeAt(0), 7) % 700);
  return `(469) ${exchange}-${String(n % 10000).padStart(4, '0')}`;
}

/** A good row n (1-based): its own customer id, phone and account number. */
export function goodRow(n: number, prefix = 'IMP'): string[] {
  const number = String(n).padStart(5, '0');
  return [
    `${prefix}-${number}`,
    `First${n}`,
    `Last${n}`,
    `person${n}@example.com`,
    phoneOf(n, prefix),
    n % 2 === 0 ? 'Demo Motors South' : 'demo motors north',
    '04/07/1985',
    `${prefix}-ACC-${number}`,
    n % 3 === 0 ? '$1,250.50' : '99.99',
    '2030-01-15',
    n % 2 === 0 ? 'Semi-monthly' : 'monthly',
    'active',
    '2019',
    'Toyota',
    'Camry',
  ];
}

const quote = (cell: string) => (/[",\n\r]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);
export const toCsv = (rows: string[][], eol = '\n') =>
  rows.map((row) => row.map(quote).join(',')).join(eol) + eol;

/** 20 rows; rows 4, 11 and 17 are bad (email, phone, amount due). */
export function twentyRowFile(): string {
  const rows = Array.from({ length: 20 }, (_, i) => goodRow(i + 1));
  rows[3]![3] = 'not-an-email';
  rows[10]![4] = '555-0000';
  rows[16]![8] = '';
  return toCsv([importHeaders, ...rows]);
}

export function uploadFile(
  t: TestApp,
  path: string,
  token: string,
  content: string | Uint8Array,
  fileName = 'customers.csv',
): Promise<TestResponse> {
  const body = new FormData();
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  body.append('file', new Blob([bytes], { type: 'text/csv' }), fileName);
  return t.request(path, { method: 'POST', token, body });
}

/** Waits for the import job to finish and answers the import. */
export async function waitForImport(t: TestApp, importPath: string, token: string) {
  return vi.waitFor(
    async () => {
      const answer = await t.request(importPath, { token });
      if (!['completed', 'failed'].includes(answer.body.status))
        throw new Error(`still ${answer.body.status}`);
      return answer.body;
    },
    { timeout: 30_000, interval: 100 },
  );
}

export type ImportTest = { t: TestApp; merchantId: string; base: string; staff: string };

/** The test app with workers, Demo Motors' import path and its staff member's token. */
export async function openImportTest(): Promise<ImportTest> {
  const t = await createTestApp({}, { jobs: true });
  const [merchant] = await t.database.db.select().from(merchants).where(eq(merchants.name, 'Demo Motors'));
  const merchantId = merchant!.id;
  const staff = await t.demoToken('staff');
  return { t, merchantId, base: `/api/merchants/${merchantId}/customer_imports/`, staff };
}
