import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { customRoles, memberships, merchants, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';

// No feature route is guarded by a capability yet, so a probe route exercises the access plugin the way
// the feature routes will: membership first, then can() with the custom role's flags.
describe('custom roles on the server', () => {
  let t: TestApp;
  let probe: FastifyInstance;
  let merchantId: string;
  let staffToken: string;

  beforeAll(async () => {
    t = await createTestApp();
    merchantId = await t.demoMerchantId();
    probe = await buildApp({ config: t.config, db: t.database.db, logger: false });
    probe.get(
      '/api/merchants/:merchant_id/probe/',
      { config: { access: { merchant: 'manageTemplates' } } },
      async () => ({
        ok: true,
      }),
    );
    await probe.ready();
    staffToken = await t.demoToken('staff');
  });
  afterAll(async () => {
    await probe.close();
    await t.close();
  });

  const callProbe = async () =>
    (
      await probe.inject({
        url: `/api/merchants/${merchantId}/probe/`,
        headers: { authorization: `Bearer ${staffToken}` },
      })
    ).statusCode;

  const giveStaffCustomRole = async (permissions: Record<string, boolean>) => {
    const [role] = await t.database.db
      .insert(customRoles)
      .values({ merchantId, name: `Role ${Object.keys(permissions).join('-') || 'none'}`, permissions })
      .returning();
    const [staff] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'staff@demo.paylane.test'));
    await t.database.db
      .update(memberships)
      .set({ customRoleId: role!.id })
      .where(eq(memberships.userId, staff!.id));
    return role!;
  };

  it('lets standard staff use staff capabilities while the merchant does not check custom roles', async () => {
    await giveStaffCustomRole({});
    expect(await callProbe()).toBe(200);
  });

  it('on a merchant with check_custom_roles, allows exactly what the custom role flags', async () => {
    await t.database.db.update(merchants).set({ checkCustomRoles: true }).where(eq(merchants.id, merchantId));
    expect(await callProbe()).toBe(403);
    const role = await giveStaffCustomRole({ is_template_update_allowed: true });
    expect(await callProbe()).toBe(200);

    const profile = (await t.request('/api/profile/', { token: staffToken })).body.results[0];
    expect(profile.memberships[0]).toMatchObject({
      roles: [role.name, 'staff'],
      custom_role: { id: role.id, role_name: role.name },
      permissions: { is_template_update_allowed: true },
    });
  });

  it("never takes a custom role's name for a standard role", async () => {
    await t.database.db.update(merchants).set({ checkCustomRoles: true }).where(eq(merchants.id, merchantId));
    const [role] = await t.database.db
      .insert(customRoles)
      .values({ merchantId, name: 'admin', permissions: {} })
      .returning();
    const [staff] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'staff@demo.paylane.test'));
    await t.database.db
      .update(memberships)
      .set({ customRoleId: role!.id })
      .where(eq(memberships.userId, staff!.id));
    expect(await callProbe()).toBe(403);
    const settings = await t.request(`/api/merchants/${merchantId}/settings/`, { token: staffToken });
    expect(settings.status).toBe(403);
  });
});
