import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';

const validSettings = {
  name: 'Demo Motors',
  email: 'Office@Demo-Motors.test',
  phone: '(312) 555-0142',
  website: 'https://demo-motors.test',
  time_zone: 'America/Chicago',
  quiet_hours_start: '20:30',
  quiet_hours_end: '08:15',
  min_payment_amount_cents: 500,
  max_payment_amount_cents: 250_000,
};

describe('merchant general settings', () => {
  let t: TestApp;
  let merchantId: string;
  let path: string;
  const tokens: Record<'admin' | 'staff' | 'superadmin', string> = { admin: '', staff: '', superadmin: '' };

  beforeAll(async () => {
    t = await createTestApp();
    merchantId = await t.demoMerchantId();
    path = `/api/merchants/${merchantId}/settings/`;
    for (const role of ['admin', 'staff', 'superadmin'] as const) {
      tokens[role] = await t.demoToken(role);
    }
  });
  afterAll(() => t.close());

  it('shows the defaults to an admin, payment limits in cents', async () => {
    const response = await t.request(path, { token: tokens.admin });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      name: 'Demo Motors',
      quiet_hours_start: '21:00',
      quiet_hours_end: '08:00',
      min_payment_amount_cents: 100,
      max_payment_amount_cents: null,
    });
  });

  it('refuses staff reading or writing the settings (docs/product.md §6: admins)', async () => {
    expect((await t.request(path, { token: tokens.staff })).status).toBe(403);
    const write = await t.request(path, { method: 'PUT', token: tokens.staff, json: validSettings });
    expect(write.status).toBe(403);
    expect(write.body).toEqual({ detail: 'You do not have permission to perform this action.' });
  });

  it('saves normalised values and audits before and after', async () => {
    const response = await t.request(path, { method: 'PUT', token: tokens.admin, json: validSettings });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      ...validSettings,
      email: 'office@demo-motors.test',
      phone: '+13125550142',
    });
    const merchant = await t.request(`/api/merchants/${merchantId}/`, { token: tokens.admin });
    expect(merchant.body.time_zone).toBe('America/Chicago');
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.merchantId, merchantId), eq(auditLog.action, 'merchant_settings.updated')));
    expect(entry?.before).toMatchObject({ min_payment_amount_cents: 100, max_payment_amount_cents: null });
    expect(entry?.after).toMatchObject({ min_payment_amount_cents: 500, max_payment_amount_cents: 250_000 });
  });

  it('answers the spec messages under their fields', async () => {
    const response = await t.request(path, {
      method: 'PUT',
      token: tokens.superadmin,
      json: {
        ...validSettings,
        name: '  ',
        email: 'nope',
        phone: '123',
        website: 'not a url',
        time_zone: 'Mars/Olympus',
        quiet_hours_start: '25:00',
        min_payment_amount_cents: 99,
      },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      name: ['Required'],
      email: ['Email is not valid'],
      phone: ['Phone number is not valid'],
      website: ['Must be a valid URL'],
      time_zone: ['Time zone is not valid'],
      quiet_hours_start: ['Time is not valid'],
      min_payment_amount_cents: ['Payment must be larger than $1.00'],
    });
  });

  it('requires the maximum to be at least the minimum; null means no maximum; blanks clear', async () => {
    const low = await t.request(path, {
      method: 'PUT',
      token: tokens.admin,
      json: { ...validSettings, min_payment_amount_cents: 5000, max_payment_amount_cents: 4999 },
    });
    expect(low.status).toBe(400);
    expect(low.body).toEqual({ max_payment_amount_cents: ['Must be at least the minimum payment amount'] });
    const open = await t.request(path, {
      method: 'PUT',
      token: tokens.admin,
      json: { ...validSettings, email: '', phone: '', website: '', max_payment_amount_cents: null },
    });
    expect(open.status).toBe(200);
    expect(open.body).toMatchObject({ email: '', phone: null, website: '', max_payment_amount_cents: null });
  });
});
