import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema';
import { insertCustomerEvents } from './customer-events.repository';
import {
  accountBody,
  customerBody,
  setUpCustomersTest,
  type CustomersTestContext,
} from '../customers/customers-test-setup';

describe('customer history', () => {
  let c: CustomersTestContext;
  let customerId: string;
  let accountId: string;
  let historyPath: string;

  beforeAll(async () => {
    c = await setUpCustomersTest();
    const created = await c.t.request(`${c.base}/customers/`, {
      method: 'POST',
      token: c.admin,
      json: customerBody(c.north.id, { account: accountBody() }),
    });
    customerId = created.body.id;
    accountId = created.body.accounts[0].id;
    historyPath = `${c.base}/customers/${customerId}/history/`;
    // Then, a second apart each: an edit by staff, an account change by the admin, and a note.
    c.t.clock.advance(1);
    await c.t.request(`${c.base}/customers/${customerId}/bp_information/`, {
      method: 'PUT',
      token: c.staff,
      json: customerBody(c.north.id, { first_name: 'Zora' }),
    });
    c.t.clock.advance(1);
    await c.t.request(`${c.base}/customers/${customerId}/accounts/${accountId}/`, {
      method: 'PUT',
      token: c.admin,
      json: accountBody({ status: 'pending' }),
    });
    c.t.clock.advance(1);
    await insertCustomerEvents(c.t.database.db, [
      {
        merchantId: c.merchantId,
        customerId,
        kind: 'note.added',
        actorUserId: null,
        details: { body: 'Called, will pay Friday' },
        at: c.t.clock.now(),
      },
    ]);
  });
  afterAll(() => c.t.close());

  const read = (query = '', token = c.staff) => c.t.request(`${historyPath}${query}`, { token });

  it('shows the timeline newest first, with who did it', async () => {
    const answer = await read();
    expect(answer.status).toBe(200);
    expect(answer.body.next).toBeNull();
    expect(answer.body.previous).toBeNull();
    const at = (secondsAfterCreate: number) =>
      new Date(c.t.clock.now().getTime() - (3 - secondsAfterCreate) * 1000).toISOString();
    const admin = { id: c.adminUserId, first_name: 'Alex', last_name: 'Admin' };
    expect(answer.body.results).toEqual([
      {
        id: expect.any(String),
        kind: 'note.added',
        account_id: null,
        actor: null,
        details: { body: 'Called, will pay Friday' },
        created: at(3),
      },
      {
        id: expect.any(String),
        kind: 'account.updated',
        account_id: accountId,
        actor: admin,
        details: { status: ['active', 'pending'] },
        created: at(2),
      },
      {
        id: expect.any(String),
        kind: 'customer.updated',
        account_id: null,
        actor: { id: expect.any(String), first_name: 'Taylor', last_name: 'Staff' },
        details: { first_name: ['Zoe', 'Zora'] },
        created: at(1),
      },
      expect.objectContaining({
        kind: 'account.created',
        account_id: accountId,
        actor: admin,
        created: at(0),
      }),
      expect.objectContaining({ kind: 'customer.created', account_id: null, actor: admin, created: at(0) }),
    ]);
  });

  it('pages by an opaque cursor both ways, events of the same instant included once', async () => {
    const everything = (await read()).body.results.map((event: { id: string }) => event.id);
    const first = await read('?page_size=2');
    expect(first.body.results.map((event: { id: string }) => event.id)).toEqual(everything.slice(0, 2));
    expect(first.body.previous).toBeNull();
    expect(first.body.next.startsWith(`${historyPath}?page_size=2&cursor=`)).toBe(true);
    const second = await c.t.request(first.body.next, { token: c.staff });
    expect(second.body.results.map((event: { id: string }) => event.id)).toEqual(everything.slice(2, 4));
    const third = await c.t.request(second.body.next, { token: c.staff });
    expect(third.body.results.map((event: { id: string }) => event.id)).toEqual(everything.slice(4));
    expect(third.body.next).toBeNull();
    const back = await c.t.request(third.body.previous, { token: c.staff });
    expect(back.body.results.map((event: { id: string }) => event.id)).toEqual(everything.slice(2, 4));
    const start = await c.t.request(back.body.previous, { token: c.staff });
    expect(start.body.results.map((event: { id: string }) => event.id)).toEqual(everything.slice(0, 2));
    expect(start.body.previous).toBeNull();
  });

  it('refuses a cursor it did not make, and other merchants’ customers', async () => {
    for (const cursor of ['nonsense', Buffer.from('{"d":"n","at":"x","id":1}').toString('base64url')]) {
      expect(await read(`?cursor=${cursor}`)).toMatchObject({
        status: 400,
        body: { cursor: ['Invalid cursor'] },
      });
    }
    expect((await read('?page_size=1001')).status).toBe(400);
    const [foreign] = await c.t.database.db
      .insert(customers)
      .values({ merchantId: c.otherMerchantId, firstName: 'Rita', lastName: 'Rival' })
      .returning();
    const answer = await c.t.request(`${c.base}/customers/${foreign!.id}/history/`, { token: c.admin });
    expect(answer).toMatchObject({ status: 404, body: { detail: 'Not found.' } });
  });
});
