import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchants, locations, messages } from '../../db/schema';
import { addMember, MEMBER_PASSWORD } from '../../test/members';
import { setUpMessagingTest, type MessagingTestContext } from '../messaging/messaging-test-setup';
import {
  insertAutomation,
  insertInbound,
  insertLocation,
  insertPeople,
  type InboxPerson,
} from './inbox-test-setup';

const PEOPLE = 30;

describe('inbox (issue 6)', () => {
  let c: MessagingTestContext;
  let lot: string;
  let people: InboxPerson[];
  const inbox = (query: string) => c.t.request(`${c.base}/inbox/?${query}`, { token: c.staff });

  beforeAll(async () => {
    c = await setUpMessagingTest();
    lot = await insertLocation(c.t, c.merchantId, 'Inbox Lot');
    people = await insertPeople(c.t, {
      merchantId: c.merchantId,
      locationId: lot,
      people: Array.from({ length: PEOPLE }, (_, i) => ({
        first: i === 7 ? 'Marisol' : `Inbo${i}`,
        last: i === 7 ? 'Quintanilla' : 'Tester',
        externalId: `INB-${String(i).padStart(3, '0')}`,
        phone: `+1737555${String(1000 + i)}`,
      })),
    });
    // One text from each, in order: the last one written is the newest conversation.
    for (const [i, person] of people.entries()) await insertInbound(c.t, c.merchantId, person, `hello ${i}`);
  });
  afterAll(() => c.t.close());

  it('lists conversations newest first in cursor pages of 25, both ways', async () => {
    const first = await inbox(`location=${lot}`);
    expect(first.status).toBe(200);
    expect(first.body.results).toHaveLength(25);
    expect(first.body.results[0]).toEqual({
      customer_id: people[29]!.id,
      first_name: 'Inbo29',
      last_name: 'Tester',
      external_id: 'INB-029',
      last_message_body: 'hello 29',
      last_message_created: expect.any(String),
      unread_messages: 1,
      last_message_from: 'customer',
      last_message_sender_user_id: null,
      awaiting_reply_since: expect.any(String),
      snoozed_until: null,
    });
    expect(first.body.results.map((e: { customer_id: string }) => e.customer_id)).toEqual(
      people
        .slice(5)
        .reverse()
        .map((p) => p.id),
    );
    expect(first.body.previous).toBeNull();
    const second = await c.t.request(first.body.next, { token: c.staff });
    expect(second.body.results.map((e: { customer_id: string }) => e.customer_id)).toEqual(
      people
        .slice(0, 5)
        .reverse()
        .map((p) => p.id),
    );
    expect(second.body.next).toBeNull();
    const back = await c.t.request(second.body.previous, { token: c.staff });
    expect(back.body.results).toEqual(first.body.results);
    expect((await inbox('cursor=nonsense')).status).toBe(400);
  });

  it('searches by customer id (the default), phone and name', async () => {
    const ids = (response: { body: { results: { external_id: string }[] } }) =>
      response.body.results.map((e) => e.external_id);
    expect(ids(await inbox('search=inb-01'))).toEqual(Array.from({ length: 10 }, (_, i) => `INB-01${9 - i}`));
    expect(ids(await inbox('field=phone&search=(737) 555-1003'))).toEqual(['INB-003']);
    expect(ids(await inbox('field=phone&search=abc'))).toEqual([]);
    expect(ids(await inbox('field=name&search=sol quint'))).toEqual(['INB-007']);
    expect(ids(await inbox('field=name&search=MARISOL'))).toEqual(['INB-007']);
    expect(ids(await inbox('field=external_id&search=nobody'))).toEqual([]);
  });

  it('filters by location: all, one of the merchant, never another merchant', async () => {
    const all = await inbox('page_size=1000');
    const allIds = all.body.results.map((e: { customer_id: string }) => e.customer_id);
    expect(allIds).toEqual(expect.arrayContaining(people.map((p) => p.id)));
    const [otherLocation] = await c.t.database.db
      .insert(locations)
      .values({ merchantId: c.merchantId, name: 'Empty Lot' })
      .returning();
    expect((await inbox(`location=${otherLocation!.id}`)).body.results).toEqual([]);
    const [rival] = await c.t.database.db.insert(merchants).values({ name: 'Rival Inbox' }).returning();
    const [rivalLot] = await c.t.database.db
      .insert(locations)
      .values({ merchantId: rival!.id, name: 'Rival Lot' })
      .returning();
    expect((await inbox(`location=${rivalLot!.id}`)).status).toBe(400);
    expect((await inbox('location=not-an-id')).status).toBe(400);
  });

  it('counts unread texts and update_last_viewed clears them', async () => {
    const person = people[3]!;
    await insertInbound(c.t, c.merchantId, person, 'are you there?');
    const entry = await c.t.request(`${c.base}/inbox/${person.id}/`, { token: c.staff });
    expect(entry.body).toMatchObject({ unread_messages: 2, last_message_body: 'are you there?' });
    const top = await inbox(`location=${lot}&page_size=1`);
    expect(top.body.results[0].customer_id).toBe(person.id);
    const viewed = await c.t.request(`${c.base}/customers/${person.id}/update_last_viewed/`, {
      method: 'POST',
      token: c.staff,
    });
    expect(viewed.status).toBe(200);
    const after = await c.t.request(`${c.base}/inbox/${person.id}/`, { token: c.staff });
    expect(after.body.unread_messages).toBe(0);
  });

  it('answers 404 for a customer without a conversation or of another merchant', async () => {
    const [quiet] = await insertPeople(c.t, {
      merchantId: c.merchantId,
      locationId: lot,
      people: [{ first: 'Quiet', last: 'One', externalId: 'INB-QUIET', phone: null }],
    });
    expect((await c.t.request(`${c.base}/inbox/${quiet!.id}/`, { token: c.staff })).status).toBe(404);
    expect((await c.t.request(`${c.base}/inbox/not-an-id/`, { token: c.staff })).status).toBe(404);
    const [rival] = await c.t.database.db.insert(merchants).values({ name: 'Rival Two' }).returning();
    const [rivalLot] = await c.t.database.db
      .insert(locations)
      .values({ merchantId: rival!.id, name: 'Rival Lot 2' })
      .returning();
    const [stranger] = await insertPeople(c.t, {
      merchantId: rival!.id,
      locationId: rivalLot!.id,
      people: [{ first: 'Strange', last: 'Er', externalId: 'RIV-1', phone: '+17375559999' }],
    });
    await insertInbound(c.t, rival!.id, stranger!, 'secret');
    expect((await c.t.request(`${c.base}/inbox/${stranger!.id}/`, { token: c.staff })).status).toBe(404);
    const listed = await inbox('search=riv-1');
    expect(listed.body.results).toEqual([]);
    // A search's statement is built once per shape and serves every merchant (inbox.repository.ts).
    await addMember(c.t.database.db, {
      merchantId: rival!.id,
      email: 'admin@rival-inbox.test',
      roles: ['admin'],
    });
    const { access } = await c.t.signIn('admin@rival-inbox.test', MEMBER_PASSWORD);
    const rivalInbox = (query: string) =>
      c.t.request(`/api/merchants/${rival!.id}/inbox/?${query}`, { token: access });
    expect((await rivalInbox('search=riv-1')).body.results).toMatchObject([{ customer_id: stranger!.id }]);
    expect((await rivalInbox('search=inb-0')).body.results).toEqual([]);
  });

  it('home pages: missed messages, customer replies and automation sends with their skips', async () => {
    const asked = people[20]!;
    const missed = async () =>
      (await c.t.request(`${c.base}/missed_messages/?page_size=1000`, { token: c.staff })).body;
    const before = await missed();
    expect(before.results.map((r: { customer_id: string }) => r.customer_id)).toContain(asked.id);
    expect(before.count).toBeGreaterThanOrEqual(PEOPLE);
    await insertAutomation(c.t, c.merchantId, asked, { body: 'Your payment is due' });
    const after = await missed();
    expect(after.results.map((r: { customer_id: string }) => r.customer_id)).not.toContain(asked.id);
    expect(after.count).toBe(before.count - 1);

    const replies = await c.t.request(`${c.base}/customer_replies/?page_size=2`, { token: c.staff });
    expect(replies.body.results).toHaveLength(2);
    expect(replies.body.next).toContain('page=2');
    expect(replies.body.results[0]).toMatchObject({ status: 'received', first_name: expect.any(String) });

    await insertAutomation(c.t, c.merchantId, people[21]!, {
      body: 'Reminder',
      errorMessage: 'The customer has opted out of email or text messages',
    });
    const autos = await c.t.request(`${c.base}/auto_messages/`, { token: c.staff });
    expect(autos.body.results[0]).toMatchObject({
      customer_id: people[21]!.id,
      body: 'Reminder',
      status: 'failed',
      error_message: 'The customer has opted out of email or text messages',
      external_id: 'INB-021',
    });
    expect(autos.body.results[1]).toMatchObject({ customer_id: asked.id, error_message: null });
  });

  it('pages a broad search (more than 1,000 matches) the same way as a narrow one', async () => {
    const broadLot = await insertLocation(c.t, c.merchantId, 'Broad Lot');
    const many = await insertPeople(c.t, {
      merchantId: c.merchantId,
      locationId: broadLot,
      people: Array.from({ length: 1010 }, (_, i) => ({
        first: 'Broad',
        last: `Person${i}`,
        externalId: `BRD-${String(i).padStart(4, '0')}`,
        phone: `+1888555${String(i).padStart(4, '0')}`,
      })),
    });
    // One statement, in order: the last customer has the newest conversation.
    await c.t.database.db.insert(messages).values(
      many.map((person) => ({
        merchantId: c.merchantId,
        customerId: person.id,
        direction: 'inbound' as const,
        kind: 'inbound' as const,
        body: 'hi',
        toAddress: '+15005550006',
        fromAddress: person.phone,
        status: 'received' as const,
      })),
    );
    const expected = many.map((p) => p.externalId).reverse();
    for (const query of ['search=brd-', 'field=phone&search=888 555', 'field=name&search=broad person']) {
      const first = await inbox(query);
      const ids = first.body.results.map((e: { external_id: string }) => e.external_id);
      expect(ids, query).toEqual(expected.slice(0, 25));
      const second = await c.t.request(first.body.next, { token: c.staff });
      expect(second.body.results.map((e: { external_id: string }) => e.external_id)).toEqual(
        expected.slice(25, 50),
      );
    }
    const narrow = await inbox('search=brd-100');
    expect(narrow.body.results.map((e: { external_id: string }) => e.external_id)).toEqual(
      expected.slice(0, 10),
    );
  });
});
