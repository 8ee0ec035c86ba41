import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locations, merchants, messages } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { addMember, MEMBER_PASSWORD } from '../../test/members';
import { insertPeople, type InboxPerson } from '../inbox/inbox-test-setup';
import { setQuietHours } from '../messaging/messaging-test-setup';
import { addCustomer, consentOf, messagesOf, optedOutAt } from './inbound-test-setup';
import { waitUntil } from '../../test/wait';

// Issue 14 finding 6: replies are routed by the number texted, never by a guess across merchants, so a
// merchant cannot capture another's customer's replies (or STOP) by texting the same phone.

const waitFor = <T>(check: () => Promise<T>) => waitUntil(check);

let t: TestApp;
let demoId: string;

beforeAll(async () => {
  t = await createTestApp({ OUTBOX_SMS_STEP_MS: '20' }, { jobs: true });
  demoId = await t.demoMerchantId();
  await setQuietHours(t, demoId, '00:00', '00:00');
});
afterAll(() => t.close());

/** The phone replying, through the dev route (the outbox provider has no phone). */
const reply = (from: string, to: string, body: string) =>
  t.request('/api/dev/outbox/sms/inbound/', { method: 'POST', json: { from, to, body } });

/** A merchant created by the super admin, with an admin of its own signed in and a location. */
async function createRivalMerchant(name: string, email: string) {
  const superAdmin = await t.demoToken('superadmin');
  const created = await t.request('/api/merchants/', {
    method: 'POST',
    token: superAdmin,
    json: { name, status: 'active' },
  });
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  await setQuietHours(t, id, '00:00', '00:00');
  await addMember(t.database.db, { merchantId: id, email, roles: ['admin'] });
  const [location] = await t.database.db
    .insert(locations)
    .values({ merchantId: id, name: `${name} lot` })
    .returning();
  return { id, admin: (await t.signIn(email, MEMBER_PASSWORD)).access, locationId: location!.id };
}

/** A chat text from the merchant's staff, once handed over: the number it left from. */
async function textAndWait(input: { merchantId: string; token: string; person: InboxPerson; body: string }) {
  const sent = await t.request(
    `/api/merchants/${input.merchantId}/accounts/${input.person.accountId}/send_message/`,
    { method: 'POST', token: input.token, json: { customer: input.person.id, message: input.body } },
  );
  expect(sent.status).toBe(201);
  const id = Object.values(sent.body as Record<string, { id: string }>)[0]!.id;
  return waitFor(async () => {
    const [row] = await t.database.db.select().from(messages).where(eq(messages.id, id));
    expect(row!.providerMessageId).not.toBeNull();
    return row!.fromAddress!;
  });
}

const inboundBodies = async (customerId: string) =>
  (await messagesOf(t.database.db, customerId)).filter((m) => m.direction === 'inbound').map((m) => m.body);

describe('replies follow the number texted', () => {
  it("merchant B texts A's customer's phone: the reply to A's number reaches A, B sees nothing", async () => {
    const phone = '+17375550601';
    const admin = await t.demoToken('admin');
    const [location] = await t.database.db.select().from(locations).where(eq(locations.merchantId, demoId));
    const [victim] = await insertPeople(t, {
      merchantId: demoId,
      locationId: location!.id,
      people: [{ first: 'Vera', last: 'Victim', externalId: 'ROUTE-A', phone }],
    });
    const aFrom = await textAndWait({
      merchantId: demoId,
      token: admin,
      person: victim!,
      body: 'Due Friday',
    });

    // The attacker: its own customer with the same phone (allowed: phones are unique per merchant), texted
    // once, after A, so it is the conversation most recently texted.
    const rival = await createRivalMerchant('Rival Autos', 'rival-admin@rival.test');
    const created = await t.request(`/api/merchants/${rival.id}/customers/`, {
      method: 'POST',
      token: rival.admin,
      json: {
        first_name: 'Vera',
        last_name: 'Copy',
        sms_phone_number: '(737) 555-0601',
        location: rival.locationId,
        account: { amount_due: '10.00', external_id: 'RIVAL-1' },
      },
    });
    expect(created.status).toBe(201);
    const rivalPerson = {
      id: created.body.id as string,
      accountId: created.body.accounts[0].id as string,
      phone,
      externalId: '',
    };
    const bFrom = await textAndWait({
      merchantId: rival.id,
      token: rival.admin,
      person: rivalPerson,
      body: 'Hello from Rival',
    });
    // Each merchant texts from a number of its own, never the platform's shared number.
    expect(new Set([aFrom, bFrom, t.config.sms.fromNumber]).size).toBe(3);

    // The customer answers A's text (their phone replies to the number A texted from).
    const toA = await reply(phone, aFrom, 'I will pay Friday. STOP texting me from others');
    expect(toA.status).toBe(201);
    expect(toA.body.customer_id).toBe(victim!.id);
    expect(await inboundBodies(victim!.id)).toEqual(['I will pay Friday. STOP texting me from others']);
    expect(await inboundBodies(rivalPerson.id)).toEqual([]);
    // What B's staff can read: their own text only.
    const seenByB = await t.request(`/api/merchants/${rival.id}/customers/${rivalPerson.id}/messages/`, {
      token: rival.admin,
    });
    expect(seenByB.status).toBe(200);
    expect((seenByB.body.results as { body: string }[]).map((m) => m.body)).toEqual(['Hello from Rival']);

    // A STOP to A's number opts the phone out for A only.
    expect((await reply(phone, aFrom, 'STOP')).body).toMatchObject({ customer_id: victim!.id });
    expect(await optedOutAt(t.database.db, victim!.id)).not.toBeNull();
    expect(await optedOutAt(t.database.db, rivalPerson.id)).toBeNull();

    // A reply to B's number reaches B only.
    const toB = await reply(phone, bFrom, 'Who is this?');
    expect(toB.body.customer_id).toBe(rivalPerson.id);
    expect(await inboundBodies(rivalPerson.id)).toEqual(['Who is this?']);
    expect(await inboundBodies(victim!.id)).toHaveLength(2);
  });

  it('a text to the shared number reaches no conversation; a STOP to it opts out every merchant that texted from it', async () => {
    const shared = t.config.sms.fromNumber;
    const phone = '+17375550602';
    const [other] = await t.database.db.insert(merchants).values({ name: 'Shared Autos' }).returning();
    const [own] = await t.database.db.insert(merchants).values({ name: 'Own Number Autos' }).returning();
    const demoCustomer = await addCustomer(t.database.db, demoId, phone, 'Demo');
    const otherCustomer = await addCustomer(t.database.db, other!.id, phone, 'Other');
    const ownCustomer = await addCustomer(t.database.db, own!.id, phone, 'Own');
    // History as it was before merchants had their own numbers: two texted from the shared number; the
    // third only ever from its own.
    const sent = (merchantId: string, customerId: string, fromAddress: string) => ({
      merchantId,
      customerId,
      direction: 'outbound' as const,
      kind: 'chat' as const,
      body: 'Hello',
      toAddress: phone,
      fromAddress,
      status: 'delivered' as const,
    });
    await t.database.db
      .insert(messages)
      .values([
        sent(demoId, demoCustomer, shared),
        sent(other!.id, otherCustomer, shared),
        sent(own!.id, ownCustomer, own!.outboxSmsNumber),
      ]);
    const everyone = [demoCustomer, otherCustomer, ownCustomer];

    const chat = await reply(phone, shared, 'Which dealer is this?');
    expect(chat.status).toBe(202);
    expect(chat.body).toEqual({ message_id: null, customer_id: null, keyword: null, reply_id: null });
    for (const customerId of everyone) expect(await inboundBodies(customerId)).toEqual([]);

    const stop = await reply(phone, shared, 'STOP');
    expect(stop.status).toBe(202);
    expect(stop.body).toMatchObject({ keyword: 'opt_out', reply_id: null });
    for (const customerId of [demoCustomer, otherCustomer]) {
      expect(await optedOutAt(t.database.db, customerId)).not.toBeNull();
      expect(await consentOf(t.database.db, customerId)).toMatchObject([
        { action: 'opt_out', source: 'keyword', channel: 'sms', detail: 'STOP', messageId: null },
      ]);
    }
    expect(await optedOutAt(t.database.db, ownCustomer)).toBeNull();
    // Nothing stored, nothing answered on any conversation.
    for (const customerId of everyone) {
      expect((await messagesOf(t.database.db, customerId)).map((m) => m.kind)).toEqual(['chat']);
    }

    expect((await reply(phone, shared, 'unstop')).body.keyword).toBe('opt_in');
    expect(await optedOutAt(t.database.db, demoCustomer)).toBeNull();
    expect(await optedOutAt(t.database.db, otherCustomer)).toBeNull();
  });

  it('a number nobody sends from stores nothing', async () => {
    const phone = '+17375550603';
    const customerId = await addCustomer(t.database.db, demoId, phone);
    expect((await reply(phone, '+12125550100', 'STOP')).status).toBe(404);
    expect(await messagesOf(t.database.db, customerId)).toEqual([]);
    expect(await optedOutAt(t.database.db, customerId)).toBeNull();
  });
});
