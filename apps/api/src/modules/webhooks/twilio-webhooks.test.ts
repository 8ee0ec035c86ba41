import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchants, messages, messageStatusEvents } from '../../db/schema';
import { createSmsProvider } from '../../providers/sms/create-sms-provider';
import type { TwilioStandIn } from '../../providers/sms/twilio-stand-in';
import type { TestApp } from '../../test/app';
import { createTwilioTestApp, TWILIO_TEST_PUBLIC_URL, type TwilioTestApp } from './twilio-test-app';
import {
  addCustomer,
  consentOf,
  messagesOf,
  optedOutAt,
  setUpMerchants,
} from '../inbound-messages/inbound-test-setup';

const accountSid = 'AC' + '1'.repeat(32);
const authToken = 'webhook-test-auth-token';
const publicUrl = TWILIO_TEST_PUBLIC_URL;
// The demo merchant's own number: inbound texts reach it by the number texted.
const merchantNumber = '+12145550123';
const inboundUrl = `${publicUrl}/api/webhooks/twilio/inbound/`;

let twilio: TwilioTestApp;
let t: TestApp;
let standIn: TwilioStandIn;
let demoId: string;

// The app is configured with its public URL, as in production behind a proxy; Twilio signs that URL and the
// stand-in delivers to where the test app really listens.
beforeAll(async () => {
  twilio = await createTwilioTestApp({ accountSid, authToken });
  ({ t, standIn } = twilio);
  ({ demoId } = await setUpMerchants(t.database.db));
  await t.database.db
    .update(merchants)
    .set({ smsFromNumber: merchantNumber })
    .where(eq(merchants.id, demoId));
});
afterAll(async () => {
  await twilio.close();
});

/** A text handed to Twilio (the stand-in) and recorded as the dispatcher would: queued, with Twilio's sid. */
async function sentMessage(customerId: string, to: string) {
  const sms = createSmsProvider(t.config, t.database.db);
  const handOver = await sms.send({
    to,
    from: merchantNumber,
    body: 'Your payment is due',
    idempotencyKey: 'k',
  });
  const [row] = await t.database.db
    .insert(messages)
    .values({
      merchantId: demoId,
      customerId,
      direction: 'outbound',
      kind: 'chat',
      body: 'Your payment is due',
      toAddress: to,
      fromAddress: merchantNumber,
      status: handOver.status,
      provider: 'twilio',
      providerMessageId: handOver.providerMessageId,
    })
    .returning();
  return { sid: handOver.providerMessageId, id: row!.id };
}

async function messageRow(id: string) {
  const [row] = await t.database.db.select().from(messages).where(eq(messages.id, id));
  return row!;
}

async function statusEventCount(id: string) {
  return (await t.database.db.select().from(messageStatusEvents).where(eq(messageStatusEvents.messageId, id)))
    .length;
}

describe('Twilio status callbacks', () => {
  it('move a message forward; a replayed callback and an older one after delivered change nothing', async () => {
    const customerId = await addCustomer(t.database.db, demoId, '+15125550101');
    const { sid, id } = await sentMessage(customerId, '+15125550101');
    expect((await standIn.sendStatus(sid, 'sent')).status).toBe(200);
    expect((await messageRow(id)).status).toBe('sent');
    expect((await standIn.sendStatus(sid, 'delivered')).status).toBe(200);
    const delivered = await messageRow(id);
    expect(delivered).toMatchObject({ status: 'delivered', errorCode: null });

    t.clock.advance(60);
    expect((await standIn.sendStatus(sid, 'delivered')).status).toBe(200);
    expect((await standIn.sendStatus(sid, 'sent')).status).toBe(200);
    expect(await messageRow(id)).toEqual(delivered);
    expect(await statusEventCount(id)).toBe(2);
  });

  it('stores a delivery error with a readable message (30006 landline)', async () => {
    const customerId = await addCustomer(t.database.db, demoId, '+15125550102');
    const { sid, id } = await sentMessage(customerId, '+15125550102');
    await standIn.sendStatus(sid, 'undelivered', { errorCode: 30006 });
    expect(await messageRow(id)).toMatchObject({
      status: 'undelivered',
      errorCode: '30006',
      errorMessage: 'Landline or unreachable carrier: this number cannot receive texts.',
    });
    expect(await optedOutAt(t.database.db, customerId)).toBeNull();
  });

  it('21610 in a callback opts the customer out, recorded as the provider saying so', async () => {
    const customerId = await addCustomer(t.database.db, demoId, '+15125550103');
    const { sid, id } = await sentMessage(customerId, '+15125550103');
    await standIn.sendStatus(sid, 'failed', { errorCode: 21610 });
    expect(await messageRow(id)).toMatchObject({ status: 'failed', errorCode: '21610' });
    expect(await optedOutAt(t.database.db, customerId)).not.toBeNull();
    expect(await consentOf(t.database.db, customerId)).toMatchObject([
      { action: 'opt_out', source: 'provider', detail: '21610', messageId: id, channel: 'sms' },
    ]);
  });

  it('a callback that outruns the dispatcher recording the hand-over finds its message by our id', async () => {
    const to = '+15125550109';
    const customerId = await addCustomer(t.database.db, demoId, to);
    // Claimed and being handed over: the dispatcher records Twilio's sid only after its whole chunk.
    const [claimed] = await t.database.db
      .insert(messages)
      .values({
        merchantId: demoId,
        customerId,
        direction: 'outbound',
        kind: 'batch',
        body: 'Hi',
        toAddress: to,
        status: 'sending',
      })
      .returning();
    const sms = createSmsProvider(t.config, t.database.db);
    const { providerMessageId: sid } = await sms.send({
      to,
      from: merchantNumber,
      body: 'Hi',
      idempotencyKey: claimed!.id,
    });
    expect((await standIn.sendStatus(sid, 'sent')).status).toBe(200);
    expect(await messageRow(claimed!.id)).toMatchObject({
      status: 'sent',
      provider: 'twilio',
      providerMessageId: sid,
      fromAddress: merchantNumber,
    });
    await standIn.sendStatus(sid, 'delivered');
    expect((await messageRow(claimed!.id)).status).toBe('delivered');
  });

  it('a bad or missing signature is refused with 403 and stores nothing', async () => {
    const customerId = await addCustomer(t.database.db, demoId, '+15125550104');
    const { sid, id } = await sentMessage(customerId, '+15125550104');
    const forged = await standIn.sendStatus(sid, 'delivered', { signWith: 'not-the-token' });
    expect(forged.status).toBe(403);
    expect(JSON.parse(forged.body)).toEqual({ detail: 'Invalid signature' });
    const unsigned = await fetch(`${twilio.appBase}/api/webhooks/twilio/status/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ MessageSid: sid, MessageStatus: 'delivered' }).toString(),
    });
    expect(unsigned.status).toBe(403);
    expect(await messageRow(id)).toMatchObject({ status: 'queued' });
    expect(await statusEventCount(id)).toBe(0);
  });
});

describe('Twilio inbound webhook', () => {
  it('stores the text with its media and answers empty TwiML; a redelivery stores nothing more', async () => {
    const customerId = await addCustomer(t.database.db, demoId, '+15125550105');
    const media = [
      {
        url: 'https://api.twilio.com/2010-04-01/Accounts/AC1/Messages/MM1/Media/ME1',
        contentType: 'image/jpeg',
      },
    ];
    const first = await standIn.sendInbound({
      url: inboundUrl,
      from: '+15125550105',
      to: merchantNumber,
      body: 'I paid yesterday',
      media,
    });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/^text\/xml/);
    expect(first.body).toContain('<Response/>');
    const again = await standIn.sendInbound({
      url: inboundUrl,
      from: '+15125550105',
      to: merchantNumber,
      body: 'I paid yesterday',
      media,
      sid: first.sid,
    });
    expect(again.status).toBe(200);
    const rows = await messagesOf(t.database.db, customerId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      direction: 'inbound',
      kind: 'inbound',
      status: 'received',
      body: 'I paid yesterday',
      provider: 'twilio',
      providerMessageId: first.sid,
      fromAddress: '+15125550105',
      toAddress: merchantNumber,
      attachments: [{ url: media[0]!.url, type: 'image/jpeg' }],
    });
  });

  it('STOP delivered twice by Twilio opts out once; Twilio answers it, so we queue no reply of ours', async () => {
    const customerId = await addCustomer(t.database.db, demoId, '+15125550106');
    const stop = await standIn.sendInbound({
      url: inboundUrl,
      from: '+15125550106',
      to: merchantNumber,
      body: 'STOP',
    });
    await standIn.sendInbound({
      url: inboundUrl,
      from: '+15125550106',
      to: merchantNumber,
      body: 'STOP',
      sid: stop.sid,
    });
    expect(await optedOutAt(t.database.db, customerId)).not.toBeNull();
    expect(await consentOf(t.database.db, customerId)).toMatchObject([
      { action: 'opt_out', source: 'keyword', detail: 'STOP' },
    ]);
    // SMS_KEYWORD_REPLIES defaults to 'provider' with Twilio: its default opt-out handling has replied.
    const replies = (await messagesOf(t.database.db, customerId)).filter((m) => m.kind === 'keyword_reply');
    expect(replies).toHaveLength(0);
  });

  it('a forged inbound message is refused with 403 and stores nothing', async () => {
    const customerId = await addCustomer(t.database.db, demoId, '+15125550107');
    const forged = await standIn.sendInbound({
      url: inboundUrl,
      from: '+15125550107',
      to: merchantNumber,
      body: 'STOP',
      signWith: 'not-the-token',
    });
    expect(forged.status).toBe(403);
    expect(JSON.parse(forged.body)).toEqual({ detail: 'Invalid signature' });
    expect(await messagesOf(t.database.db, customerId)).toHaveLength(0);
    expect(await optedOutAt(t.database.db, customerId)).toBeNull();
    expect(await consentOf(t.database.db, customerId)).toHaveLength(0);
  });

  it('the query string Twilio was given is part of what is signed', async () => {
    const customerId = await addCustomer(t.database.db, demoId, '+15125550108');
    const answer = await standIn.sendInbound({
      url: `${inboundUrl}?source=main`,
      from: '+15125550108',
      to: merchantNumber,
      body: 'Hello',
    });
    expect(answer.status).toBe(200);
    expect(await messagesOf(t.database.db, customerId)).toHaveLength(1);
  });

  it('an unknown sender gets 200 and nothing is stored', async () => {
    const before = (await t.database.db.select({ id: messages.id }).from(messages)).length;
    const unknown = await standIn.sendInbound({
      url: inboundUrl,
      from: '+15125550999',
      to: merchantNumber,
      body: 'hi',
    });
    expect(unknown.status).toBe(200);
    expect((await t.database.db.select({ id: messages.id }).from(messages)).length).toBe(before);
  });

  it('the form parser belongs to the webhooks: other API routes still refuse form bodies', async () => {
    const response = await fetch(`${twilio.appBase}/api/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=admin%40demo.paylane.test&password=x',
    });
    expect(response.status).toBe(415);
  });
});
