import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTags, auditLog, merchants } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';

describe('account tags', () => {
  let t: TestApp;
  let merchantId: string;
  let otherTagId: string;
  let path: string;
  let admin: string;
  let staff: string;

  beforeAll(async () => {
    t = await createTestApp();
    merchantId = await t.demoMerchantId();
    path = `/api/merchants/${merchantId}/account-tags/`;
    const [other] = await t.database.db.insert(merchants).values({ name: 'Other Autos' }).returning();
    const [otherTag] = await t.database.db
      .insert(accountTags)
      .values({ merchantId: other!.id, name: 'Repo' })
      .returning();
    otherTagId = otherTag!.id;
    admin = await t.demoToken('admin');
    staff = await t.demoToken('staff');
  });
  afterAll(() => t.close());

  const create = (name: string, token = admin) => t.request(path, { method: 'POST', token, json: { name } });

  it('creates trimmed tags and refuses a duplicate name in any case', async () => {
    const created = await create('  Payment Plan ');
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(String), name: 'Payment Plan' });
    for (const name of ['payment plan', ' PAYMENT PLAN']) {
      const duplicate = await create(name);
      expect(duplicate.status).toBe(400);
      expect(duplicate.body).toEqual({ name: ['A tag with this name already exists'] });
    }
    expect((await create('')).body).toEqual({ name: ['Required'] });
    expect((await create('x'.repeat(101))).body).toEqual({ name: ['please use abreviations'] });
  });

  it('gives racing duplicates the same answer as a checked one', async () => {
    const answers = await Promise.all([create('Racing'), create('Racing'), create('Racing')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400, 400]);
    expect(answers.filter((answer) => answer.status === 400).map((answer) => answer.body)).toEqual([
      { name: ['A tag with this name already exists'] },
      { name: ['A tag with this name already exists'] },
    ]);
  });

  it('allows the same name in another merchant', async () => {
    expect((await create('Repo')).status).toBe(201);
  });

  it('lists 40 per page by default, sorted by name, with search; members may list', async () => {
    await t.database.db
      .insert(accountTags)
      .values(
        Array.from({ length: 45 }, (_, i) => ({ merchantId, name: `Bulk ${String(i).padStart(2, '0')}` })),
      );
    const first = await t.request(path, { token: staff });
    expect(first.status).toBe(200);
    // 45 here, 3 made by the tests above, and the demo's 3 (Good Standing, Repo Risk, Skip Trace).
    expect(first.body.count).toBe(51);
    expect(first.body.results).toHaveLength(40);
    expect(first.body.results[0].name).toBe('Bulk 00');
    expect(first.body.next).toBe(`${path}?page=2&page_size=40`);
    expect(first.body.previous).toBeNull();
    const search = await t.request(`${path}?search=%20plan%20`, { token: staff });
    expect(search.body.results.map((tag: { name: string }) => tag.name)).toEqual(['Payment Plan']);
    expect((await t.request(`${path}?page_size=1001`, { token: staff })).status).toBe(400);
  });

  it('renames and deletes, refusing staff and other merchants’ tags, and audits', async () => {
    const tag = (await create('Skip')).body;
    expect((await create('Skip', staff)).status).toBe(403);
    const tagPath = `${path}${tag.id}/`;
    expect((await t.request(tagPath, { method: 'PUT', token: staff, json: { name: 'X' } })).status).toBe(403);
    expect((await t.request(tagPath, { method: 'DELETE', token: staff })).status).toBe(403);

    const clash = await t.request(tagPath, { method: 'PUT', token: admin, json: { name: 'payment PLAN' } });
    expect(clash.body).toEqual({ name: ['A tag with this name already exists'] });
    const sameName = await t.request(tagPath, { method: 'PUT', token: admin, json: { name: 'SKIP' } });
    expect(sameName.body).toEqual({ id: tag.id, name: 'SKIP' });

    for (const id of [otherTagId, 'not-a-uuid']) {
      const foreign = `${path}${id}/`;
      expect((await t.request(foreign, { method: 'PUT', token: admin, json: { name: 'Mine' } })).status).toBe(
        404,
      );
      expect((await t.request(foreign, { method: 'DELETE', token: admin })).status).toBe(404);
    }
    expect((await t.request(tagPath, { method: 'DELETE', token: admin })).status).toBe(204);
    expect((await t.request(tagPath, { method: 'DELETE', token: admin })).status).toBe(404);

    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.merchantId, merchantId), eq(auditLog.entityId, tag.id)));
    expect(entries.map((entry) => entry.action).sort()).toEqual([
      'account_tag.created',
      'account_tag.deleted',
      'account_tag.renamed',
    ]);
  });
});
