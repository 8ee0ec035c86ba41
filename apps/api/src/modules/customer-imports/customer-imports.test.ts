import { and, count, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toE164Phone } from '@paylane/shared/validation';
import { accounts, customerEvents, customers } from '../../db/schema';
import type { TestApp } from '../../test/app';
import {
  goodRow,
  importHeaders,
  phoneOf,
  suggestedMapping,
  toCsv,
  twentyRowFile,
  uploadFile,
  waitForImport,
  openImportTest,
} from './customer-imports.fixtures';

describe('CSV customer import', () => {
  let t: TestApp;
  let merchantId: string;
  let base: string;
  let staff: string;

  beforeAll(async () => {
    ({ t, merchantId, base, staff } = await openImportTest());
  });
  afterAll(() => t.close());

  const upload = (content: string | Uint8Array, name?: string) => uploadFile(t, base, staff, content, name);
  const map = (id: string, mapping: Record<string, string | null>) =>
    t.request(`${base}${id}/mapping/`, { method: 'PUT', token: staff, json: { mapping } });
  const start = (id: string) => t.request(`${base}${id}/start/`, { method: 'POST', token: staff });

  const importedCustomers = async (prefix: string) =>
    t.database.db
      .select()
      .from(customers)
      .where(and(eq(customers.merchantId, merchantId), like(customers.externalId, `${prefix}-%`)));

  it('imports the 17 good rows of 20, reports the 3 bad ones, and a re-import updates them', async () => {
    const uploaded = await upload(twentyRowFile());
    expect(uploaded.status).toBe(201);
    expect(uploaded.body).toMatchObject({
      file_name: 'customers.csv',
      status: 'uploaded',
      headers: importHeaders,
      mapping: null,
      suggested_mapping: suggestedMapping,
      total_rows: 20,
      valid_rows: 0,
      invalid_rows: 0,
      progress: 0,
    });
    expect(uploaded.body.sample_rows).toEqual(
      [1, 2, 3, 4, 5].map((n) => (n === 4 ? expect.any(Array) : goodRow(n))),
    );
    const id = uploaded.body.id;

    const mapped = await map(id, suggestedMapping);
    expect(mapped.status).toBe(200);
    expect(mapped.body).toMatchObject({
      status: 'validated',
      total_rows: 20,
      valid_rows: 17,
      invalid_rows: 3,
    });
    const errors = await t.request(`${base}${id}/rows/?errors_only=true`, { token: staff });
    expect(errors.status).toBe(200);
    expect(errors.body.count).toBe(3);
    expect(
      errors.body.results.map((row: { row_number: number; errors: unknown }) => [row.row_number, row.errors]),
    ).toEqual([
      [4, { email: ['Email is not valid'] }],
      [11, { sms_phone_number: ['Phone number is not valid'] }],
      [17, { amount_due: ['Amount Due is Required'] }],
    ]);
    expect(errors.body.results[0].values).toMatchObject({
      'Customer ID': 'IMP-00004',
      Email: 'not-an-email',
    });

    const started = await start(id);
    expect(started.status).toBe(202);
    expect(started.body.status).toBe('queued');
    const done = await waitForImport(t, `${base}${id}/`, staff);
    expect(done).toMatchObject({
      status: 'completed',
      valid_rows: 17,
      invalid_rows: 3,
      processed_rows: 17,
      created_count: 17,
      updated_count: 0,
      progress: 100,
      error_message: null,
    });
    const rows = await importedCustomers('IMP');
    expect(rows).toHaveLength(17);
    const first = rows.find((row) => row.externalId === 'IMP-00001');
    expect(first).toMatchObject({
      firstName: 'First1',
      email: 'person1@example.com',
      smsPhoneNumber: toE164Phone(phoneOf(1)),
      dateOfBirth: '1985-04-07',
    });
    const held = await t.database.db
      .select()
      .from(accounts)
      .where(
        inArray(
          accounts.customerId,
          rows.map((row) => row.id),
        ),
      );
    expect(held).toHaveLength(17);
    expect(held.find((account) => account.externalId === 'IMP-ACC-00003')).toMatchObject({
      amountDueCents: 125_050,
      dueDate: '2030-01-15',
      cadence: 'monthly',
      status: 'active',
      vehicleYear: 2019,
      customerId: rows.find((row) => row.externalId === 'IMP-00003')!.id,
    });
    expect(held.find((account) => account.externalId === 'IMP-ACC-00002')?.cadence).toBe('semimonthly');

    // The same file again: the same 17 customers are updated, none duplicated.
    const again = await upload(twentyRowFile());
    await map(again.body.id, suggestedMapping);
    expect((await start(again.body.id)).status).toBe(202);
    const redone = await waitForImport(t, `${base}${again.body.id}/`, staff);
    expect(redone).toMatchObject({
      status: 'completed',
      created_count: 0,
      updated_count: 17,
      processed_rows: 17,
    });
    expect(await importedCustomers('IMP')).toHaveLength(17);
    const [accountTotal] = await t.database.db
      .select({ total: count() })
      .from(accounts)
      .where(like(accounts.externalId, 'IMP-ACC-%'));
    expect(accountTotal?.total).toBe(17);
    // History: the first import created the customer; the same values again change nothing, so no event.
    const events = await t.database.db
      .select()
      .from(customerEvents)
      .where(and(eq(customerEvents.customerId, first!.id), eq(customerEvents.kind, 'customer.imported')));
    expect(events.map((event) => event.details)).toEqual([
      { import_id: id, row_number: 1, customer: 'created', account: 'created' },
    ]);
    expect(events[0]?.accountId).toBe(held.find((account) => account.externalId === 'IMP-ACC-00001')?.id);
  });

  it('reads a BOM, CRLF line ends and quoted fields with commas and line breaks', async () => {
    const row = goodRow(1, 'QUO');
    row[1] = 'Mary, Jr.';
    row[2] = 'O"Brien\nSmith';
    const answer = await upload(`\uFEFF${toCsv([importHeaders, row], '\r\n')}`);
    expect(answer.status).toBe(201);
    expect(answer.body.headers).toEqual(importHeaders);
    expect(answer.body.sample_rows).toEqual([row]);
    expect(answer.body.total_rows).toBe(1);
  });

  it('maps customers only when no account column is mapped', async () => {
    const rows = [importHeaders, goodRow(1, 'ONLY'), goodRow(2, 'ONLY')];
    const { id } = (await upload(toCsv(rows))).body;
    const mapped = await map(id, {
      external_id: 'Customer ID',
      first_name: 'First Name',
      last_name: 'Last Name',
    });
    expect(mapped.body).toMatchObject({ valid_rows: 2, invalid_rows: 0 });
    await start(id);
    expect(await waitForImport(t, `${base}${id}/`, staff)).toMatchObject({ created_count: 2 });
    const imported = await importedCustomers('ONLY');
    expect(imported.map((row) => [row.email, row.smsPhoneNumber])).toEqual([
      [null, null],
      [null, null],
    ]);
    const held = await t.database.db
      .select()
      .from(accounts)
      .where(
        inArray(
          accounts.customerId,
          imported.map((row) => row.id),
        ),
      );
    expect(held).toEqual([]);
  });
});
