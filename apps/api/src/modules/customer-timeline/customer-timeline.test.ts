import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerNotes, customers, messages, payments } from '../../db/schema';
import { addMember, MEMBER_PASSWORD } from '../../test/members';
import { insertCustomerEvents } from '../customer-history/customer-events.repository';
import {
  accountBody,
  customerBody,
  setUpCustomersTest,
  type CustomersTestContext,
} from '../customers/customers-test-setup';

type Item = { id: string; type: string; kind: string; at: string; actor: unknown; [key: string]: unknown };

describe('customer timeline', () => {
  let c: CustomersTestContext;
  let customerId: string;
  let accountId: string;
  let path: string;
  let start: Date;
  const secondsAfter = (seconds: number) => new Date(start.getTime() + seconds * 1000);

  const insertMessage = (at: Date, body: string, direction: 'inbound' | 'outbound' = 'inbound') =>
    c.t.database.db.insert(messages).values({
      merchantId: c.merchantId,
      customerId,
      accountId,
      direction,
      kind: direction === 'inbound' ? 'inbound' : 'chat',
      body,
      toAddress: '+15125550170',
      status: direction === 'inbound' ? 'received' : 'delivered',
      createdAt: at,
    });
  let paymentKeys = 0;
  const insertPayment = (at: Date, amountCents: number, kind: 'account' | 'refund' = 'account') =>
    c.t.database.db.insert(payments).values({
      merchantId: c.merchantId,
      customerId,
      accountId,
      kind,
      channel: 'staff',
      methodKind: 'cash',
      methodLabel: 'Cash',
      amountCents,
      status: kind === 'refund' ? 'refunded' : 'paid',
      idempotencyKey: `timeline-${++paymentKeys}`,
      requestDigest: 'x',
      createdAt: at,
    });
  const insertNote = (at: Date, body: string) =>
    c.t.database.db
      .insert(customerNotes)
      .values({ merchantId: c.merchantId, customerId, body, createdAt: at, updatedAt: at });
  const insertEvent = (at: Date, kind: string, details: Record<string, unknown> = {}) =>
    insertCustomerEvents(c.t.database.db, [
      { merchantId: c.merchantId, customerId, kind, actorUserId: null, details, at },
    ]);

  beforeAll(async () => {
    c = await setUpCustomersTest();
    start = c.t.clock.now();
    const created = await c.t.request(`${c.base}/customers/`, {
      method: 'POST',
      token: c.admin,
      json: customerBody(c.north.id, { account: accountBody() }),
    });
    customerId = created.body.id;
    accountId = created.body.accounts[0].id;
    path = `${c.base}/customers/${customerId}/timeline/`;
    // One of each, a second apart: a text in, a payment (and its refund), a note (through the API, which also
    // writes 'note.added'), the refund's history event, a text out.
    await insertMessage(secondsAfter(1), 'Can I pay Friday?');
    await insertPayment(secondsAfter(2), 12_550);
    await insertPayment(secondsAfter(2.5), 1_000, 'refund');
    c.t.clock.advance(3);
    const note = await c.t.request(`${c.base}/customers/${customerId}/notes/`, {
      method: 'POST',
      token: c.staff,
      json: { body: 'Promised Friday.' },
    });
    expect(note.status).toBe(201);
    await insertEvent(secondsAfter(4), 'payment.refunded', { amount_cents: 1_000 });
    await insertMessage(secondsAfter(5), 'Thanks!', 'outbound');
  });
  afterAll(() => c.t.close());

  const read = async (query = '', token = c.staff) => c.t.request(`${path}${query}`, { token });
  const ids = (items: Item[]) => items.map((item) => item.id);

  it('merges messages, payments, notes and history newest first, each once', async () => {
    const answer = await read();
    expect(answer.status).toBe(200);
    expect(answer.body.next).toBeNull();
    const items: Item[] = answer.body.results;
    expect(items.map((item) => [item.type, item.kind])).toEqual([
      ['message', 'messages'],
      ['event', 'payments'],
      ['note', 'notes'],
      ['payment', 'payments'],
      ['message', 'messages'],
      // Created with its first account at the same instant: the events in the order they were written, newest first.
      ['event', 'history'],
      ['event', 'history'],
    ]);
    expect(items[0]).toMatchObject({
      at: secondsAfter(5).toISOString(),
      account_id: accountId,
      message: { body: 'Thanks!', direction: 'outbound', status: 'delivered', attachment_count: 0 },
    });
    expect(items[2]).toMatchObject({
      at: secondsAfter(3).toISOString(),
      actor: { first_name: 'Taylor', last_name: 'Staff' },
      note: { body: 'Promised Friday.', author: { first_name: 'Taylor', last_name: 'Staff' } },
    });
    expect(items[3]).toMatchObject({
      payment: { status: 'PAID', amount_cents: 12_550, method_label: 'Cash', is_misc: false },
    });
    expect(items[1]).toMatchObject({ event: { kind: 'payment.refunded', details: { amount_cents: 1_000 } } });
    expect(
      items
        .slice(5)
        .map((item) => (item.event as { kind: string }).kind)
        .sort(),
    ).toEqual(['account.created', 'customer.created']);
  });

  it('filters by kind', async () => {
    const kinds = async (kind: string) =>
      ((await read(`?kind=${kind}`)).body.results as Item[]).map((item) => item.type);
    expect(await kinds('messages')).toEqual(['message', 'message']);
    expect(await kinds('payments')).toEqual(['event', 'payment']);
    expect(await kinds('notes')).toEqual(['note']);
    expect(await kinds('history')).toEqual(['event', 'event']);
    expect(await read('?kind=refunds')).toMatchObject({ status: 400, body: { kind: [expect.any(String)] } });
  });

  it('pages both ways through rows of one instant without repeating or skipping any', async () => {
    const tie = secondsAfter(10);
    for (const n of [1, 2, 3]) {
      await insertMessage(tie, `tie ${n}`);
      await insertPayment(tie, 100 * n);
      await insertNote(tie, `tie ${n}`);
      await insertEvent(tie, 'customer.updated', { first_name: ['A', `B${n}`] });
    }
    const everything: Item[] = (await read()).body.results;
    expect(everything).toHaveLength(19);
    expect(everything.slice(0, 12).map((item) => item.type)).toEqual([
      ...['message', 'message', 'message', 'payment', 'payment', 'payment'],
      ...['note', 'note', 'note', 'event', 'event', 'event'],
    ]);
    const pages: Item[][] = [];
    let answer = await read('?page_size=5');
    pages.push(answer.body.results);
    while (answer.body.next) {
      expect(answer.body.next).toContain('page_size=5');
      answer = await c.t.request(answer.body.next, { token: c.staff });
      pages.push(answer.body.results);
    }
    expect(pages.map((page) => page.length)).toEqual([5, 5, 5, 4]);
    expect(pages.flatMap(ids)).toEqual(ids(everything));
    // Back from the last page to the first, through the same pages.
    const back: Item[][] = [];
    while (answer.body.previous) {
      answer = await c.t.request(answer.body.previous, { token: c.staff });
      back.unshift(answer.body.results);
    }
    expect(back.map(ids)).toEqual(pages.slice(0, -1).map(ids));
    // The filter stays on the links.
    const filtered = await read('?kind=notes&page_size=2');
    expect(filtered.body.next).toContain('kind=notes');
    const rest = await c.t.request(filtered.body.next, { token: c.staff });
    expect([...filtered.body.results, ...rest.body.results].map((item: Item) => item.type)).toEqual([
      'note',
      'note',
      'note',
      'note',
    ]);
  });

  it('refuses a cursor it did not make, in the API’s error shape', async () => {
    const forged = (position: Record<string, unknown>) =>
      Buffer.from(JSON.stringify({ d: 'n', ...position })).toString('base64url');
    const at = '2026-01-01T00:00:00.000000Z';
    for (const cursor of [
      'nonsense',
      forged({ at: 'x', s: 1, k: '00000000000000000001' }),
      forged({ at, s: 1, k: '3f2a7c1e-0000-4000-8000-000000000000' }),
      forged({ at, s: 4, k: '00000000000000000001' }),
      forged({ at, s: 9, k: '00000000000000000001' }),
    ]) {
      expect(await read(`?cursor=${cursor}`)).toMatchObject({
        status: 400,
        body: { cursor: ['Invalid cursor'] },
      });
    }
    expect((await read(`?cursor=${forged({ at, s: 1, k: '00000000000000000001' })}`)).status).toBe(200);
  });

  it('answers only members of the customer’s merchant', async () => {
    const [foreign] = await c.t.database.db
      .insert(customers)
      .values({ merchantId: c.otherMerchantId, firstName: 'Rita', lastName: 'Rival' })
      .returning();
    expect(
      await c.t.request(`${c.base}/customers/${foreign!.id}/timeline/`, { token: c.admin }),
    ).toMatchObject({
      status: 404,
      body: { detail: 'Not found.' },
    });
    expect((await c.t.request(`${c.base}/customers/not-a-uuid/timeline/`, { token: c.admin })).status).toBe(
      404,
    );
    // A member of another merchant learns nothing of this one's customer; without a token, nothing at all.
    await addMember(c.t.database.db, {
      merchantId: c.otherMerchantId,
      email: 'admin@rival-timeline.test',
      roles: ['admin'],
    });
    const rival = await c.t.signIn('admin@rival-timeline.test', MEMBER_PASSWORD);
    expect(await read('', rival.access)).toMatchObject({ status: 404, body: { detail: 'Not found.' } });
    expect((await c.t.request(path)).status).toBe(401);
    expect((await read('', c.superAdmin)).status).toBe(200);
  });
});
