import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customRoles, memberships, merchants, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';

// A staff member whose custom role has is_user_update_allowed manages users (docs/product.md §6) but only at staff
// level: they may not give the admin role nor change an admin's account.
describe('user managers through a custom role', () => {
  let t: TestApp;
  let merchantId: string;
  let manager: string;
  let adminId: string;
  const usersPath = () => `/api/merchants/${merchantId}/users/`;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const [merchant] = await db.select().from(merchants).where(eq(merchants.name, 'Demo Motors'));
    merchantId = merchant!.id;
    await db.update(merchants).set({ checkCustomRoles: true }).where(eq(merchants.id, merchantId));
    const [role] = await db
      .insert(customRoles)
      .values({ merchantId, name: 'People Lead', permissions: { is_user_update_allowed: true } })
      .returning();
    const [staff] = await db.select().from(users).where(eq(users.email, 'staff@demo.paylane.test'));
    await db.update(memberships).set({ customRoleId: role!.id }).where(eq(memberships.userId, staff!.id));
    const [admin] = await db.select().from(users).where(eq(users.email, 'admin@demo.paylane.test'));
    adminId = admin!.id;
    manager = await t.demoToken('staff');
  });
  afterAll(() => t.close());

  it('lists users, invites staff and lists the role options', async () => {
    expect((await t.request(usersPath(), { token: manager })).status).toBe(200);
    const options = await t.request(`${usersPath()}role_options/`, { token: manager });
    expect(options.body.results).toEqual([expect.objectContaining({ role_name: 'People Lead' })]);
    const invited = await t.request(usersPath(), {
      method: 'POST',
      token: manager,
      json: { email: 'crew@example.test', first_name: 'Cai', last_name: 'Crew', role: 'staff' },
    });
    expect(invited.status).toBe(201);
  });

  it('may not give the admin role', async () => {
    const invited = await t.request(usersPath(), {
      method: 'POST',
      token: manager,
      json: { email: 'boss@example.test', first_name: 'Bo', last_name: 'Boss', role: 'admin' },
    });
    expect(invited.body).toEqual({ role: ['Only an admin can give or take away the admin role'] });
    const list = await t.request(`${usersPath()}?search=crew`, { token: manager });
    const crewId = list.body.results[0].id;
    const promoted = await t.request(`${usersPath()}${crewId}/`, {
      method: 'PUT',
      token: manager,
      json: { role: 'admin' },
    });
    expect(promoted.status).toBe(400);
  });

  it("may not change an admin's account", async () => {
    for (const action of ['disable/', 'enable/']) {
      const response = await t.request(`${usersPath()}${adminId}/${action}`, {
        method: 'POST',
        token: manager,
      });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ detail: 'Only an admin can change an admin account' });
    }
    const demoted = await t.request(`${usersPath()}${adminId}/`, {
      method: 'PUT',
      token: manager,
      json: { role: 'staff' },
    });
    expect(demoted.status).toBe(403);
  });

  it('is refused the roles settings and the audit log', async () => {
    expect((await t.request(`/api/merchants/${merchantId}/roles/`, { token: manager })).status).toBe(403);
    expect((await t.request(`/api/merchants/${merchantId}/audit-log/`, { token: manager })).status).toBe(403);
  });

  it('may not hand out permissions they lack, nor change their own role', async () => {
    const [wide] = await t.database.db
      .insert(customRoles)
      .values({
        merchantId,
        name: 'Everything',
        permissions: { is_user_update_allowed: true, is_payment_refund_allowed: true },
      })
      .returning();
    const list = await t.request(`${usersPath()}?search=crew`, { token: manager });
    const crewId = list.body.results[0].id;
    const widened = await t.request(`${usersPath()}${crewId}/`, {
      method: 'PUT',
      token: manager,
      json: { custom_role_id: wide!.id },
    });
    expect(widened.body).toEqual({
      custom_role_id: ['You can only assign a role whose permissions you have yourself'],
    });
    const [staff] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'staff@demo.paylane.test'));
    const own = await t.request(`${usersPath()}${staff!.id}/`, {
      method: 'PUT',
      token: manager,
      json: { custom_role_id: null },
    });
    expect(own.status).toBe(403);
  });
});
