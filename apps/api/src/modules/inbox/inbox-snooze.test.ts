import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../test/wait';
import { setUpMessagingTest, type MessagingTestContext } from '../messaging/messaging-test-setup';
import { insertInbound, insertLocation, insertPeople, type InboxPerson } from './inbox-test-setup';

type Entry = { customer_id: string; snoozed_until: string | null; awaiting_reply_since: string | null };
type Page = { results: Entry[] };

const HOUR_S = 3600;

// Issue 20 item 1: Snooze puts a conversation away until a time or the customer's next text.
describe('inbox snooze', () => {
  let c: MessagingTestContext;
  let lot: string;
  let people: InboxPerson[];

  const ids = async (view: string) => {
    const answer = await c.t.request(`${c.base}/inbox/?location=${lot}&view=${view}`, { token: c.staff });
    expect(answer.status).toBe(200);
    return (answer.body as Page).results.map((entry) => entry.customer_id);
  };
  const inHours = (hours: number) =>
    new Date(c.t.clock.now().getTime() + hours * HOUR_S * 1000).toISOString();
  const snooze = (id: string, until: unknown, token = c.staff) =>
    c.t.request(`${c.base}/inbox/${id}/snooze/`, { method: 'POST', token, json: { until } });
  const wake = (id: string) =>
    c.t.request(`${c.base}/inbox/${id}/snooze/`, { method: 'DELETE', token: c.staff });
  const counts = async () => (await c.t.request(`${c.base}/inbox/counts/`, { token: c.staff })).body;

  beforeAll(async () => {
    // With jobs: the wake job runs in this process, on the test's clock.
    c = await setUpMessagingTest({ jobs: true });
    lot = await insertLocation(c.t, c.merchantId, 'Snooze Lot');
    people = await insertPeople(c.t, {
      merchantId: c.merchantId,
      locationId: lot,
      people: Array.from({ length: 3 }, (_, i) => ({
        first: `Snooze${i}`,
        last: 'Tester',
        externalId: `SNZ-${i}`,
        phone: `+1737667${String(1000 + i)}`,
      })),
    });
    for (const person of people) await insertInbound(c.t, c.merchantId, person, 'when is my payment due?');
  });
  afterAll(() => c.t.close());

  it('shows in the demo: one waiting customer snoozed for days', async () => {
    const answer = await c.t.request(`${c.base}/inbox/?location=all&view=snoozed`, { token: c.staff });
    expect(answer.body.results).toEqual([
      expect.objectContaining({
        awaiting_reply_since: expect.any(String),
        snoozed_until: expect.any(String),
      }),
    ]);
    expect(Date.parse(answer.body.results[0].snoozed_until)).toBeGreaterThan(Date.now() + 86_400_000);
  });

  it('takes a conversation out of Needs reply, Unread and their counts, into Snoozed; All keeps it', async () => {
    const before = await counts();
    const snoozed = await snooze(people[0]!.id, inHours(2));
    expect(snoozed.status).toBe(200);
    expect(snoozed.body).toMatchObject({ customer_id: people[0]!.id, snoozed_until: inHours(2) });
    expect(await ids('needs_reply')).toEqual([people[1]!.id, people[2]!.id]);
    expect(await ids('unread')).not.toContain(people[0]!.id);
    expect(await ids('snoozed')).toEqual([people[0]!.id]);
    expect(await ids('all')).toContain(people[0]!.id);
    expect(await counts()).toEqual({
      needs_reply: before.needs_reply - 1,
      unread: before.unread - 1,
    });
  });

  it("wakes on the customer's next text, still waiting from their first", async () => {
    await insertInbound(c.t, c.merchantId, people[0]!, 'hello?');
    expect(await ids('snoozed')).toEqual([]);
    expect(await ids('needs_reply')).toEqual([people[0]!.id, people[1]!.id, people[2]!.id]);
  });

  it('wakes when its time comes (the minute job) and by hand', async () => {
    expect((await snooze(people[1]!.id, inHours(0.05))).status).toBe(200);
    expect((await snooze(people[2]!.id, inHours(5))).status).toBe(200);
    expect(await ids('snoozed')).toEqual([people[2]!.id, people[1]!.id]);
    // Five minutes on (sign-ins last ten): the first snooze (three minutes) has run out.
    c.t.clock.advance(300);
    await c.t.queue!.send('inbox.wake-snoozed', {});
    await waitUntil(async () => expect(await ids('snoozed')).toEqual([people[2]!.id]));
    expect(await ids('needs_reply')).toContain(people[1]!.id);

    const woken = await wake(people[2]!.id);
    expect(woken.status).toBe(200);
    expect(woken.body).toMatchObject({ snoozed_until: null });
    expect(await ids('snoozed')).toEqual([]);
  });

  it('refuses a time in the past, beyond 30 days or not a time, in the field error shape', async () => {
    const id = people[0]!.id;
    expect(await snooze(id, inHours(-1))).toMatchObject({
      status: 400,
      body: { until: ['Choose a time in the future'] },
    });
    expect(await snooze(id, inHours(31 * 24))).toMatchObject({
      status: 400,
      body: { until: ['Snooze for 30 days at most'] },
    });
    const garbled = await snooze(id, 'next tuesday');
    expect(garbled.status).toBe(400);
    expect(garbled.body).toHaveProperty('until');
    expect(await ids('snoozed')).toEqual([]);
  });

  it("answers 404 for no conversation, another merchant's, and without a sign-in 401", async () => {
    expect((await snooze(randomUUID(), inHours(1))).status).toBe(404);
    expect((await snooze('not-an-id', inHours(1))).status).toBe(404);
    expect((await wake(randomUUID())).status).toBe(404);
    const elsewhere = await c.t.request(`/api/merchants/${randomUUID()}/inbox/${people[0]!.id}/snooze/`, {
      method: 'POST',
      token: c.staff,
      json: { until: inHours(1) },
    });
    expect([403, 404]).toContain(elsewhere.status);
    const anonymous = await c.t.request(`${c.base}/inbox/${people[0]!.id}/snooze/`, {
      method: 'POST',
      json: { until: inHours(1) },
    });
    expect(anonymous.status).toBe(401);
  });
});
