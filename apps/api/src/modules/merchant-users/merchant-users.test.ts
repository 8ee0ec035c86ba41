import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customRoles, memberships, merchants, users } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { createUser } from '../auth/users.repository';
import { createTestApp, type TestApp } from '../../test/app';

const NEW_PASSWORD = 'Invited-Pass-1';

describe('merchant users', () => {
  let t: TestApp;
  let merchantId: string;
  let rivalId: string;
  let admin: string;
  const usersPath = () => `/api/merchants/${merchantId}/users/`;

  beforeAll(async () => {
    t = await createTestApp();
    merchantId = await t.demoMerchantId();
    const [rival] = await t.database.db.insert(merchants).values({ name: 'Rival Cars' }).returning();
    rivalId = rival!.id;
    const rivalUser = await createUser(t.database.db, {
      email: 'owner@rival.test',
      passwordHash: await hashPassword('Rival-Pass-1'),
      firstName: 'Rita',
      lastName: 'Rival',
      isSuperAdmin: false,
      isPartner: false,
    });
    await t.database.db
      .insert(memberships)
      .values({ userId: rivalUser.id, merchantId: rivalId, roles: ['admin'] });
    admin = await t.demoToken('admin');
  });
  afterAll(() => t.close());

  const invite = (json: Record<string, unknown>, token = admin) =>
    t.request(usersPath(), {
      method: 'POST',
      token,
      json: { first_name: 'Nia', last_name: 'New', role: 'staff', ...json },
    });

  async function inviteLink(email: string) {
    const mail = (await t.request(`/api/dev/outbox/emails/?to=${email}`)).body.results[0];
    const [, id, token] = mail.text.match(/\/user-invite\/([^/\s]+)\/([^/\s]+)/);
    return { id: id as string, token: token as string, text: mail.text as string };
  }

  const accept = (link: { id: string; token: string }) =>
    t.request(`/api/user-invites/${link.id}/${link.token}/`, {
      method: 'POST',
      json: { password: NEW_PASSWORD, password_confirm: NEW_PASSWORD },
    });

  async function invitedAndAccepted(email: string, role: 'admin' | 'staff' = 'staff') {
    const created = await invite({ email, role });
    expect(created.status).toBe(201);
    expect((await accept(await inviteLink(email))).status).toBe(200);
    return created.body.id as string;
  }

  it('invites a user who sets a password through the emailed link, then signs in as staff', async () => {
    const created = await invite({ email: 'Nia@Example.test' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      email: 'nia@example.test',
      first_name: 'Nia',
      roles: ['staff'],
      role: 'staff',
      custom_role: null,
      is_pending: true,
      is_active: true,
      status: 'Pending',
    });
    const link = await inviteLink('nia@example.test');
    expect(link.text).toContain('Alex Admin invited you to join Demo Motors');
    expect(link.text).toContain(`${t.config.publicUrl}/user-invite/`);
    expect((await t.request(`/api/user-invites/${link.id}/${link.token}/`)).body).toEqual({
      email: 'nia@example.test',
      first_name: 'Nia',
      last_name: 'New',
      organization: 'Demo Motors',
    });

    const mismatch = await t.request(`/api/user-invites/${link.id}/${link.token}/`, {
      method: 'POST',
      json: { password: NEW_PASSWORD, password_confirm: 'Other-Pass-1' },
    });
    expect(mismatch.body).toEqual({ password_confirm: ['Passwords do not match'] });
    const accepted = await accept(link);
    expect(accepted.body).toEqual({ detail: 'Your password has been set. You can sign in now.' });
    expect((await accept(link)).body).toEqual({ non_field_errors: ['Invalid Token'] });

    const { access } = await t.signIn('nia@example.test', NEW_PASSWORD);
    const profile = (await t.request('/api/profile/', { token: access })).body.results[0];
    expect(profile.roles).toEqual(['staff']);
    expect(profile.organization.name).toBe('Demo Motors');
    const listed = await t.request(`${usersPath()}?search=nia`, { token: admin });
    expect(listed.body.results).toEqual([
      expect.objectContaining({ email: 'nia@example.test', status: 'Active' }),
    ]);
  });

  it('refuses emails of members, of other organisations, and invalid ones', async () => {
    expect((await invite({ email: 'staff@demo.paylane.test' })).body).toEqual({
      email: ['Email address already in use'],
    });
    expect((await invite({ email: 'owner@rival.test' })).body).toEqual({
      email: ['User already belongs to an organization'],
    });
    expect((await invite({ email: 'superadmin@demo.paylane.test' })).body).toEqual({
      email: ['Email address already in use'],
    });
    const invalid = await invite({ email: 'not-an-email', first_name: '' });
    expect(invalid.body).toMatchObject({ email: ['Email is not valid'], first_name: ['Required'] });
  });

  it('resends an invite: the old link stops working, the new one works', async () => {
    const created = await invite({ email: 'late@example.test' });
    const first = await inviteLink('late@example.test');
    const resent = await t.request(`${usersPath()}${created.body.id}/resend_invite/`, {
      method: 'POST',
      token: admin,
    });
    expect(resent.status).toBe(200);
    const second = await inviteLink('late@example.test');
    expect(second.token).not.toBe(first.token);
    expect((await t.request(`/api/user-invites/${first.id}/${first.token}/`)).body).toEqual({
      non_field_errors: ['Invalid Token'],
    });
    expect((await accept(second)).status).toBe(200);
    const again = await t.request(`${usersPath()}${created.body.id}/resend_invite/`, {
      method: 'POST',
      token: admin,
    });
    expect(again.body).toEqual({ non_field_errors: ['Password has already been set'] });
  });

  it('says the password is set when the invited user already has one', async () => {
    await invite({ email: 'set@example.test' });
    const link = await inviteLink('set@example.test');
    await t.database.db
      .update(users)
      .set({ passwordHash: await hashPassword(NEW_PASSWORD) })
      .where(eq(users.email, 'set@example.test'));
    expect((await t.request(`/api/user-invites/${link.id}/${link.token}/`)).body).toEqual({
      non_field_errors: ['Password has already been set'],
    });
    expect((await accept(link)).body).toEqual({ non_field_errors: ['Password has already been set'] });
  });

  it('disables a user at once (their token stops working) and enables them again', async () => {
    const userId = await invitedAndAccepted('dee@example.test');
    const session = await t.signIn('dee@example.test', NEW_PASSWORD);
    expect((await t.request('/api/profile/', { token: session.access })).status).toBe(200);

    const disabled = await t.request(`${usersPath()}${userId}/disable/`, { method: 'POST', token: admin });
    expect(disabled.body).toMatchObject({ is_active: false, status: 'Inactive', role: 'staff' });
    expect((await t.request('/api/profile/', { token: session.access })).status).toBe(401);
    const refresh = await t.request('/api/token/refresh/', {
      method: 'POST',
      json: { refresh: session.refresh },
    });
    expect(refresh.status).toBe(401);

    const enabled = await t.request(`${usersPath()}${userId}/enable/`, { method: 'POST', token: admin });
    expect(enabled.body).toMatchObject({ is_active: true, status: 'Active', role: 'staff' });
    expect((await t.signIn('dee@example.test', NEW_PASSWORD)).access).toBeTruthy();
  });

  it('disabling your own account also removes your roles in the merchant', async () => {
    const userId = await invitedAndAccepted('self@example.test', 'admin');
    const own = (await t.signIn('self@example.test', NEW_PASSWORD)).access;
    const disabled = await t.request(`${usersPath()}${userId}/disable/`, { method: 'POST', token: own });
    expect(disabled.body).toMatchObject({ roles: [], role: null, custom_role: null, status: 'Inactive' });
    expect((await t.request(usersPath(), { token: own })).status).toBe(401);
    const [membership] = await t.database.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.userId, userId), eq(memberships.merchantId, merchantId)));
    expect(membership).toMatchObject({ roles: [], customRoleId: null });
  });

  it('changes role and custom role; a custom role of another merchant is refused', async () => {
    const userId = await invitedAndAccepted('rory@example.test');
    const [own] = await t.database.db
      .insert(customRoles)
      .values({ merchantId, name: 'Collector' })
      .returning();
    const [foreign] = await t.database.db
      .insert(customRoles)
      .values({ merchantId: rivalId, name: 'Rival role' })
      .returning();
    const put = (json: Record<string, unknown>) =>
      t.request(`${usersPath()}${userId}/`, { method: 'PUT', token: admin, json });

    expect((await put({ custom_role_id: foreign!.id })).body).toEqual({
      custom_role_id: ['Role does not belong to this merchant'],
    });
    expect((await invite({ email: 'x@example.test', custom_role_id: foreign!.id })).body).toEqual({
      custom_role_id: ['Role does not belong to this merchant'],
    });
    const changed = await put({ role: 'admin', custom_role_id: own!.id });
    expect(changed.body).toMatchObject({
      role: 'admin',
      roles: ['Collector', 'admin'],
      custom_role: { id: own!.id, role_name: 'Collector' },
    });
    expect((await put({ custom_role_id: null })).body).toMatchObject({ role: 'admin', custom_role: null });
  });

  it('never shows or touches users of another merchant, nor super admins', async () => {
    const [rivalUser] = await t.database.db.select().from(users).where(eq(users.email, 'owner@rival.test'));
    const list = await t.request(`${usersPath()}?page_size=1000`, { token: admin });
    const emails = list.body.results.map((user: { email: string }) => user.email);
    expect(emails).toContain('staff@demo.paylane.test');
    expect(emails).not.toContain('owner@rival.test');
    expect(emails).not.toContain('superadmin@demo.paylane.test');
    for (const action of ['disable/', 'enable/', 'resend_invite/']) {
      const response = await t.request(`${usersPath()}${rivalUser!.id}/${action}`, {
        method: 'POST',
        token: admin,
      });
      expect(response.status).toBe(404);
    }
    const put = await t.request(`${usersPath()}${rivalUser!.id}/`, {
      method: 'PUT',
      token: admin,
      json: { role: 'staff' },
    });
    expect(put.status).toBe(404);
    expect((await t.request(`/api/merchants/${rivalId}/users/`, { token: admin })).status).toBe(404);
  });

  it('refuses staff (403)', async () => {
    const staff = await t.demoToken('staff');
    expect((await t.request(usersPath(), { token: staff })).status).toBe(403);
    expect((await invite({ email: 'y@example.test' }, staff)).status).toBe(403);
  });
});
