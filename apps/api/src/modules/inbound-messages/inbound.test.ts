import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, merchants, messages } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { addCustomer, consentOf, messagesOf, optedOutAt, setUpMerchants } from './inbound-test-setup';

let t: TestApp;
let demoId: string;
let demoNumber: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ demoId, demoNumber } = await setUpMerchants(t.database.db));
});
afterAll(() => t.close());

/**
 * A customer's reply, injected through the dev route (the outbox provider has no phone to reply from); without
 * `to` it goes to the number of the merchant that has the phone as a customer.
 */
function reply(from: string, body: string, extra: Record<string, unknown> = {}) {
  return t.request('/api/dev/outbox/sms/inbound/', { method: 'POST', json: { from, body, ...extra } });
}

const repliesOf = async (customerId: string) =>
  (await messagesOf(t.database.db, customerId)).filter((m) => m.kind === 'keyword_reply');

describe('inbound keywords', () => {
  it.each([
    ['STOP', '+15125550201'],
    ['stop ', '+15125550202'],
    ['Stop', '+15125550203'],
  ])(
    '%j opts out with a consent record and exactly one confirmation, even sent twice',
    async (word, phone) => {
      const customerId = await addCustomer(t.database.db, demoId, phone);
      const first = await reply(phone, word);
      expect(first.status).toBe(201);
      expect(first.body).toMatchObject({ customer_id: customerId, keyword: 'opt_out' });
      expect(first.body.reply_id).toEqual(expect.any(String));
      const second = await reply(phone, word);
      expect(second.body).toMatchObject({ keyword: 'opt_out', reply_id: null });

      expect(await optedOutAt(t.database.db, customerId)).not.toBeNull();
      expect(await consentOf(t.database.db, customerId)).toMatchObject([
        {
          action: 'opt_out',
          source: 'keyword',
          channel: 'sms',
          detail: word.trim(),
          messageId: first.body.message_id,
        },
      ]);
      const replies = await repliesOf(customerId);
      expect(replies).toHaveLength(1);
      expect(replies[0]).toMatchObject({
        direction: 'outbound',
        status: 'pending',
        toAddress: phone,
        // Answered from the merchant's number the customer texted.
        fromAddress: demoNumber,
        body: 'Demo Motors: You are unsubscribed and will receive no further texts. Reply START to resubscribe.',
      });
      // Both texts are on the conversation.
      expect(
        (await messagesOf(t.database.db, customerId)).filter((m) => m.direction === 'inbound'),
      ).toHaveLength(2);
    },
  );

  it('every opt-out keyword counts; "STOP PLEASE" and "OPT OUT" are ordinary messages', async () => {
    for (const [i, word] of [
      'STOPALL',
      'unsubscribe',
      'Cancel',
      'END',
      'quit',
      'REVOKE',
      'optout',
    ].entries()) {
      const phone = `+1512555030${i}`;
      const customerId = await addCustomer(t.database.db, demoId, phone);
      expect((await reply(phone, word)).body.keyword).toBe('opt_out');
      expect(await optedOutAt(t.database.db, customerId)).not.toBeNull();
    }
    for (const [i, text] of ['STOP PLEASE', 'OPT OUT'].entries()) {
      const phone = `+1512555031${i}`;
      const customerId = await addCustomer(t.database.db, demoId, phone);
      const answer = await reply(phone, text);
      expect(answer.body).toMatchObject({ keyword: null, reply_id: null });
      expect(await optedOutAt(t.database.db, customerId)).toBeNull();
      expect(await consentOf(t.database.db, customerId)).toHaveLength(0);
      expect(await messagesOf(t.database.db, customerId)).toMatchObject([{ kind: 'inbound', body: text }]);
    }
  });

  it('START opts back in and says so; YES from a customer who never opted out gets no answer', async () => {
    const phone = '+15125550204';
    const customerId = await addCustomer(t.database.db, demoId, phone);
    expect((await reply(phone, 'yes')).body).toMatchObject({ keyword: 'opt_in', reply_id: null });
    await reply(phone, 'STOP');
    const start = await reply(phone, 'Start');
    expect(start.body.reply_id).toEqual(expect.any(String));
    expect(await optedOutAt(t.database.db, customerId)).toBeNull();
    expect((await consentOf(t.database.db, customerId)).map((e) => [e.action, e.detail])).toEqual([
      ['opt_out', 'STOP'],
      ['opt_in', 'Start'],
    ]);
    expect((await repliesOf(customerId)).map((m) => m.body)).toEqual([
      'Demo Motors: You are unsubscribed and will receive no further texts. Reply START to resubscribe.',
      'Demo Motors: You are resubscribed and will receive texts again. Reply STOP to opt out.',
    ]);
  });

  it('HELP answers with the merchant, its phone and email, and how to opt out; consent stays as it was', async () => {
    const phone = '+15125550205';
    const customerId = await addCustomer(t.database.db, demoId, phone);
    expect((await reply(phone, 'help')).body.keyword).toBe('help');
    expect((await repliesOf(customerId)).map((m) => m.body)).toEqual([
      'Demo Motors: For help call (214) 555-0100 or email help@demo-motors.test. Reply STOP to opt out.',
    ]);
    expect(await optedOutAt(t.database.db, customerId)).toBeNull();
  });
});

describe('who sent it', () => {
  it('an unknown number stores nothing (404 here; Twilio gets its 200)', async () => {
    const before = (await t.database.db.select({ id: messages.id }).from(messages)).length;
    const answer = await reply('+15125550299', 'STOP');
    expect(answer.status).toBe(404);
    expect((await t.database.db.select({ id: messages.id }).from(messages)).length).toBe(before);
  });

  it("without `to` the phone texts its merchant's number; a merchant's own number reaches it too", async () => {
    const phone = '+15125550206';
    const customerId = await addCustomer(t.database.db, demoId, phone, 'Demo');
    const first = await reply(phone, 'Which payment?');
    expect(first.status).toBe(201);
    expect(first.body.customer_id).toBe(customerId);
    await t.database.db
      .update(merchants)
      .set({ smsFromNumber: '+12145550123' })
      .where(eq(merchants.id, demoId));
    try {
      const answer = await reply(phone, 'To your own number', { to: '(214) 555-0123' });
      expect(answer.body.customer_id).toBe(customerId);
    } finally {
      await t.database.db.update(merchants).set({ smsFromNumber: null }).where(eq(merchants.id, demoId));
    }
    expect(
      (await messagesOf(t.database.db, customerId)).map((m) => [m.direction, m.toAddress, m.body]),
    ).toEqual([
      ['inbound', demoNumber, 'Which payment?'],
      ['inbound', '+12145550123', 'To your own number'],
    ]);
  });

  it('a voided customer is not the sender; media URLs become attachments', async () => {
    const phone = '+15125550207';
    const voided = await addCustomer(t.database.db, demoId, phone, 'Gone');
    await t.database.db.update(customers).set({ voidedAt: new Date() }).where(eq(customers.id, voided));
    expect((await reply(phone, 'Hi')).status).toBe(404);
    const live = await addCustomer(t.database.db, demoId, phone, 'Live');
    const answer = await reply('(512) 555-0207', 'Receipt attached', {
      media_urls: ['https://example.com/receipt.jpg'],
    });
    expect(answer.body.customer_id).toBe(live);
    expect(await messagesOf(t.database.db, live)).toMatchObject([
      {
        body: 'Receipt attached',
        attachments: [{ url: 'https://example.com/receipt.jpg', type: 'image/jpeg' }],
      },
    ]);
  });
});

describe('without Twilio configured', () => {
  it('the Twilio webhooks answer 404', async () => {
    for (const path of ['/api/webhooks/twilio/status/', '/api/webhooks/twilio/inbound/']) {
      const response = await t.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'x' },
        body: 'MessageSid=SM1&MessageStatus=delivered',
      });
      expect(response.status).toBe(404);
    }
  });

  it('the dev reply route checks its input', async () => {
    const answer = await reply('12', 'Hi');
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ from: ['Phone number is not valid'] });
  });
});
