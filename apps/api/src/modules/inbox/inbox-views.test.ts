import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../db/schema';
import { waitUntil } from '../../test/wait';
import { setUpMessagingTest, type MessagingTestContext } from '../messaging/messaging-test-setup';
import {
  insertAutomation,
  insertInbound,
  insertLocation,
  insertPeople,
  type InboxPerson,
} from './inbox-test-setup';

type Entry = {
  customer_id: string;
  last_message_from: string;
  last_message_sender_user_id: string | null;
  awaiting_reply_since: string | null;
  unread_messages: number;
};
type Page = { results: Entry[]; next: string | null; previous: string | null };

// Issue 20 item 1: the inbox's views, who wrote the last message, Resolve and the navigation's counts.
describe('inbox views: Needs reply, Unread, Mine', () => {
  let c: MessagingTestContext;
  let lot: string;
  let people: InboxPerson[];
  let staffUserId: string;

  const list = async (query: string, token = c.staff): Promise<Page> => {
    const answer = await c.t.request(`${c.base}/inbox/?location=${lot}&${query}`, { token });
    expect(answer.status).toBe(200);
    return answer.body as Page;
  };
  const ids = (page: Page) => page.results.map((entry) => entry.customer_id);
  const reply = (person: InboxPerson, message: string, token = c.staff) =>
    c.t.request(`${c.base}/accounts/${person.accountId}/send_message/`, {
      method: 'POST',
      token,
      json: { customer: person.id, message },
    });

  beforeAll(async () => {
    // With jobs: the dispatcher hands the mass text over, which is when it joins its conversations.
    c = await setUpMessagingTest({ jobs: true });
    lot = await insertLocation(c.t, c.merchantId, 'Views Lot');
    people = await insertPeople(c.t, {
      merchantId: c.merchantId,
      locationId: lot,
      people: Array.from({ length: 6 }, (_, i) => ({
        first: `View${i}`,
        last: 'Tester',
        externalId: `VIEW-${i}`,
        phone: `+1737666${String(1000 + i)}`,
      })),
    });
    const profile = await c.t.request('/api/profile/', { token: c.staff });
    staffUserId = profile.body.results[0].id as string;
    // 0, 1 and 2 text in that order; 3 only ever got an automation; 4 texts and staff answers; 5 is silent.
    for (const i of [0, 1, 2]) await insertInbound(c.t, c.merchantId, people[i]!, `question ${i}`);
    await insertAutomation(c.t, c.merchantId, people[3]!, { body: 'Your payment is due' });
    await insertInbound(c.t, c.merchantId, people[4]!, 'can I pay friday?');
    expect((await reply(people[4]!, 'Friday is fine')).status).toBe(201);
  });
  afterAll(() => c.t.close());

  it('Needs reply lists only waiting conversations, the oldest wait first, paged both ways', async () => {
    const waiting = await list('view=needs_reply');
    expect(ids(waiting)).toEqual([people[0]!.id, people[1]!.id, people[2]!.id]);
    expect(waiting.results[0]!.awaiting_reply_since).toEqual(expect.any(String));
    const first = await list('view=needs_reply&page_size=2');
    expect(ids(first)).toEqual([people[0]!.id, people[1]!.id]);
    const second = (await c.t.request(first.next!, { token: c.staff })).body as Page;
    expect(ids(second)).toEqual([people[2]!.id]);
    expect(second.next).toBeNull();
    const back = (await c.t.request(second.previous!, { token: c.staff })).body as Page;
    expect(ids(back)).toEqual(ids(first));
  });

  it('says who wrote the last message: the customer, a staff member, or automatically', async () => {
    const all = await list('view=all');
    const byId = new Map(all.results.map((entry) => [entry.customer_id, entry]));
    expect(byId.get(people[0]!.id)).toMatchObject({
      last_message_from: 'customer',
      awaiting_reply_since: expect.any(String),
    });
    expect(byId.get(people[3]!.id)).toMatchObject({
      last_message_from: 'auto',
      last_message_sender_user_id: null,
      awaiting_reply_since: null,
    });
    expect(byId.get(people[4]!.id)).toMatchObject({
      last_message_from: 'staff',
      last_message_sender_user_id: staffUserId,
      awaiting_reply_since: null,
    });
    expect(byId.has(people[5]!.id)).toBe(false);
  });

  it('a staff reply takes a conversation out of Needs reply and into Mine; the next text brings it back', async () => {
    expect(ids(await list('view=mine'))).toEqual([people[4]!.id]);
    expect(ids(await list('view=mine', c.admin))).toEqual([]);
    expect((await reply(people[1]!, 'Looking into it', c.admin)).status).toBe(201);
    expect(ids(await list('view=needs_reply'))).toEqual([people[0]!.id, people[2]!.id]);
    expect(ids(await list('view=mine', c.admin))).toEqual([people[1]!.id]);
    await insertInbound(c.t, c.merchantId, people[1]!, 'any news?');
    expect(ids(await list('view=needs_reply'))).toEqual([people[0]!.id, people[2]!.id, people[1]!.id]);
  });

  it('a mass text neither answers a waiting customer nor makes anyone wait', async () => {
    const before = ids(await list('view=needs_reply'));
    const sent = await c.t.request(`${c.base}/customers/send_customers_message/`, {
      method: 'POST',
      token: c.admin,
      json: {
        batch_name: 'Views batch',
        message: 'Office closed Monday',
        customers: people.map((p) => p.id),
      },
    });
    expect(sent.status).toBe(200);
    const everyone = people.map((p) => p.id);
    // The conversations take the mass text when the dispatcher hands it over.
    await waitUntil(async () => {
      const pending = await c.t.database.db
        .select({ id: messages.id })
        .from(messages)
        .where(
          and(
            inArray(messages.customerId, everyone),
            eq(messages.kind, 'batch'),
            inArray(messages.status, ['pending', 'sending']),
          ),
        );
      expect(pending).toEqual([]);
    });
    const all = await list('view=all');
    expect(all.results.find((entry) => entry.customer_id === people[0]!.id)).toMatchObject({
      last_message_from: 'staff',
    });
    expect(ids(await list('view=needs_reply'))).toEqual(before);
  });

  it('Unread lists conversations with unread texts; opening one keeps it out of Unread on the next read', async () => {
    const unread = await list('view=unread');
    expect(ids(unread)).toContain(people[2]!.id);
    expect(ids(unread)).not.toContain(people[3]!.id);
    const viewed = await c.t.request(`${c.base}/customers/${people[2]!.id}/update_last_viewed/`, {
      method: 'POST',
      token: c.staff,
    });
    expect(viewed.status).toBeLessThan(300);
    expect(ids(await list('view=unread'))).not.toContain(people[2]!.id);
    // Reading it does not answer it.
    expect(ids(await list('view=needs_reply'))).toContain(people[2]!.id);
  });

  it('Resolve takes a conversation out of Needs reply until the customer texts again', async () => {
    const resolve = (id: string, token = c.staff) =>
      c.t.request(`${c.base}/inbox/${id}/resolve/`, { method: 'POST', token });
    const resolved = await resolve(people[0]!.id);
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({ customer_id: people[0]!.id, awaiting_reply_since: null });
    expect(ids(await list('view=needs_reply'))).not.toContain(people[0]!.id);
    await insertInbound(c.t, c.merchantId, people[0]!, 'thanks!');
    expect(ids(await list('view=needs_reply')).at(-1)).toBe(people[0]!.id);
    expect((await resolve(randomUUID())).status).toBe(404);
    expect((await resolve('not-an-id')).status).toBe(404);
  });

  it('counts what waits and what is unread for the navigation, live customers only', async () => {
    const counts = async () => (await c.t.request(`${c.base}/inbox/counts/`, { token: c.staff })).body;
    const before = await counts();
    expect(before).toEqual({ needs_reply: expect.any(Number), unread: expect.any(Number) });
    await insertInbound(c.t, c.merchantId, people[5]!, 'hello?');
    const after = await counts();
    expect(after.needs_reply).toBe(before.needs_reply + 1);
    expect(after.unread).toBe(before.unread + 1);
    expect((await c.t.request(`${c.base}/inbox/counts/`)).status).toBe(401);
  });

  it('rejects an unknown view with the field error', async () => {
    const answer = await c.t.request(`${c.base}/inbox/?view=urgent`, { token: c.staff });
    expect(answer.status).toBe(400);
    expect(answer.body).toHaveProperty('view');
  });
});
