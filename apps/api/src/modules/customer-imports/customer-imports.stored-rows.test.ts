import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerImports } from '../../db/schema';
import type { TestApp } from '../../test/app';
import {
  goodRow,
  importHeaders,
  suggestedMapping,
  toCsv,
  uploadFile,
  waitForImport,
  openImportTest,
} from './customer-imports.fixtures';

type Row = { row_number: number; values: Record<string, string>; errors: Record<string, string[]> };

// Issue 14: every preview page parsed the whole stored file again (four parallel previews of a 5 MB file
// held the API for seconds). The file is read once, on upload; pages, checks and the job read stored rows.
describe('CSV customer import: the file is parsed once and pages read stored rows', () => {
  let t: TestApp;
  let merchantId: string;
  let base: string;
  let staff: string;

  beforeAll(async () => {
    ({ t, merchantId, base, staff } = await openImportTest());
  });
  afterAll(() => t.close());

  const map = (id: string) =>
    t.request(`${base}${id}/mapping/`, { method: 'PUT', token: staff, json: { mapping: suggestedMapping } });
  const page = async (id: string, query: string) => {
    const answer = await t.request(`${base}${id}/rows/?${query}`, { token: staff });
    expect(answer.status).toBe(200);
    return answer.body as { count: number; next: string | null; results: Row[] };
  };
  const importCount = async () => (await t.database.db.select().from(customerImports)).length;

  it('answers preview pages of a 3,000-row file from the rows stored on upload, not from the file', async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => goodRow(i + 1, 'BIG'));
    rows[2499]![3] = 'not-an-email';
    // Blank lines are not rows: after them, row numbers (as the file counts) and pages (of rows) differ.
    const lines = [importHeaders, ...rows.slice(0, 10), [], ['', '', ''], ...rows.slice(10)];
    const uploaded = await uploadFile(t, base, staff, toCsv(lines));
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.total_rows).toBe(3000);
    const id: string = uploaded.body.id;

    // Whatever the import row still holds of the file is replaced by a file of one other row: pages, the
    // checks and the job must go on reading the rows stored when the file arrived.
    await t.database.pool.query(
      `update customer_imports set csv_text = 'Customer ID,First Name,Last Name\nX-1,Xena,Other\n'
       where id = $1 and csv_text is not null`,
      [id],
    );
    expect((await map(id)).body).toMatchObject({ total_rows: 3000, valid_rows: 2999, invalid_rows: 1 });
    const second = await page(id, 'page=2&page_size=10');
    expect(second.count).toBe(3000);
    expect(second.results.map((row) => row.row_number)).toEqual(Array.from({ length: 10 }, (_, i) => i + 13));
    expect(second.results[0]?.values['Customer ID']).toBe('BIG-00011');
    const withError = await page(id, 'page=25&page_size=100');
    expect(withError.results.map((row) => row.values['Customer ID'])).toEqual(
      Array.from({ length: 100 }, (_, i) => `BIG-${String(2401 + i).padStart(5, '0')}`),
    );
    expect(withError.results.find((row) => Object.keys(row.errors).length > 0)).toEqual({
      row_number: 2502,
      values: expect.objectContaining({ 'Customer ID': 'BIG-02500', Email: 'not-an-email' }),
      errors: { email: ['Email is not valid'] },
    });
    const last = await page(id, 'page=30&page_size=100');
    expect([last.next, last.results.length, last.results.at(-1)?.row_number]).toEqual([null, 100, 3002]);
    expect((await page(id, 'page=31&page_size=100')).results).toEqual([]);
    const fetched = await t.request(`${base}${id}/`, { token: staff });
    expect(fetched.body.sample_rows).toEqual([1, 2, 3, 4, 5].map((n) => goodRow(n, 'BIG')));

    await t.request(`${base}${id}/start/`, { method: 'POST', token: staff });
    expect(await waitForImport(t, `${base}${id}/`, staff)).toMatchObject({
      status: 'completed',
      created_count: 2999,
    });
  });

  it('leaves nothing behind when a file is refused half-way', async () => {
    const before = await importCount();
    const broken = `${toCsv([importHeaders, ...Array.from({ length: 2500 }, (_, i) => goodRow(i + 1, 'BRK'))])}"unclosed,Ann\n`;
    const answer = await uploadFile(t, base, staff, broken);
    expect([answer.status, answer.body]).toEqual([400, { file: ['The file is not a CSV text file'] }]);
    const binary = `${toCsv([importHeaders, goodRow(1, 'BIN')])}\u0000\u0001`;
    expect((await uploadFile(t, base, staff, binary)).status).toBe(400);
    expect(await importCount()).toBe(before);
    const { rows } = await t.database.pool.query(
      `select count(*)::int as n from customer_import_rows r
       where not exists (select 1 from customer_imports i where i.id = r.import_id)`,
    );
    expect(rows[0].n).toBe(0);
  });

  it('hides an upload still being received, and the next upload removes one abandoned an hour ago', async () => {
    const insertReceiving = async (createdAt: Date) => {
      const { rows } = await t.database.pool.query<{ id: string }>(
        `insert into customer_imports (merchant_id, file_name, status, headers, created_at)
         values ($1, 'half.csv', 'receiving', '["Customer ID"]', $2) returning id`,
        [merchantId, createdAt],
      );
      await t.database.pool.query(
        `insert into customer_import_rows (import_id, merchant_id, position, row_number, cells)
         values ($1, $2, 1, 1, '["H-1"]')`,
        [rows[0]!.id, merchantId],
      );
      return rows[0]!.id;
    };
    const now = t.clock.now().getTime();
    const abandoned = await insertReceiving(new Date(now - 2 * 3600_000));
    const arriving = await insertReceiving(new Date(now - 60_000));
    for (const path of [`${base}${arriving}/`, `${base}${arriving}/rows/`]) {
      expect((await t.request(path, { token: staff })).status).toBe(404);
    }
    const list = await t.request(`${base}?page_size=1000`, { token: staff });
    expect(list.body.results.map((row: { id: string }) => row.id)).not.toContain(arriving);

    expect((await uploadFile(t, base, staff, toCsv([importHeaders, goodRow(1, 'NXT')]))).status).toBe(201);
    const { rows } = await t.database.pool.query(
      `select id from customer_imports where id = any($1::uuid[])`,
      [[abandoned, arriving]],
    );
    expect(rows).toEqual([{ id: arriving }]);
  });

  it('stores the rows of an import that still holds its whole file (uploaded before rows were stored)', async () => {
    const file = toCsv([importHeaders, goodRow(1, 'OLD'), [], goodRow(2, 'OLD'), goodRow(3, 'OLD')]);
    const [older] = await t.database.db
      .insert(customerImports)
      .values({ merchantId, fileName: 'older.csv', csvText: file, headers: importHeaders, totalRows: 3 })
      .returning();
    const id = older!.id;
    const [first, again] = await Promise.all([
      t.request(`${base}${id}/`, { token: staff }),
      t.request(`${base}${id}/`, { token: staff }),
    ]);
    expect(first.body.sample_rows).toEqual([1, 2, 3].map((n) => goodRow(n, 'OLD')));
    expect(again.body.sample_rows).toEqual(first.body.sample_rows);
    const { rows } = await t.database.pool.query(
      `select (select csv_text from customer_imports where id = $1) as text,
              (select count(*)::int from customer_import_rows where import_id = $1) as stored`,
      [id],
    );
    expect(rows[0]).toEqual({ text: null, stored: 3 });
    expect((await map(id)).body).toMatchObject({ valid_rows: 3, invalid_rows: 0 });
    expect((await page(id, 'page_size=2&page=2')).results.map((row) => row.row_number)).toEqual([4]);
  });
});
