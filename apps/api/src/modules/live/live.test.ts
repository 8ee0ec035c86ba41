import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, merchants } from '../../db/schema';
import { insertLocation, insertPeople, type InboxPerson } from '../inbox/inbox-test-setup';
import { setQuietHours } from '../messaging/messaging-test-setup';
import {
  createLiveTestApp,
  isMessage,
  messageOf,
  openTestSocket,
  refusedStatus,
  socketUrl,
  type LiveEvent,
  type LiveTestApp,
} from './live-test-helpers';
import { LIVE_APPLICATION_NAME } from './live-listener.runtime';

const isPostgres = process.env.PAYLANE_TEST_DB === 'postgres';

describe('live chat and inbox sockets (issue 6)', () => {
  let t: LiveTestApp;
  let merchantId: string;
  let base: string;
  let staff: string;
  let admin: string;
  let people: InboxPerson[];

  const chatUrl = (customerId: string, query: { token?: string; after?: string } = { token: staff }) =>
    socketUrl(t.wsBase, `/ws/chat/${customerId}/`, query);
  const inboxUrl = (id: string, token = staff) => socketUrl(t.wsBase, `/ws/inbox/${id}/`, { token });
  const openChat = async (customerId: string, after?: string) => {
    const socket = await openTestSocket(chatUrl(customerId, { token: staff, after }));
    await socket.waitFor((event) => event.type === 'ready');
    return socket;
  };
  const reply = async (person: InboxPerson, body: string) => {
    const answer = await t.request('/api/dev/outbox/sms/inbound/', {
      method: 'POST',
      json: { from: person.phone, body },
    });
    expect(answer.status).toBe(201);
    return answer.body.message_id as string;
  };
  const isEntry = (customerId: string, fields: Record<string, unknown>) => (event: LiveEvent) =>
    event.type === 'conversation' &&
    (event.entry as Record<string, unknown>).customer_id === customerId &&
    Object.entries(fields).every(([key, value]) => (event.entry as Record<string, unknown>)[key] === value);

  beforeAll(async () => {
    t = await createLiveTestApp({ OUTBOX_SMS_STEP_MS: '20' }, { jobs: true });
    merchantId = await t.demoMerchantId();
    base = `/api/merchants/${merchantId}`;
    await setQuietHours(t, merchantId, '00:00', '00:00');
    staff = await t.demoToken('staff');
    admin = await t.demoToken('admin');
    const lot = await insertLocation(t, merchantId, 'Live Lot');
    people = await insertPeople(t, {
      merchantId,
      locationId: lot,
      people: Array.from({ length: 6 }, (_, i) => ({
        first: `Liv${i}`,
        last: 'Socket',
        externalId: `LIVE-${i}`,
        phone: `+1737555${String(2000 + i)}`,
      })),
    });
  });
  afterAll(() => t.close());

  it('refuses the handshake without a valid token, for another merchant and for a voided customer', async () => {
    const [rival] = await t.database.db.insert(merchants).values({ name: 'Rival Live' }).returning();
    const [stranger] = await t.database.db
      .insert(customers)
      .values({ merchantId: rival!.id, firstName: 'Sam', lastName: 'Stranger' })
      .returning();
    const voided = people[5]!;
    await t.database.db.update(customers).set({ voidedAt: new Date() }).where(eq(customers.id, voided.id));

    expect(await refusedStatus(chatUrl(people[0]!.id, {}))).toBe(401);
    expect(await refusedStatus(chatUrl(people[0]!.id, { token: 'not-a-jwt' }))).toBe(401);
    expect(await refusedStatus(chatUrl(stranger!.id))).toBe(404);
    expect(await refusedStatus(chatUrl(voided.id))).toBe(404);
    expect(await refusedStatus(chatUrl('not-a-uuid'))).toBe(404);
    expect(await refusedStatus(inboxUrl(rival!.id))).toBe(404);
    expect(await refusedStatus(inboxUrl(merchantId, 'not-a-jwt'))).toBe(401);
    // A super admin holds every merchant.
    const superAdmin = await t.demoToken('superadmin');
    const opened = await openTestSocket(chatUrl(stranger!.id, { token: superAdmin }));
    await opened.waitFor((event) => event.type === 'ready' && event.last_message_id === null);
    await opened.close();
  });

  it('pushes a customer reply to the chat and the inbox, and the read conversation clears its badge', async () => {
    const person = people[0]!;
    const chat = await openChat(person.id);
    const inbox = await openTestSocket(inboxUrl(merchantId));

    const messageId = await reply(person, 'Can I pay on Friday?');
    const pushed = await chat.waitFor(isMessage('Can I pay on Friday?'));
    expect(messageOf(pushed)).toMatchObject({ id: messageId, direction: 'inbound', status: 'received' });
    const entry = { last_message_body: 'Can I pay on Friday?', unread_messages: 1 };
    await inbox.waitFor(isEntry(person.id, entry));

    const read = await t.request(`${base}/customers/${person.id}/update_last_viewed/`, {
      method: 'POST',
      token: staff,
    });
    expect(read.status).toBe(200);
    await inbox.waitFor(isEntry(person.id, { unread_messages: 0 }));
    await Promise.all([chat.close(), inbox.close()]);
  });

  it('pushes a chat send and each status change up to delivered', async () => {
    const person = people[1]!;
    const chat = await openChat(person.id);
    const sent = await t.request(`${base}/accounts/${person.accountId}/send_message/`, {
      method: 'POST',
      token: staff,
      json: { customer: person.id, message: 'Your receipt is ready' },
    });
    expect(sent.status).toBe(201);
    await chat.waitFor(isMessage('Your receipt is ready', 'delivered'));
    const statuses = chat.events.filter(isMessage('Your receipt is ready')).map((e) => messageOf(e).status);
    expect(statuses[0]).toBe('pending');
    expect(statuses).toContain('sent');
    expect(statuses.at(-1)).toBe('delivered');
    await chat.close();
  });

  it('pushes a mass text (a statement too large to name its rows) to a recipient’s chat', async () => {
    const crowd = await insertPeople(t, {
      merchantId,
      locationId: await insertLocation(t, merchantId, 'Crowd Lot'),
      people: Array.from({ length: 60 }, (_, i) => ({
        first: `Crowd${i}`,
        last: 'Member',
        externalId: `CROWD-${i}`,
        phone: `+1512555${String(3000 + i)}`,
      })),
    });
    const watched = crowd[37]!;
    const chat = await openChat(watched.id);
    const inbox = await openTestSocket(inboxUrl(merchantId));
    const accepted = await t.request(`${base}/customers/send_customers_message/`, {
      method: 'POST',
      token: admin,
      json: {
        message: 'Hi {{first_name}}, the lot opens at 9.',
        customers: crowd.map((p) => p.id),
        batch_name: 'Live',
      },
    });
    expect(accepted.status).toBe(200);
    await chat.waitFor(isMessage('Hi Crowd37, the lot opens at 9.', 'pending'));
    await chat.waitFor(isMessage('Hi Crowd37, the lot opens at 9.', 'delivered'));
    // Other recipients' texts never reach this chat.
    expect(
      chat.events.filter((e) => e.type === 'message').every((e) => messageOf(e).body.includes('Crowd37')),
    ).toBe(true);
    // Handed over in one chunk: the inbox hears the newest conversations, this one among them.
    await inbox.waitFor(isEntry(watched.id, { last_message_body: 'Hi Crowd37, the lot opens at 9.' }));
    await Promise.all([chat.close(), inbox.close()]);
  });

  it('reconnecting with after= sends everything written while away, then ready', async () => {
    const person = people[2]!;
    await reply(person, 'first');
    const before = await openChat(person.id);
    const ready = before.events.find((event) => event.type === 'ready')!;
    await before.close();

    const missed = ['away 1', 'away 2', 'away 3'];
    for (const body of missed) await reply(person, body);

    const after = await openChat(person.id, String(ready.last_message_id));
    const bodies = after.events.filter((event) => event.type === 'message').map((e) => messageOf(e).body);
    expect(bodies).toEqual(['first', ...missed]);
    expect(after.events.at(-1)).toMatchObject({ type: 'ready' });
    expect(messageOf(after.events.at(-2)!).id).toBe(after.events.at(-1)!.last_message_id);
    // Live again after the catch-up.
    await reply(person, 'back live');
    await after.waitFor(isMessage('back live'));
    await after.close();
  });

  it('a burst of concurrent replies arrives whole, each message once', async () => {
    const person = people[4]!;
    const chat = await openChat(person.id);
    const bodies = Array.from({ length: 30 }, (_, i) => `burst ${i}`);
    const ids = await Promise.all(bodies.map((body) => reply(person, body)));
    for (const body of bodies) await chat.waitFor(isMessage(body));
    const pushed = chat.events.filter((event) => event.type === 'message').map((e) => messageOf(e).id);
    expect(new Set(pushed)).toEqual(new Set(ids));
    expect(pushed).toHaveLength(ids.length);
    await chat.close();
  });

  it.skipIf(!isPostgres)(
    'a dropped LISTEN connection reconnects and its sockets catch up (PostgreSQL: PGlite listens in process)',
    async () => {
      const person = people[3]!;
      const chat = await openChat(person.id);
      await t.database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where application_name = ${LIVE_APPLICATION_NAME} and datname = current_database()`,
      );
      // Written while nobody listens here: its notification is gone, the resync after reconnecting sends it.
      await reply(person, 'while the listener was down');
      await chat.waitFor(isMessage('while the listener was down'));
      // Back: the socket caught up (the latest page again, then a second 'ready').
      await chat.waitFor(() => chat.events.filter((event) => event.type === 'ready').length === 2);
      await reply(person, 'after the reconnect');
      await chat.waitFor(isMessage('after the reconnect'));
      await chat.close();
    },
  );
});
