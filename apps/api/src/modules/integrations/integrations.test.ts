import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, customRoles, memberships, merchantIntegrations, merchants, users } from '../../db/schema';
import { createCipher } from '../../lib/encryption';
import { createTestApp, type TestApp } from '../../test/app';

describe('integrations and their credentials', () => {
  let t: TestApp;
  let merchantId: string;
  let base: string;
  const tokens: Record<'admin' | 'staff' | 'superadmin', string> = { admin: '', staff: '', superadmin: '' };

  beforeAll(async () => {
    t = await createTestApp();
    merchantId = await t.demoMerchantId();
    base = `/api/merchants/${merchantId}/integrations/`;
    for (const role of ['admin', 'staff', 'superadmin'] as const) {
      tokens[role] = await t.demoToken(role);
    }
  });
  afterAll(() => t.close());

  const auditOf = (action: string) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.merchantId, merchantId), eq(auditLog.action, action)))
      .orderBy(auditLog.id);

  it('lists every known integration to super admins only', async () => {
    const list = await t.request(base, { token: tokens.superadmin });
    expect(list.status).toBe(200);
    expect(list.body.results).toEqual(
      ['passtime', 'ituran', 'freshbooks', 'dms', 'ai_calling'].map((type) => ({
        integration_type: type,
        name: expect.any(String),
        is_enabled: false,
        has_credentials: false,
      })),
    );
    for (const role of ['admin', 'staff'] as const) {
      expect((await t.request(base, { token: tokens[role] })).status).toBe(403);
      const enable = await t.request(`${base}passtime/enable/`, { method: 'POST', token: tokens[role] });
      expect(enable.status).toBe(403);
    }
  });

  it('enables and disables idempotently, auditing each change once', async () => {
    const enable = () => t.request(`${base}dms/enable/`, { method: 'POST', token: tokens.superadmin });
    expect((await enable()).body).toEqual({
      integration_type: 'dms',
      name: 'DMS',
      is_enabled: true,
      has_credentials: false,
    });
    expect((await enable()).body.is_enabled).toBe(true);
    expect(await auditOf('integration.enabled')).toHaveLength(1);
    const disable = await t.request(`${base}dms/disable/`, { method: 'POST', token: tokens.superadmin });
    expect(disable.body.is_enabled).toBe(false);
    expect(await auditOf('integration.disabled')).toHaveLength(1);
    const unknown = await t.request(`${base}nope/enable/`, { method: 'POST', token: tokens.superadmin });
    expect(unknown.status).toBe(404);
  });

  it('stores PassTime credentials sealed, answers has_password and never the password', async () => {
    const path = `${base}passtime/credentials/`;
    const empty = await t.request(path, { token: tokens.admin });
    expect(empty.body).toEqual({ dealer_id: '', username: '', has_password: false, is_enabled: false });

    const missing = await t.request(path, {
      method: 'PUT',
      token: tokens.admin,
      json: { dealer_id: ' ', username: 'dealer-user', password: '' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ dealer_id: ['Required'] });
    const noPassword = await t.request(path, {
      method: 'PUT',
      token: tokens.admin,
      json: { dealer_id: 'D-7781', username: 'dealer-user', password: '' },
    });
    expect(noPassword.body).toEqual({ password: ['Required'] });

    const saved = await t.request(path, {
      method: 'PUT',
      token: tokens.admin,
      json: { dealer_id: 'D-7781', username: 'dealer-user', password: 'Pt-Secret-991' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      dealer_id: 'D-7781',
      username: 'dealer-user',
      has_password: true,
      is_enabled: false,
    });

    const kept = await t.request(path, {
      method: 'PUT',
      token: tokens.admin,
      json: { dealer_id: 'D-7782', username: 'dealer-user' },
    });
    expect(kept.body).toMatchObject({ dealer_id: 'D-7782', has_password: true });

    const [row] = await t.database.db
      .select()
      .from(merchantIntegrations)
      .where(
        and(
          eq(merchantIntegrations.merchantId, merchantId),
          eq(merchantIntegrations.integrationType, 'passtime'),
        ),
      );
    const sealed = row!.credentialsEncrypted!;
    for (const secret of ['Pt-Secret-991', 'dealer-user', 'D-7782']) expect(sealed).not.toContain(secret);
    const opened = JSON.parse(createCipher(t.config.encryptionKey).decrypt(sealed));
    expect(opened).toEqual({ dealer_id: 'D-7782', username: 'dealer-user', password: 'Pt-Secret-991' });

    const answers = [
      await t.request(path, { token: tokens.admin }),
      await t.request(base, { token: tokens.superadmin }),
    ];
    for (const answer of answers) expect(JSON.stringify(answer.body)).not.toContain('Pt-Secret-991');
    expect(answers[1]!.body.results[0]).toMatchObject({
      integration_type: 'passtime',
      has_credentials: true,
    });
    const audits = await auditOf('integration.credentials_updated');
    expect(audits.map((audit) => audit.after)).toEqual([
      { has_password: true, changed_fields: ['password', 'dealer_id', 'username'] },
      { has_password: true, changed_fields: ['dealer_id'] },
    ]);
    for (const secret of ['Pt-Secret-991', 'dealer-user'])
      expect(JSON.stringify(audits)).not.toContain(secret);
  });

  it('validates Ituran credentials with the shared messages', async () => {
    const path = `${base}ituran/credentials/`;
    const bad = await t.request(path, { method: 'PUT', token: tokens.superadmin, json: { password: 'x' } });
    expect(bad.body).toEqual({ username: ['Required'], account_code: ['Required'] });
    const saved = await t.request(path, {
      method: 'PUT',
      token: tokens.superadmin,
      json: { username: 'it-user', account_code: 'AC-1', password: 'It-Secret-1' },
    });
    expect(saved.body).toEqual({
      username: 'it-user',
      account_code: 'AC-1',
      has_password: true,
      is_enabled: false,
    });
  });

  it('refuses staff, and grants PassTime to the custom-role flag on a check_custom_roles merchant', async () => {
    const passtime = `${base}passtime/credentials/`;
    const ituran = `${base}ituran/credentials/`;
    expect((await t.request(passtime, { token: tokens.staff })).status).toBe(403);
    const [role] = await t.database.db
      .insert(customRoles)
      .values({ merchantId, name: 'Tracker', permissions: { is_merchant_passtime_allowed: true } })
      .returning();
    const [staff] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'staff@demo.paylane.test'));
    await t.database.db
      .update(memberships)
      .set({ customRoleId: role!.id })
      .where(and(eq(memberships.userId, staff!.id), eq(memberships.merchantId, merchantId)));
    // Without check_custom_roles the flag counts for nothing (docs/product.md §6).
    expect((await t.request(passtime, { token: tokens.staff })).status).toBe(403);
    await t.database.db.update(merchants).set({ checkCustomRoles: true }).where(eq(merchants.id, merchantId));
    expect((await t.request(passtime, { token: tokens.staff })).status).toBe(200);
    expect((await t.request(ituran, { token: tokens.staff })).status).toBe(403);
    expect((await t.request(base, { token: tokens.staff })).status).toBe(403);
  });
});
