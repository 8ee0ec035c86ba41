import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { memberships, merchants } from './db/schema';
import { hashPassword } from './lib/passwords';
import { createUser } from './modules/auth/users.repository';
import { createTestApp, type TestApp } from './test/app';
import { findCrossTenantLeaks, type CrossTenantProbe } from './test/cross-tenant';

describe('tenant isolation across every registered route', () => {
  let t: TestApp;
  let foreign: Omit<CrossTenantProbe, 'token'>;

  beforeAll(async () => {
    t = await createTestApp();
    const [other] = await t.database.db
      .insert(merchants)
      .values({ name: 'Rival Cars Secret LLC' })
      .returning();
    const rivalAdmin = await createUser(t.database.db, {
      email: 'admin@rival.test',
      passwordHash: await hashPassword('Rival-Pass-1'),
      firstName: 'Rita',
      lastName: 'Rival',
      isSuperAdmin: false,
      isPartner: false,
    });
    await t.database.db
      .insert(memberships)
      .values({ userId: rivalAdmin.id, merchantId: other!.id, roles: ['admin'] });
    foreign = {
      foreignIds: { merchant_id: other!.id },
      foreignSecrets: [other!.id, 'Rival Cars Secret LLC', 'admin@rival.test'],
    };
  });
  afterAll(() => t.close());

  it('gives users of merchant A only refusals and none of merchant B data, on every route', async () => {
    const merchantRoutes = t.app.apiRoutes.filter((route) => route.url.includes(':merchant_id'));
    expect(merchantRoutes.length).toBeGreaterThan(0);
    for (const email of ['admin@demo.paylane.test', 'staff@demo.paylane.test']) {
      const { access } = await t.signIn(email);
      expect(await findCrossTenantLeaks(t.app, { token: access, ...foreign })).toEqual([]);
    }
  });

  it('would catch a route that reads by id without checking the tenant', async () => {
    const leaky = await buildApp({ config: t.config, db: t.database.db, logger: false });
    leaky.get('/api/lookup/:id/', { config: { access: { authenticated: true } } }, async (request) => {
      const { id } = request.params as { id: string };
      return t.database.db.select().from(merchants).where(eq(merchants.id, id));
    });
    await leaky.ready();
    const { access } = await t.signIn('admin@demo.paylane.test');
    const leaks = await findCrossTenantLeaks(leaky, { token: access, ...foreign });
    expect(leaks.map((leak) => leak.route)).toEqual(['GET /api/lookup/:id/']);
    await leaky.close();
  });

  it('refuses to register a merchant route whose rule does not check membership', async () => {
    const app = await buildApp({ config: t.config, db: t.database.db, logger: false });
    for (const access of [{ public: true }, { authenticated: true }] as const) {
      expect(() =>
        app.get('/api/merchants/:merchant_id/unchecked/', { config: { access } }, async () => ({})),
      ).toThrow(/checks no membership/);
    }
    await app.close();
  });
});
