import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, auditLog, merchants } from '../../db/schema';
import { hashSecret } from '../../lib/secrets';
import { createTestApp, type TestApp } from '../../test/app';

describe('API keys', () => {
  let t: TestApp;
  let merchantId: string;
  let otherMerchantId: string;
  let path: string;
  const tokens: Record<'admin' | 'staff' | 'superadmin', string> = { admin: '', staff: '', superadmin: '' };

  beforeAll(async () => {
    t = await createTestApp();
    merchantId = await t.demoMerchantId();
    const [other] = await t.database.db.insert(merchants).values({ name: 'Other Autos' }).returning();
    otherMerchantId = other!.id;
    path = `/api/merchants/${merchantId}/api_keys/`;
    for (const role of ['admin', 'staff', 'superadmin'] as const) {
      tokens[role] = await t.demoToken(role);
    }
  });
  afterAll(() => t.close());

  const withKey = (url: string, key: string) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Api-Key ${key}` } });

  it('is for super admins only', async () => {
    for (const role of ['admin', 'staff'] as const) {
      expect((await t.request(path, { token: tokens[role] })).status).toBe(403);
      expect(
        (await t.request(path, { method: 'POST', token: tokens[role], json: { name: 'X' } })).status,
      ).toBe(403);
    }
    const blank = await t.request(path, { method: 'POST', token: tokens.superadmin, json: { name: ' ' } });
    expect(blank.body).toEqual({ name: ['Required'] });
  });

  it('answers the key once, stores only its digest, and lists it by prefix', async () => {
    const created = await t.request(path, {
      method: 'POST',
      token: tokens.superadmin,
      json: { name: 'DMS sync' },
    });
    expect(created.status).toBe(201);
    const { key, ...listed } = created.body;
    expect(key).toMatch(/^pl_live_[A-Za-z0-9_-]{43}$/);
    expect(listed).toEqual({
      id: expect.any(String),
      name: 'DMS sync',
      prefix: key.slice(8, 16),
      created: expect.any(String),
      last_used: null,
      created_by: 'Sam Super',
      revoked: false,
      revoked_at: null,
    });
    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, listed.id));
    expect(row!.keyHash).toBe(hashSecret(key));
    expect(JSON.stringify(row)).not.toContain(key);
    const list = await t.request(path, { token: tokens.superadmin });
    expect(list.body.results).toEqual([listed]);
    expect(JSON.stringify(list.body)).not.toContain(key);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.merchantId, merchantId), eq(auditLog.action, 'api_key.created')));
    expect(JSON.stringify(audit)).not.toContain(key);
  });

  it('authenticates as staff of its own merchant only; revoked keys stop at once', async () => {
    const created = await t.request(path, {
      method: 'POST',
      token: tokens.superadmin,
      json: { name: 'Feed' },
    });
    const { key, id } = created.body;
    const tags = `/api/merchants/${merchantId}/account-tags/`;
    expect((await withKey(tags, key)).statusCode).toBe(200);
    expect((await withKey(`/api/merchants/${otherMerchantId}/account-tags/`, key)).statusCode).toBe(404);
    expect((await withKey('/api/profile/', key)).statusCode).toBe(403);
    expect((await withKey(path, key)).statusCode).toBe(403); // staff rights: no key management
    expect((await withKey(tags, `${key}x`)).statusCode).toBe(401);

    const revoke = await t.request(`${path}${id}/revoke/`, { method: 'POST', token: tokens.superadmin });
    expect(revoke.body).toMatchObject({ id, revoked: true, revoked_at: expect.any(String) });
    expect((await withKey(tags, key)).statusCode).toBe(401);
    const again = await t.request(`${path}${id}/revoke/`, { method: 'POST', token: tokens.superadmin });
    expect(again.status).toBe(200);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'api_key.revoked')));
    expect(audits).toHaveLength(1);
  });

  it('records last use at most once a minute', async () => {
    const created = await t.request(path, {
      method: 'POST',
      token: tokens.superadmin,
      json: { name: 'Clock' },
    });
    const { key, id } = created.body;
    const tags = `/api/merchants/${merchantId}/account-tags/`;
    const lastUsed = async () =>
      (await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, id)))[0]!.lastUsedAt?.getTime();
    await withKey(tags, key);
    const first = await lastUsed();
    expect(first).toBe(t.clock.now().getTime());
    t.clock.advance(30);
    await withKey(tags, key);
    expect(await lastUsed()).toBe(first);
    t.clock.advance(31);
    await withKey(tags, key);
    expect(await lastUsed()).toBe(t.clock.now().getTime());
    const listed = (await t.request(path, { token: tokens.superadmin })).body.results;
    expect(listed.find((item: { id: string }) => item.id === id).last_used).toBe(t.clock.now().toISOString());
  });

  it('revokes only keys of the merchant in the path', async () => {
    const [foreign] = await t.database.db
      .insert(apiKeys)
      .values({ merchantId: otherMerchantId, name: 'Theirs', prefix: 'abcdefgh', keyHash: hashSecret('k') })
      .returning();
    for (const id of [foreign!.id, 'not-a-uuid']) {
      const answer = await t.request(`${path}${id}/revoke/`, { method: 'POST', token: tokens.superadmin });
      expect(answer.status).toBe(404);
    }
    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, foreign!.id));
    expect(row!.revokedAt).toBeNull();
  });
});
