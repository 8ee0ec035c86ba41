import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, customers } from '../../db/schema';
import { toE164Phone } from '@paylane/shared/validation';
import type { TestApp } from '../../test/app';
import {
  goodRow,
  importHeaders,
  phoneOf,
  suggestedMapping,
  toCsv,
  uploadFile,
  waitForImport,
  openImportTest,
} from './customer-imports.fixtures';

type Row = { row_number: number; errors: Record<string, string[]> };

describe('CSV customer import: row rules, mapping, start and the error report', () => {
  let t: TestApp;
  let merchantId: string;
  let base: string;
  let staff: string;

  beforeAll(async () => {
    ({ t, merchantId, base, staff } = await openImportTest());
  });
  afterAll(() => t.close());

  const upload = (content: string | Uint8Array) => uploadFile(t, base, staff, content);
  const map = (id: string, mapping: Record<string, string | null>) =>
    t.request(`${base}${id}/mapping/`, { method: 'PUT', token: staff, json: { mapping } });
  const errorsOf = async (id: string) => {
    const answer = await t.request(`${base}${id}/rows/?errors_only=true&page_size=100`, { token: staff });
    return Object.fromEntries(answer.body.results.map((row: Row) => [row.row_number, row.errors]));
  };
  /** Uploads rows (header included) and maps them with the suggested mapping. */
  const uploadAndMap = async (
    rows: string[][],
    mapping: Record<string, string | null> = suggestedMapping,
  ) => {
    const uploaded = await upload(toCsv(rows));
    expect(uploaded.status).toBe(201);
    const mapped = await map(uploaded.body.id, mapping);
    expect(mapped.status).toBe(200);
    return mapped.body;
  };

  it('reports repeats in the file, the merchant’s phones and accounts, locations, dates and choices', async () => {
    const row = (n: number, change: (cells: string[]) => void = () => undefined) => {
      const cells = goodRow(n, 'RUL');
      change(cells);
      return cells;
    };
    const rows = [
      importHeaders,
      row(1),
      row(2, (c) => (c[0] = 'RUL-00001')), // customer id repeated
      row(3, (c) => (c[4] = phoneOf(1, 'RUL'))), // phone of row 1
      row(4, (c) => (c[4] = '(214) 555-0102')), // phone of demo customer DM-1003
      row(5, (c) => (c[7] = 'ACC-5003')), // account of DM-1003
      row(6, (c) => (c[5] = 'Nowhere Lot')),
      row(7, (c) => ((c[6] = '13/45/1990'), (c[9] = '02/30/2030'))),
      row(8, (c) => ((c[10] = 'Yearly'), (c[11] = 'archived'))),
      row(9, (c) => ((c[7] = ''), (c[1] = ''))),
      row(10, (c) => (c[7] = 'RUL-ACC-00001')), // account number of row 1
      ['DM-1001', 'Ana', 'Updated', '', '(214) 555-0100', '', '', 'ACC-5001', '10', '', '', '', '', '', ''],
      row(12, (c) => ((c[6] = '1985-04-07'), (c[9] = '1/5/2031'), (c[5] = ''))),
    ];
    const answer = await uploadAndMap(rows);
    expect(answer).toMatchObject({ total_rows: 12, valid_rows: 3, invalid_rows: 9 });
    expect(await errorsOf(answer.id)).toEqual({
      2: { external_id: ['Customer ID appears more than once in this file'] },
      3: { sms_phone_number: ['Phone number appears more than once in this file'] },
      4: { sms_phone_number: ['Phone Number is Already in Use'] },
      5: { account_external_id: ['Account with provided external ID already exists'] },
      6: { location: ['Customer does not belong to provided merchant location'] },
      7: { date_of_birth: ['Date is not valid'], due_date: ['Date is not valid'] },
      8: { cadence: ['Cadence is not valid'], status: ['Status is not valid'] },
      9: { first_name: ['Required'], account_external_id: ['Required'] },
      10: { account_external_id: ['Account number appears more than once in this file'] },
    });

    // Rows 1, 11 (DM-1001 keeps its own phone and account) and 12 (ISO and M/D/YYYY dates, default location).
    await t.request(`${base}${answer.id}/start/`, { method: 'POST', token: staff });
    expect(await waitForImport(t, `${base}${answer.id}/`, staff)).toMatchObject({
      status: 'completed',
      created_count: 2,
      updated_count: 1,
    });
    const [demo] = await t.database.db
      .select()
      .from(customers)
      .where(and(eq(customers.merchantId, merchantId), eq(customers.externalId, 'DM-1001')));
    expect(demo).toMatchObject({ lastName: 'Updated', smsPhoneNumber: '+12145550100' });
    // An empty cell of a mapped column clears the value; the location falls back to the default.
    expect(demo?.email).toBeNull();
    const [demoAccount] = await t.database.db
      .select()
      .from(accounts)
      .where(eq(accounts.externalId, 'ACC-5001'));
    expect(demoAccount).toMatchObject({ customerId: demo!.id, amountDueCents: 1000, cadence: null });
    const [twelve] = await t.database.db
      .select()
      .from(customers)
      .where(eq(customers.externalId, 'RUL-00012'));
    const [north] = await t.database.db
      .execute<{ id: string }>(`select id from locations where name = 'Demo Motors North'`)
      .then((result) => result.rows);
    expect(twelve).toMatchObject({ dateOfBirth: '1985-04-07', locationId: north!.id });
    const [twelveAccount] = await t.database.db
      .select()
      .from(accounts)
      .where(eq(accounts.externalId, 'RUL-ACC-00012'));
    expect(twelveAccount?.dueDate).toBe('2031-01-05');
  });

  it('refuses a voided customer’s id, and a customer without an account by the columns left unmapped', async () => {
    await t.database.db
      .update(customers)
      .set({ voidedAt: new Date() })
      .where(and(eq(customers.merchantId, merchantId), eq(customers.externalId, 'DM-1002')));
    const voided = ['DM-1002', 'Vic', 'Voided', '', '', '', '', '', '', '', '', '', '', '', ''];
    const answer = await uploadAndMap([importHeaders, voided]);
    expect(await errorsOf(answer.id)).toEqual({ 1: { external_id: ['This customer has been voided'] } });
  });

  it('records a row that became invalid after the preview as an error, and imports the rest', async () => {
    const answer = await uploadAndMap([
      importHeaders,
      goodRow(1, 'LAT'),
      goodRow(2, 'LAT'),
      goodRow(3, 'LAT'),
    ]);
    expect(answer).toMatchObject({ valid_rows: 3, invalid_rows: 0 });
    // Meanwhile someone creates a customer with row 2's phone.
    await t.database.db.insert(customers).values({
      merchantId,
      firstName: 'Quick',
      lastName: 'Taker',
      smsPhoneNumber: toE164Phone(phoneOf(2, 'LAT')),
    });
    await t.request(`${base}${answer.id}/start/`, { method: 'POST', token: staff });
    expect(await waitForImport(t, `${base}${answer.id}/`, staff)).toMatchObject({
      status: 'completed',
      valid_rows: 2,
      invalid_rows: 1,
      processed_rows: 2,
      created_count: 2,
      progress: 100,
    });
    expect(await errorsOf(answer.id)).toEqual({
      2: { sms_phone_number: ['Phone Number is Already in Use'] },
    });
  });

  it('writes the error report with the row’s cells, neutralising formulas', async () => {
    const bad = goodRow(1, 'REP');
    bad[1] = '=HYPERLINK("http://evil.test")';
    bad[3] = '@bad';
    bad[8] = '-5';
    const answer = await uploadAndMap([importHeaders, bad, goodRow(2, 'REP')]);
    const report = await t.request(`${base}${answer.id}/errors.csv`, { token: staff });
    expect(report.status).toBe(200);
    expect(report.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(report.headers.get('content-disposition')).toBe('attachment; filename="customers-errors.csv"');
    const cells = (message: string, field: string) =>
      [
        '1',
        field,
        message,
        'REP-00001',
        `'=HYPERLINK(""http://evil.test"")`,
        'Last1',
        `'@bad`,
        phoneOf(1, 'REP'),
        'demo motors north',
        '04/07/1985',
        'REP-ACC-00001',
        `'-5`,
        '2030-01-15',
        'monthly',
        'active',
        '2019',
        'Toyota',
        'Camry',
      ]
        .map((cell) => (/[",]/.test(cell) ? `"${cell}"` : cell))
        .join(',');
    expect(report.body).toBe(
      [
        ['Row', 'Field', 'Message', ...importHeaders].join(','),
        cells('Email is not valid', 'Email'),
        cells('Field must contain only decimal values', 'Amount Due'),
        '',
      ].join('\n'),
    );
  });

  it('answers each mapping mistake by field', async () => {
    const { id } = (await upload(toCsv([importHeaders, goodRow(1, 'MAP')]))).body;
    const unmapped = await map(id, {
      first_name: 'First Name',
      email: 'E-mail Address',
      due_date: 'Due Date',
    });
    expect(unmapped.status).toBe(400);
    expect(unmapped.body).toEqual({
      email: ['Not a column of this file'],
      external_id: ['Required'],
      last_name: ['Required'],
      account_external_id: ['Required'],
      amount_due: ['Required'],
    });
    const notAField = await t.request(`${base}${id}/mapping/`, {
      method: 'PUT',
      token: staff,
      json: { mapping: { nickname: 'First Name' } },
    });
    expect(notAField.status).toBe(400);
    expect((await t.request(`${base}${id}/`, { token: staff })).body.status).toBe('uploaded');
  });

  it('starts only a checked import, once, and refuses a new mapping after the start', async () => {
    const { id } = (await upload(toCsv([importHeaders, goodRow(1, 'STA'), goodRow(2, 'STA')]))).body;
    const early = await t.request(`${base}${id}/start/`, { method: 'POST', token: staff });
    expect(early.status).toBe(400);
    expect(early.body).toEqual({ non_field_errors: ['Map the columns and check the rows before importing'] });
    await map(id, suggestedMapping);
    const [first, second] = await Promise.all(
      [1, 2].map(() => t.request(`${base}${id}/start/`, { method: 'POST', token: staff })),
    );
    expect([first?.status, second?.status]).toEqual([202, 202]);
    const done = await waitForImport(t, `${base}${id}/`, staff);
    expect(done).toMatchObject({
      status: 'completed',
      created_count: 2,
      updated_count: 0,
      processed_rows: 2,
    });
    const again = await t.request(`${base}${id}/start/`, { method: 'POST', token: staff });
    expect(again.status).toBe(202);
    expect(again.body).toMatchObject({ status: 'completed', created_count: 2 });
    const remap = await map(id, suggestedMapping);
    expect(remap.status).toBe(409);
    expect(remap.body).toEqual({ detail: 'This import has already started' });
    const { rows } = await t.database.pool.query(
      `select count(*)::int as n from pgboss.job where data->>'import_id' = $1`,
      [id],
    );
    expect(rows[0].n).toBe(1);
  });

  it('lists the merchant’s imports and pages the preview rows', async () => {
    const rows = Array.from({ length: 7 }, (_, i) => goodRow(i + 1, 'PAG'));
    rows[5]![3] = 'nope';
    const answer = await uploadAndMap([importHeaders, ...rows]);
    const page = await t.request(`${base}${answer.id}/rows/?page=2&page_size=3`, { token: staff });
    expect(page.status).toBe(200);
    expect(page.body.count).toBe(7);
    expect(page.body.next).toBe(`${base}${answer.id}/rows/?page=3&page_size=3`);
    expect(page.body.results.map((row: Row) => [row.row_number, row.errors])).toEqual([
      [4, {}],
      [5, {}],
      [6, { email: ['Email is not valid'] }],
    ]);
    expect(page.body.results[0].values['Customer ID']).toBe('PAG-00004');
    const list = await t.request(`${base}?page_size=2`, { token: staff });
    expect(list.status).toBe(200);
    expect(list.body.results[0]).toMatchObject({
      id: answer.id,
      status: 'validated',
      valid_rows: 6,
      invalid_rows: 1,
    });
    expect(list.body.results).toHaveLength(2);
    expect(list.body.count).toBeGreaterThan(5);
  });
});
