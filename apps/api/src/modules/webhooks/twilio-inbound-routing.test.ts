import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchants } from '../../db/schema';
import type { TwilioStandIn } from '../../providers/sms/twilio-stand-in';
import type { TestApp } from '../../test/app';
import { createTwilioTestApp, TWILIO_TEST_PUBLIC_URL, type TwilioTestApp } from './twilio-test-app';
import { addCustomer, messagesOf, setUpMerchants } from '../inbound-messages/inbound-test-setup';

// Twilio's inbound webhook routed by what Twilio says was texted: the number (To) or the Messaging Service
// it belongs to (MessagingServiceSid). The platform's own number and service carry no merchant's texts.

const accountSid = 'AC' + '3'.repeat(32);
const authToken = 'routing-test-auth-token';
const publicUrl = TWILIO_TEST_PUBLIC_URL;
const inboundUrl = `${publicUrl}/api/webhooks/twilio/inbound/`;
const platformNumber = '+15005550006';
const platformService = 'MG' + 'f'.repeat(32);
// The other merchant's Messaging Service: Twilio picks its numbers from the service's pool.
const otherService = 'MG' + 'c'.repeat(32);

let twilio: TwilioTestApp;
let t: TestApp;
let standIn: TwilioStandIn;
let demoId: string;
let otherId: string;

beforeAll(async () => {
  twilio = await createTwilioTestApp({
    accountSid,
    authToken,
    env: { TWILIO_MESSAGING_SERVICE_SID: platformService },
  });
  ({ t, standIn } = twilio);
  ({ demoId, otherId } = await setUpMerchants(t.database.db));
  await t.database.db
    .update(merchants)
    .set({ smsMessagingServiceSid: otherService })
    .where(eq(merchants.id, otherId));
});
afterAll(async () => {
  await twilio.close();
});

describe('Twilio inbound routing', () => {
  it("a number of a merchant's Messaging Service reaches that merchant's customer, not another's", async () => {
    const phone = '+15125550110';
    // The other merchant's customer first: a guess by the newest customer would pick the demo's.
    const otherCustomer = await addCustomer(t.database.db, otherId, phone, 'Other');
    const demoCustomer = await addCustomer(t.database.db, demoId, phone, 'Demo');
    const answer = await standIn.sendInbound({
      url: inboundUrl,
      from: phone,
      to: '+12145550177',
      messagingServiceSid: otherService,
      body: 'Pool number reply',
    });
    expect(answer.status).toBe(200);
    expect(await messagesOf(t.database.db, otherCustomer)).toMatchObject([
      { direction: 'inbound', body: 'Pool number reply', toAddress: '+12145550177' },
    ]);
    expect(await messagesOf(t.database.db, demoCustomer)).toHaveLength(0);
  });

  it("the platform's shared number and Messaging Service carry no merchant's conversation", async () => {
    const phone = '+15125550111';
    const customerId = await addCustomer(t.database.db, demoId, phone);
    for (const [to, service] of [
      [platformNumber, undefined],
      ['+12145550178', platformService],
    ] as const) {
      const answer = await standIn.sendInbound({
        url: inboundUrl,
        from: phone,
        to,
        ...(service ? { messagingServiceSid: service } : {}),
        body: 'Hello?',
      });
      expect(answer.status).toBe(200);
    }
    expect(await messagesOf(t.database.db, customerId)).toHaveLength(0);
  });
});
