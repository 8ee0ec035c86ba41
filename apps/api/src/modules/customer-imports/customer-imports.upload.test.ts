import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerImports, merchants } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { goodRow, importHeaders, toCsv, uploadFile } from './customer-imports.fixtures';

describe('CSV customer import: what an upload may be, and who may see an import', () => {
  let t: TestApp;
  let merchantId: string;
  let base: string;
  let staff: string;

  beforeAll(async () => {
    // A small limit, so a test file can be over it.
    t = await createTestApp({ IMPORT_LIMIT_BYTES: '4096' });
    merchantId = await t.demoMerchantId();
    base = `/api/merchants/${merchantId}/customer_imports/`;
    staff = await t.demoToken('staff');
  });
  afterAll(() => t.close());

  const upload = (content: string | Uint8Array) => uploadFile(t, base, staff, content);

  it('refuses what is not a CSV with a header and rows, and a file over the limit', async () => {
    const refusals: [string | Uint8Array, string][] = [
      [
        new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
        'The file is not a CSV text file',
      ],
      [new Uint8Array([0x43, 0x75, 0xff, 0xfe, 0x2c, 0x0a]), 'The file is not a CSV text file'],
      ['Customer ID,First Name\n"unclosed,Ann\n', 'The file is not a CSV text file'],
      ['', 'The file has no header row'],
      ['DM-1,Ann,ann@example.com\nDM-2,Bob,bob@example.com\n', 'The file has no header row'],
      ['Customer ID,,Last Name\n1,Ann,Lee\n', 'Every column needs a name in the header row'],
      ['Customer ID,First Name,first name\n1,Ann,Lee\n', 'Two columns of the header row have the same name'],
      ['Customer ID,First Name,Last Name\n\n,,\n', 'The file has no rows below the header'],
    ];
    for (const [content, message] of refusals) {
      const answer = await upload(content);
      expect([answer.status, answer.body]).toEqual([400, { file: [message] }]);
    }
    const noFile = await t.request(base, { method: 'POST', token: staff, body: new FormData() });
    expect([noFile.status, noFile.body]).toEqual([400, { file: ['Required'] }]);
    const large = await upload(
      toCsv([importHeaders, ...Array.from({ length: 60 }, (_, i) => goodRow(i + 1, 'BIG'))]),
    );
    expect([large.status, large.body]).toEqual([413, { detail: 'The file is too large' }]);
  });

  it('keeps imports to their merchant and to people who may import', async () => {
    const { id } = (await upload(toCsv([importHeaders, goodRow(1, 'ISO')]))).body;
    const [rival] = await t.database.db.insert(merchants).values({ name: 'Rival Imports' }).returning();
    const [rivalImport] = await t.database.db
      .insert(customerImports)
      .values({
        merchantId: rival!.id,
        fileName: 'rival.csv',
        csvText: 'a\n1\n',
        headers: ['a'],
        totalRows: 1,
      })
      .returning();
    const admin = await t.demoToken('admin');
    const paths = [
      `${base}${rivalImport!.id}/`,
      `${base}${rivalImport!.id}/rows/`,
      `${base}${rivalImport!.id}/errors.csv`,
      `/api/merchants/${rival!.id}/customer_imports/${id}/`,
      `/api/merchants/${rival!.id}/customer_imports/`,
      `${base}not-a-uuid/`,
    ];
    for (const path of paths) {
      const answer = await t.request(path, { token: admin });
      expect([path, answer.status, answer.body]).toEqual([path, 404, { detail: 'Not found.' }]);
    }
    const start = await t.request(`${base}${rivalImport!.id}/start/`, { method: 'POST', token: admin });
    expect(start.status).toBe(404);
    const rivalMap = await t.request(`${base}${rivalImport!.id}/mapping/`, {
      method: 'PUT',
      token: admin,
      json: { mapping: { external_id: 'a' } },
    });
    expect(rivalMap.status).toBe(404);
    expect((await t.request(`${base}${id}/`)).status).toBe(401);
  });
});
