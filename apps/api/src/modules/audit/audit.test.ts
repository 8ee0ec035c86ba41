import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, merchants, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';

describe('audit log', () => {
  let t: TestApp;
  let merchantId: string;
  let adminId: string;
  let admin: string;
  const logPath = (query = '') => `/api/merchants/${merchantId}/audit-log/${query}`;
  const actionsOf = (body: { results: { action: string }[] }) => body.results.map((entry) => entry.action);

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const [merchant] = await db.select().from(merchants).where(eq(merchants.name, 'Demo Motors'));
    merchantId = merchant!.id;
    // The demo's own story writes audit entries (a refund, a moved payment); this test reads only its own.
    await db.delete(auditLog).where(eq(auditLog.merchantId, merchantId));
    const [rival] = await db.insert(merchants).values({ name: 'Rival Cars' }).returning();
    const [adminUser] = await db.select().from(users).where(eq(users.email, 'admin@demo.paylane.test'));
    adminId = adminUser!.id;
    await db.insert(auditLog).values([
      // 23:30 on 9 March in Chicago (UTC-6), already 10 March in UTC.
      {
        merchantId,
        action: 'settings.updated',
        entityType: 'merchant',
        entityId: merchantId,
        before: { name: 'Old' },
        after: { name: 'Demo Motors' },
        createdAt: new Date('2024-03-10T05:30:00Z'),
      },
      { merchantId: rival!.id, actorUserId: adminId, action: 'rival.secret', entityType: 'rival_thing' },
    ]);
    admin = await t.demoToken('admin');
    const invited = await t.request(`/api/merchants/${merchantId}/users/`, {
      method: 'POST',
      token: admin,
      json: { email: 'audited@example.test', first_name: 'Ada', last_name: 'Audit', role: 'staff' },
    });
    await t.request(`/api/merchants/${merchantId}/users/${invited.body.id}/`, {
      method: 'PUT',
      token: admin,
      json: { role: 'admin' },
    });
  });
  afterAll(() => t.close());

  it("lists the merchant's entries newest first with actor and before/after", async () => {
    const page = await t.request(logPath(), { token: admin });
    expect(page.status).toBe(200);
    expect(actionsOf(page.body)).toEqual(['user.updated', 'user.invited', 'settings.updated']);
    const [updated, invited, settings] = page.body.results;
    expect(updated).toMatchObject({
      actor: { id: adminId, first_name: 'Alex', last_name: 'Admin', email: 'admin@demo.paylane.test' },
      entity_type: 'user',
      before: { roles: ['staff'], is_pending: true },
      after: { roles: ['admin'] },
    });
    expect(invited).toMatchObject({ before: null, after: { email: 'audited@example.test' } });
    expect(settings).toMatchObject({
      actor: null,
      created: '2024-03-10T05:30:00.000Z',
      before: { name: 'Old' },
    });
    expect(JSON.stringify(page.body)).not.toContain('rival');
  });

  it('filters by action, entity type, actor and local dates', async () => {
    const get = async (query: string) => (await t.request(logPath(`?${query}`), { token: admin })).body;
    expect(actionsOf(await get('action=user.invited'))).toEqual(['user.invited']);
    expect(actionsOf(await get('entity_type=merchant'))).toEqual(['settings.updated']);
    expect(actionsOf(await get(`actor=${adminId}`))).toEqual(['user.updated', 'user.invited']);
    expect(actionsOf(await get('start=2024-03-09&end=2024-03-09'))).toEqual(['settings.updated']);
    expect(actionsOf(await get('start=2024-03-10&end=2024-03-10'))).toEqual([]);
    expect(actionsOf(await get('end=2024-03-08'))).toEqual([]);
    expect(await get('start=2024-02-30')).toEqual({ start: ['Date is not valid'] });
    expect((await get('page_size=1')).next).toContain('page=2');
  });

  it('offers the filter values of this merchant only', async () => {
    const options = (await t.request(logPath('filter_options/'), { token: admin })).body;
    expect(options).toEqual({
      actions: ['settings.updated', 'user.invited', 'user.updated'],
      entity_types: ['merchant', 'user'],
      actors: [{ id: adminId, first_name: 'Alex', last_name: 'Admin', email: 'admin@demo.paylane.test' }],
    });
  });

  it('is for admins only', async () => {
    const staff = await t.demoToken('staff');
    expect((await t.request(logPath(), { token: staff })).status).toBe(403);
    const superAdmin = await t.demoToken('superadmin');
    expect((await t.request(logPath(), { token: superAdmin })).status).toBe(200);
  });
});
