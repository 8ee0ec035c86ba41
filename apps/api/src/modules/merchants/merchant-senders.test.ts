import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchants } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';

// A merchant's own sender (issue 14 finding 6): set by a super admin on the merchant record, E.164 and
// unique across merchants, so an inbound text leads back to one merchant.

const platformService = 'MG' + 'f'.repeat(32);
let t: TestApp;
let superAccess: string;
let demoId: string;

beforeAll(async () => {
  t = await createTestApp({ TWILIO_MESSAGING_SERVICE_SID: platformService });
  superAccess = await t.demoToken('superadmin');
  demoId = await t.demoMerchantId();
});
afterAll(() => t.close());

const record = {
  name: 'Demo Motors',
  integration_type: null,
  is_integrated: false,
  check_custom_roles: false,
  allow_group_message: true,
  time_zone: 'America/Chicago',
  status: 'active',
};

const put = (id: string, fields: Record<string, unknown>) =>
  t.request(`/api/merchants/${id}/`, { method: 'PUT', token: superAccess, json: { ...record, ...fields } });

describe("a merchant's sender", () => {
  it('is set by a super admin, stored as E.164, kept when left out and cleared with null', async () => {
    const set = await put(demoId, {
      sms_from_number: '(214) 555-0123',
      sms_messaging_service_sid: 'MG' + 'A'.repeat(32),
    });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({
      sms_from_number: '+12145550123',
      sms_messaging_service_sid: 'MG' + 'a'.repeat(32),
    });
    // The web form's PUT does not send the sender fields: they stay.
    expect((await put(demoId, {})).body.sms_from_number).toBe('+12145550123');
    const read = await t.request(`/api/merchants/${demoId}/`, { token: superAccess });
    expect(read.body).toMatchObject({ sms_from_number: '+12145550123' });

    const cleared = await put(demoId, { sms_from_number: null, sms_messaging_service_sid: '' });
    expect(cleared.body).toMatchObject({ sms_from_number: null, sms_messaging_service_sid: null });
  });

  it('refuses what is not a phone number or a Messaging Service SID', async () => {
    const answer = await put(demoId, { sms_from_number: '555-01', sms_messaging_service_sid: 'PN123' });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      sms_from_number: ['Phone number is not valid'],
      sms_messaging_service_sid: ['Messaging service SID is not valid (MG followed by 32 characters)'],
    });
  });

  it("refuses another merchant's number or service, its outbox number, and the platform's own", async () => {
    const created = await t.request('/api/merchants/', {
      method: 'POST',
      token: superAccess,
      json: {
        name: 'Rival Autos',
        sms_from_number: '+12145550124',
        sms_messaging_service_sid: 'MG' + 'b'.repeat(32),
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ sms_from_number: '+12145550124' });
    const [rival] = await t.database.db.select().from(merchants).where(eq(merchants.id, created.body.id));

    const taken = { sms_from_number: ['Phone Number is Already in Use'] };
    expect((await put(demoId, { sms_from_number: '(214) 555-0124' })).body).toEqual(taken);
    expect((await put(demoId, { sms_from_number: rival!.outboxSmsNumber })).body).toEqual(taken);
    expect((await put(demoId, { sms_from_number: t.config.sms.fromNumber })).body).toEqual(taken);
    const serviceTaken = { sms_messaging_service_sid: ['This messaging service is already in use'] };
    expect((await put(demoId, { sms_messaging_service_sid: 'MG' + 'b'.repeat(32) })).body).toEqual(
      serviceTaken,
    );
    expect((await put(demoId, { sms_messaging_service_sid: platformService })).body).toEqual(serviceTaken);
    // Its own number again is no conflict.
    expect((await put(rival!.id, { name: 'Rival Autos', sms_from_number: '+12145550124' })).status).toBe(200);
  });

  it('gives every merchant a distinct fictitious number for the offline outbox', async () => {
    const rows = await t.database.db.select({ number: merchants.outboxSmsNumber }).from(merchants);
    expect(rows.length).toBeGreaterThan(1);
    expect(new Set(rows.map((row) => row.number)).size).toBe(rows.length);
    for (const { number } of rows) expect(number).toMatch(/^\+1[2-9]\d{2}55501\d{2}$/);
  });
});
