import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages as catalogue } from '@paylane/shared/messages';
import { merchants, messages } from '../../db/schema';
import type { TwilioStandIn } from '../../providers/sms/twilio-stand-in';
import type { TestApp } from '../../test/app';
import { createTwilioTestApp, TWILIO_TEST_PUBLIC_URL, type TwilioTestApp } from './twilio-test-app';
import { addMember, MEMBER_PASSWORD } from '../../test/members';
import { insertLocation, insertPeople } from '../inbox/inbox-test-setup';
import { addCustomer, consentOf, messagesOf, optedOutAt } from '../inbound-messages/inbound-test-setup';
import { DISPATCH_JOB } from '../messaging/dispatch-request.service';
import { insertPendingMessages } from '../messaging/pending-messages.repository';
import { waitUntil } from '../../test/wait';

// The whole path with SMS_PROVIDER=twilio: the dispatcher hands texts to Twilio (the stand-in), Twilio's
// refusals and callbacks come back, and a STOP's confirmation leaves through Twilio too. A merchant's texts
// leave from its own number or Messaging Service, never the platform's shared number.

const accountSid = 'AC' + '2'.repeat(32);
const authToken = 'dispatch-test-auth-token';
const publicUrl = TWILIO_TEST_PUBLIC_URL;
const platformNumber = '+15005550006';
const merchantNumber = '+12145550123';

let twilio: TwilioTestApp;
let t: TestApp;
let standIn: TwilioStandIn;
let merchantId: string;
let admin: string;

beforeAll(async () => {
  twilio = await createTwilioTestApp({
    accountSid,
    authToken,
    // As with Twilio's Advanced Opt-Out replies turned off: we send the one confirmation ourselves.
    env: { SMS_KEYWORD_REPLIES: 'ours' },
    options: { jobs: true },
  });
  ({ t, standIn } = twilio);
  // No quiet hours: the texts may leave whatever the hour in Texas.
  const [merchant] = await t.database.db
    .update(merchants)
    .set({ quietHoursStart: '00:00', quietHoursEnd: '00:00' })
    .where(eq(merchants.name, 'Demo Motors'))
    .returning({ id: merchants.id });
  merchantId = merchant!.id;
  admin = await t.demoToken('admin');
  // Its own number, set by a super admin on the merchant record.
  const superAdmin = await t.demoToken('superadmin');
  const record = await t.request(`/api/merchants/${merchantId}/`, { token: superAdmin });
  const { id: _id, logo: _logo, ...fields } = record.body as Record<string, unknown>;
  const updated = await t.request(`/api/merchants/${merchantId}/`, {
    method: 'PUT',
    token: superAdmin,
    json: { ...fields, sms_from_number: merchantNumber },
  });
  expect(updated.status).toBe(200);
});
afterAll(async () => {
  await twilio.close();
});

async function massText(customerIds: string[], message: string) {
  const response = await t.request(`/api/merchants/${merchantId}/customers/send_customers_message/`, {
    method: 'POST',
    token: admin,
    json: { message, customers: customerIds, batch_name: `Batch ${message}` },
  });
  expect(response.status).toBe(200);
  return response.body as { batch_id: string; queued: number; skipped: number };
}

/** Waits until the condition holds (the dispatcher runs in its own job). */
function eventually<T>(read: () => Promise<T>, isDone: (value: T) => boolean): Promise<T> {
  return waitUntil(async () => {
    const value = await read();
    if (!isDone(value)) throw new Error(`not yet: ${JSON.stringify(value)}`);
    return value;
  });
}

const batchMessage = async (batchId: string, customerId: string) => {
  const [row] = await t.database.db
    .select()
    .from(messages)
    .where(and(eq(messages.batchId, batchId), eq(messages.customerId, customerId)));
  return row!;
};

describe('SMS_PROVIDER=twilio end to end', () => {
  it('21610 marks the customer opted out; the next send leaves them out', async () => {
    const refused = await addCustomer(t.database.db, merchantId, '+15125550401', 'Refused');
    const fine = await addCustomer(t.database.db, merchantId, '+15125550402', 'Fine');
    standIn.refuse('+15125550401', 21610);
    const batch = await massText([refused, fine], 'Your payment is due. Reply STOP to opt out.');
    expect(batch).toMatchObject({ queued: 2, skipped: 0 });

    const failed = await eventually(
      () => batchMessage(batch.batch_id, refused),
      (row) => row.status === 'failed',
    );
    expect(failed).toMatchObject({ status: 'failed', errorCode: '21610' });
    expect(await optedOutAt(t.database.db, refused)).not.toBeNull();
    expect(await consentOf(t.database.db, refused)).toMatchObject([
      { action: 'opt_out', source: 'provider', detail: '21610', channel: 'sms' },
    ]);

    // The other text went to Twilio with our callback URL, and Twilio's callbacks move it on.
    const queued = await eventually(
      () => batchMessage(batch.batch_id, fine),
      (row) => row.providerMessageId !== null,
    );
    const atTwilio = standIn.messages.find((m) => m.sid === queued.providerMessageId)!;
    expect(atTwilio).toMatchObject({
      to: '+15125550402',
      from: merchantNumber,
      body: 'Your payment is due. Reply STOP to opt out.',
      statusCallback: `${publicUrl}/api/webhooks/twilio/status/?message_id=${queued.id}`,
    });
    expect((await standIn.sendStatus(atTwilio.sid, 'delivered')).status).toBe(200);
    expect(await batchMessage(batch.batch_id, fine)).toMatchObject({
      status: 'delivered',
      provider: 'twilio',
    });

    const next = await massText([refused, fine], 'Second reminder');
    expect(next).toMatchObject({ queued: 1, skipped: 1 });
    expect(standIn.messages.filter((m) => m.to === '+15125550401')).toHaveLength(0);
  });

  it("a STOP's one confirmation reaches the customer through Twilio although they are now opted out", async () => {
    const customerId = await addCustomer(t.database.db, merchantId, '+15125550403', 'Stopper');
    const url = `${publicUrl}/api/webhooks/twilio/inbound/`;
    const stop = await standIn.sendInbound({ url, from: '+15125550403', to: merchantNumber, body: 'stop' });
    expect(stop.status).toBe(200);
    await standIn.sendInbound({ url, from: '+15125550403', to: merchantNumber, body: 'STOP' });
    const reply = await eventually(
      async () => (await messagesOf(t.database.db, customerId)).find((m) => m.kind === 'keyword_reply'),
      (row) => row?.providerMessageId != null,
    );
    expect(reply).toMatchObject({ provider: 'twilio', toAddress: '+15125550403' });
    const texts = standIn.messages.filter((m) => m.to === '+15125550403');
    expect(texts.map((m) => [m.from, m.body])).toEqual([
      [
        merchantNumber,
        'Demo Motors: You are unsubscribed and will receive no further texts. Reply START to resubscribe.',
      ],
    ]);
  });

  it('a merchant without a sender of its own cannot text: 400 at send, and its queued texts never leave', async () => {
    const [bare] = await t.database.db
      .insert(merchants)
      .values({
        name: 'No Number Autos',
        allowGroupMessage: true,
        quietHoursStart: '00:00',
        quietHoursEnd: '00:00',
      })
      .returning();
    await addMember(t.database.db, { merchantId: bare!.id, email: 'owner@no-number.test', roles: ['admin'] });
    const owner = (await t.signIn('owner@no-number.test', MEMBER_PASSWORD)).access;
    const [person] = await insertPeople(t, {
      merchantId: bare!.id,
      locationId: await insertLocation(t, bare!.id, 'Bare lot'),
      people: [{ first: 'Nia', last: 'Bare', externalId: 'BARE-1', phone: '+15125550404' }],
    });
    const refusal = { non_field_errors: [catalogue.noTextSender] };
    expect(catalogue.noTextSender).toBe('This merchant has no text messaging number yet');

    const chat = await t.request(`/api/merchants/${bare!.id}/accounts/${person!.accountId}/send_message/`, {
      method: 'POST',
      token: owner,
      json: { customer: person!.id, message: 'Hello' },
    });
    expect([chat.status, chat.body]).toEqual([400, refusal]);
    const mass = await t.request(`/api/merchants/${bare!.id}/customers/send_customers_message/`, {
      method: 'POST',
      token: owner,
      json: { message: 'Hello all', customers: [person!.id], batch_name: 'Refused' },
    });
    expect([mass.status, mass.body]).toEqual([400, refusal]);

    // A text already queued (an automation's, or one written before the merchant lost its number) fails.
    const [queued] = await insertPendingMessages(t.database.db, [
      {
        merchantId: bare!.id,
        customerId: person!.id,
        kind: 'chat',
        body: 'Queued before',
        toAddress: '+15125550404',
      },
    ]);
    await t.queue!.send(DISPATCH_JOB, {});
    const failed = await eventually(
      async () => (await messagesOf(t.database.db, person!.id)).find((m) => m.id === queued!.id)!,
      (row) => row.status === 'failed',
    );
    expect(failed).toMatchObject({ status: 'failed', errorMessage: catalogue.noTextSender, provider: null });
    expect(standIn.messages.filter((m) => m.to === '+15125550404')).toHaveLength(0);
    // What Twilio was asked for, over the whole file: never a text from the platform's shared number.
    const sends = standIn.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/Messages.json'));
    expect(sends.length).toBeGreaterThan(0);
    expect(sends.filter((r) => r.params.get('From') === platformNumber)).toEqual([]);
  });

  it('a merchant with only a Messaging Service sends through it, with no From of ours', async () => {
    const service = 'MG' + 'd'.repeat(32);
    const [pooled] = await t.database.db
      .insert(merchants)
      .values({
        name: 'Pool Autos',
        quietHoursStart: '00:00',
        quietHoursEnd: '00:00',
        smsMessagingServiceSid: service,
      })
      .returning();
    const customerId = await addCustomer(t.database.db, pooled!.id, '+15125550405', 'Pooled');
    await insertPendingMessages(t.database.db, [
      { merchantId: pooled!.id, customerId, kind: 'chat', body: 'From the pool', toAddress: '+15125550405' },
    ]);
    await t.queue!.send(DISPATCH_JOB, {});
    await eventually(
      async () => standIn.requests.find((r) => r.params.get('To') === '+15125550405'),
      (request) => request !== undefined,
    );
    const sent = standIn.requests.find((r) => r.params.get('To') === '+15125550405')!;
    expect(sent.params.get('MessagingServiceSid')).toBe(service);
    expect(sent.params.get('From')).toBeNull();
  });
});
