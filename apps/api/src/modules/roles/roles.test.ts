import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionFlags } from '@paylane/shared/permissions';
import { customRoles, memberships, merchants, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';

const allFalse = Object.fromEntries(permissionFlags.map((flag) => [flag, false]));

describe('custom roles settings', () => {
  let t: TestApp;
  let merchantId: string;
  let rivalRoleId: string;
  let admin: string;
  const rolesPath = () => `/api/merchants/${merchantId}/roles/`;
  const send = (method: 'POST' | 'PUT', path: string, json: unknown) =>
    t.request(path, { method, token: admin, json });

  beforeAll(async () => {
    t = await createTestApp();
    merchantId = await t.demoMerchantId();
    const [rival] = await t.database.db.insert(merchants).values({ name: 'Rival Cars' }).returning();
    const [rivalRole] = await t.database.db
      .insert(customRoles)
      .values({ merchantId: rival!.id, name: 'Rival Secret Role' })
      .returning();
    rivalRoleId = rivalRole!.id;
    admin = await t.demoToken('admin');
  });
  afterAll(() => t.close());

  it('creates, reads, updates and deletes a role, auditing each change', async () => {
    const created = await send('POST', rolesPath(), {
      role_name: 'Collector',
      role_description: 'Calls late accounts',
      permissions: { is_note_update_allowed: true, has_access: ['is_payment_refund_allowed'] },
      settings: { min_merchant_payment_amount: '5.00', max_merchant_payment_amount: 500.5 },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      role_name: 'Collector',
      role_description: 'Calls late accounts',
      permissions: {
        ...allFalse,
        is_note_update_allowed: true,
        is_payment_refund_allowed: true,
        has_access: ['is_note_update_allowed', 'is_payment_refund_allowed'],
      },
      settings: { min_merchant_payment_amount: 5, max_merchant_payment_amount: 500.5 },
      user_count: 0,
    });
    const id = created.body.id;
    const [row] = await t.database.db.select().from(customRoles).where(eq(customRoles.id, id));
    expect(row).toMatchObject({ minPaymentAmountCents: 500, maxPaymentAmountCents: 50050 });

    expect((await t.request(`${rolesPath()}${id}/`, { token: admin })).body).toEqual(created.body);
    const updated = await send('PUT', `${rolesPath()}${id}/`, {
      role_name: 'Senior Collector',
      permissions: { is_user_update_allowed: true },
      settings: { min_merchant_payment_amount: null, max_merchant_payment_amount: '' },
    });
    expect(updated.body).toMatchObject({
      role_name: 'Senior Collector',
      role_description: '',
      permissions: { is_note_update_allowed: false, is_user_update_allowed: true },
      settings: { min_merchant_payment_amount: null, max_merchant_payment_amount: null },
    });
    const list = await t.request(rolesPath(), { token: admin });
    expect(list.body).toMatchObject({ count: 1, results: [{ id, role_name: 'Senior Collector' }] });

    const deleted = await t.request(`${rolesPath()}${id}/`, { method: 'DELETE', token: admin });
    expect(deleted.status).toBe(204);
    expect((await t.request(`${rolesPath()}${id}/`, { token: admin })).status).toBe(404);

    const log = await t.request(`/api/merchants/${merchantId}/audit-log/?entity_type=custom_role`, {
      token: admin,
    });
    expect(log.body.results.map((entry: { action: string }) => entry.action)).toEqual([
      'role.deleted',
      'role.updated',
      'role.created',
    ]);
    const [deletion, update, creation] = log.body.results;
    expect(creation).toMatchObject({ before: null, after: { role_name: 'Collector' }, entity_id: id });
    expect(update.before).toMatchObject({
      role_name: 'Collector',
      settings: { min_merchant_payment_amount: 5 },
    });
    expect(update.after).toMatchObject({ role_name: 'Senior Collector' });
    expect(deletion).toMatchObject({ before: { role_name: 'Senior Collector' }, after: null });
    expect(deletion.actor).toMatchObject({ email: 'admin@demo.paylane.test', first_name: 'Alex' });
  });

  it('validates names (required, unique, not a standard role) and amounts', async () => {
    await send('POST', rolesPath(), { role_name: 'Cashier' });
    expect((await send('POST', rolesPath(), { role_name: ' cashier ' })).body).toEqual({
      role_name: ['A role with this name already exists'],
    });
    expect((await send('POST', rolesPath(), { role_name: 'Admin' })).body).toEqual({
      role_name: ['A role with this name already exists'],
    });
    expect((await send('POST', rolesPath(), { role_name: '' })).body).toEqual({ role_name: ['Required'] });
    const amounts = await send('POST', rolesPath(), {
      role_name: 'Limits',
      settings: { min_merchant_payment_amount: '20', max_merchant_payment_amount: '10' },
    });
    expect(amounts.body).toEqual({
      'settings.max_merchant_payment_amount': ['Maximum amount must be at least the minimum amount'],
    });
    const decimal = await send('POST', rolesPath(), {
      role_name: 'Limits',
      settings: { min_merchant_payment_amount: '1.234' },
    });
    expect(decimal.body).toEqual({
      'settings.min_merchant_payment_amount': ['Field must contain only decimal values'],
    });
    const flag = await send('POST', rolesPath(), {
      role_name: 'Flags',
      permissions: { has_access: ['is_root'] },
    });
    expect(flag.status).toBe(400);
  });

  it('keeps a role that users hold (400) and deletes it once unassigned', async () => {
    const created = await send('POST', rolesPath(), { role_name: 'Held' });
    const [staff] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'staff@demo.paylane.test'));
    await t.database.db
      .update(memberships)
      .set({ customRoleId: created.body.id })
      .where(eq(memberships.userId, staff!.id));
    expect((await t.request(`${rolesPath()}${created.body.id}/`, { token: admin })).body.user_count).toBe(1);
    const refused = await t.request(`${rolesPath()}${created.body.id}/`, { method: 'DELETE', token: admin });
    expect(refused.body).toEqual({
      non_field_errors: ['This role is assigned to users. Give them another role first.'],
    });
    await t.database.db
      .update(memberships)
      .set({ customRoleId: null })
      .where(eq(memberships.userId, staff!.id));
    expect(
      (await t.request(`${rolesPath()}${created.body.id}/`, { method: 'DELETE', token: admin })).status,
    ).toBe(204);
  });

  it("never shows or changes another merchant's roles, and refuses staff", async () => {
    const list = await t.request(`${rolesPath()}?page_size=1000`, { token: admin });
    expect(JSON.stringify(list.body)).not.toContain('Rival Secret Role');
    expect((await t.request(`${rolesPath()}${rivalRoleId}/`, { token: admin })).status).toBe(404);
    expect((await send('PUT', `${rolesPath()}${rivalRoleId}/`, { role_name: 'Mine' })).status).toBe(404);
    expect(
      (await t.request(`${rolesPath()}${rivalRoleId}/`, { method: 'DELETE', token: admin })).status,
    ).toBe(404);
    expect((await t.request(`${rolesPath()}not-a-uuid/`, { token: admin })).status).toBe(404);
    const staff = await t.demoToken('staff');
    expect((await t.request(rolesPath(), { token: staff })).status).toBe(403);
  });
});
