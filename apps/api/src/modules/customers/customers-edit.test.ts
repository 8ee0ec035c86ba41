import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerEvents, customers } from '../../db/schema';
import { customerBody, setUpCustomersTest, type CustomersTestContext } from './customers-test-setup';

describe('customers: read, edit, void, last viewed', () => {
  let c: CustomersTestContext;

  beforeAll(async () => {
    c = await setUpCustomersTest();
  });
  afterAll(() => c.t.close());

  const post = (json: unknown, token = c.admin, merchantId = c.merchantId) =>
    c.t.request(`/api/merchants/${merchantId}/customers/`, { method: 'POST', token, json });
  const customerPath = (id: string) => `${c.base}/customers/${id}/`;
  const eventsOf = (customerId: string) =>
    c.t.database.db
      .select({
        kind: customerEvents.kind,
        details: customerEvents.details,
        accountId: customerEvents.accountId,
      })
      .from(customerEvents)
      .where(eq(customerEvents.customerId, customerId))
      .orderBy(customerEvents.id);

  it('reads only the merchant’s customers: another merchant’s or a malformed id is not found', async () => {
    const [foreign] = await c.t.database.db
      .insert(customers)
      .values({ merchantId: c.otherMerchantId, firstName: 'Rita', lastName: 'Rival' })
      .returning();
    for (const id of [foreign!.id, 'not-a-uuid']) {
      for (const path of [customerPath(id), `${customerPath(id)}history/`]) {
        const answer = await c.t.request(path, { token: c.admin });
        expect(answer).toMatchObject({ status: 404, body: { detail: 'Not found.' } });
      }
      const edit = await c.t.request(`${customerPath(id)}bp_information/`, {
        method: 'PUT',
        token: c.admin,
        json: customerBody(c.north.id, { external_id: 'E-404', sms_phone_number: '' }),
      });
      expect(edit).toMatchObject({ status: 404, body: { detail: 'Not found.' } });
      const remove = await c.t.request(customerPath(id), { method: 'DELETE', token: c.admin });
      expect(remove).toMatchObject({ status: 404, body: { detail: 'Not found.' } });
    }
    const [row] = await c.t.database.db.select().from(customers).where(eq(customers.id, foreign!.id));
    expect(row).toMatchObject({ firstName: 'Rita', voidedAt: null });
  });

  it('edits with bp_information, recording only what changed', async () => {
    const body = customerBody(c.north.id, { external_id: 'ED-1', sms_phone_number: '(512) 555-0172' });
    const created = (await post(body)).body;
    const put = (json: unknown) =>
      c.t.request(`${customerPath(created.id)}bp_information/`, { method: 'PUT', token: c.staff, json });
    c.t.clock.advance(60);
    const unchanged = await put(body);
    expect(unchanged.status).toBe(200);
    expect(unchanged.body.updated).toBe(c.t.clock.now().toISOString());
    const edited = await put({ ...body, first_name: 'Zora', location: c.south.id, email: '' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      first_name: 'Zora',
      location: c.south,
      email: null,
      external_id: 'ED-1',
    });
    const events = await eventsOf(created.id);
    expect(events.map((event) => event.kind)).toEqual(['customer.created', 'customer.updated']);
    expect(events[1]!.details).toEqual({
      first_name: ['Zoe', 'Zora'],
      email: ['zoe.quill@example.com', null],
      location: ['Demo Motors North', 'Demo Motors South'],
    });
    expect((await put({ ...body, external_id: 'DM-1002' })).body).toEqual({
      external_id: ['Customer with provided external ID already exists'],
    });
    expect((await put({ ...body, sms_phone_number: '2145550101' })).body).toEqual({
      sms_phone_number: ['Phone Number is Already in Use'],
    });
    expect((await put({ ...body, location: c.otherLocationId })).body).toEqual({
      location: ['Customer does not belong to provided merchant location'],
    });
    expect((await put({ ...body, first_name: '' })).body).toEqual({ first_name: ['Required'] });
  });

  it('voids once: history kept, phone freed, hidden from the list, no longer editable', async () => {
    const body = customerBody(c.north.id, { external_id: 'VOID-1', sms_phone_number: '(512) 555-0173' });
    const created = (await post(body)).body;
    const remove = () => c.t.request(customerPath(created.id), { method: 'DELETE', token: c.staff });
    const first = await remove();
    expect(first.status).toBe(204);
    expect(first.body).toBeNull();
    expect((await remove()).status).toBe(204);
    const read = await c.t.request(customerPath(created.id), { token: c.staff });
    expect(read.body.voided_at).toBe(c.t.clock.now().toISOString());
    expect((await eventsOf(created.id)).map((event) => event.kind)).toEqual([
      'customer.created',
      'customer.voided',
    ]);
    const list = await c.t.request(`${c.base}/customers/?search=VOID-1`, { token: c.staff });
    expect(list.body.count).toBe(0);
    const edit = await c.t.request(`${customerPath(created.id)}bp_information/`, {
      method: 'PUT',
      token: c.staff,
      json: body,
    });
    expect(edit).toMatchObject({
      status: 400,
      body: { non_field_errors: ['This customer has been voided'] },
    });
    // The number is free again; the voided customer's external id stays theirs.
    const reuse = await post({ ...body, external_id: 'VOID-2' });
    expect(reuse.status).toBe(201);
    expect(reuse.body.sms_phone_number).toBe('+15125550173');
    expect((await post({ ...body, sms_phone_number: '' })).body).toEqual({
      external_id: ['Customer with provided external ID already exists'],
    });
  });

  it('records when staff last viewed the customer', async () => {
    const created = (await post(customerBody(c.north.id, { external_id: 'LV-1', sms_phone_number: '' })))
      .body;
    c.t.clock.advance(30);
    const viewed = await c.t.request(`${customerPath(created.id)}update_last_viewed/`, {
      method: 'POST',
      token: c.staff,
    });
    expect(viewed).toMatchObject({ status: 200, body: { last_viewed_at: c.t.clock.now().toISOString() } });
    const read = await c.t.request(customerPath(created.id), { token: c.staff });
    expect(read.body.last_viewed_at).toBe(c.t.clock.now().toISOString());
    const events = await c.t.database.db
      .select()
      .from(customerEvents)
      .where(and(eq(customerEvents.customerId, created.id), eq(customerEvents.kind, 'customer.updated')));
    expect(events).toEqual([]);
  });
});
