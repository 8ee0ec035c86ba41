import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, accountTags, customerEvents, customers } from '../../db/schema';
import {
  accountBody,
  customerBody,
  setUpCustomersTest,
  type CustomersTestContext,
} from './customers-test-setup';

type Ref = {
  id: string;
  first_name: string;
  last_name: string;
  external_id: string | null;
  sms_phone_number: string | null;
};

describe('customer accounts', () => {
  let c: CustomersTestContext;
  let tags: Record<string, { id: string; name: string }>;
  let customerId: string;
  let customerRef: Ref;

  beforeAll(async () => {
    c = await setUpCustomersTest();
    const rows = await c.t.database.db
      .select()
      .from(accountTags)
      .where(eq(accountTags.merchantId, c.merchantId));
    tags = Object.fromEntries(rows.map((tag) => [tag.name, { id: tag.id, name: tag.name }]));
    const created = await c.t.request(`${c.base}/customers/`, {
      method: 'POST',
      token: c.admin,
      json: customerBody(c.south.id),
    });
    customerId = created.body.id;
    customerRef = {
      id: customerId,
      first_name: 'Zoe',
      last_name: 'Quill',
      external_id: 'ZQ-1',
      sms_phone_number: '+15125550170',
    };
  });
  afterAll(() => c.t.close());

  const accountsPath = (id = customerId) => `${c.base}/customers/${id}/accounts/`;
  const add = (json: unknown, id = customerId, token = c.staff) =>
    c.t.request(accountsPath(id), { method: 'POST', token, json });
  const replace = (accountId: string, json: unknown, id = customerId) =>
    c.t.request(`${accountsPath(id)}${accountId}/`, { method: 'PUT', token: c.staff, json });
  const eventsOf = (accountId: string) =>
    c.t.database.db
      .select({ kind: customerEvents.kind, details: customerEvents.details })
      .from(customerEvents)
      .where(eq(customerEvents.accountId, accountId))
      .orderBy(customerEvents.id);

  it('adds an account at the customer’s location with its tags, and records it', async () => {
    const answer = await add(accountBody({ tags: [tags['Skip Trace']!.id, tags['Good Standing']!.id] }));
    expect(answer.status).toBe(201);
    const now = c.t.clock.now().toISOString();
    expect(answer.body).toEqual({
      id: expect.any(String),
      customer_id: customerId,
      role: 'primary',
      primary_customer: customerRef,
      external_id: 'ZQ-ACC-1',
      location: c.south,
      status: 'active',
      amount_due_cents: 12_550,
      due_date: '2026-07-01',
      cadence: 'monthly',
      vehicle_year: 2020,
      vehicle_make: 'Toyota',
      vehicle_model: 'Camry',
      autopay_enabled: false,
      has_pin: false,
      tags: [tags['Good Standing'], tags['Skip Trace']],
      co_borrowers: [],
      merged_into_id: null,
      created: now,
      updated: now,
    });
    expect(await eventsOf(answer.body.id)).toEqual([
      {
        kind: 'account.created',
        details: {
          external_id: 'ZQ-ACC-1',
          status: 'active',
          amount_due_cents: 12_550,
          due_date: '2026-07-01',
          cadence: 'monthly',
          vehicle_year: 2020,
          vehicle_make: 'Toyota',
          vehicle_model: 'Camry',
          location: 'Demo Motors South',
          tags: ['Good Standing', 'Skip Trace'],
          pay_pin: 'Not set',
        },
      },
    ]);
    const second = await add(
      accountBody({ external_id: '', location: c.north.id, amount_due: '0', cadence: null }),
    );
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({
      external_id: null,
      location: c.north,
      amount_due_cents: 0,
      cadence: null,
      tags: [],
    });
  });

  it('replaces an account’s fields and tags, recording what changed (tags by name)', async () => {
    const account = (await add(accountBody({ external_id: 'REP-1', tags: [tags['Good Standing']!.id] })))
      .body;
    c.t.clock.advance(60);
    const same = await replace(
      account.id,
      accountBody({ external_id: 'REP-1', tags: [tags['Good Standing']!.id] }),
    );
    expect(same.status).toBe(200);
    const changed = await replace(
      account.id,
      accountBody({
        external_id: 'REP-1',
        status: 'inactive',
        amount_due: '99.99',
        tags: [tags['Repo Risk']!.id],
      }),
    );
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      id: account.id,
      status: 'inactive',
      amount_due_cents: 9_999,
      tags: [tags['Repo Risk']],
      updated: c.t.clock.now().toISOString(),
    });
    expect((await eventsOf(account.id)).map((event) => event.details)).toEqual([
      expect.objectContaining({ external_id: 'REP-1' }),
      {
        status: ['active', 'inactive'],
        amount_due_cents: [12_550, 9_999],
        tags: [['Good Standing'], ['Repo Risk']],
      },
    ]);
    const read = await c.t.request(`${c.base}/customers/${customerId}/`, { token: c.staff });
    expect(read.body.accounts.find((row: { id: string }) => row.id === account.id)).toEqual(changed.body);
  });

  it('answers the account rules by field', async () => {
    const account = (await add(accountBody({ external_id: 'RULES-1' }))).body;
    const [foreignTag] = await c.t.database.db
      .insert(accountTags)
      .values({ merchantId: c.otherMerchantId, name: 'Foreign' })
      .returning();
    const broken = accountBody({
      external_id: 'ACC-5001',
      location: c.otherLocationId,
      tags: [foreignTag!.id],
    });
    const expected = {
      external_id: ['Account with provided external ID already exists'],
      location: ['Customer does not belong to provided merchant location'],
      tags: ['Tag does not belong to this merchant'],
    };
    expect(await add(broken)).toMatchObject({ status: 400, body: expected });
    expect(await replace(account.id, broken)).toMatchObject({ status: 400, body: expected });
    expect((await add(accountBody({ external_id: 'X', amount_due: '' }))).body).toEqual({
      amount_due: ['Amount Due is Required'],
    });
    // Keeping its own external id is fine.
    expect((await replace(account.id, accountBody({ external_id: 'RULES-1' }))).status).toBe(200);
  });

  it('finds only the customer’s own accounts of the merchant, and leaves voided customers alone', async () => {
    const [demoAccount] = await c.t.database.db
      .select()
      .from(accounts)
      .where(eq(accounts.externalId, 'ACC-5001'));
    const [foreign] = await c.t.database.db
      .insert(customers)
      .values({ merchantId: c.otherMerchantId, firstName: 'Rita', lastName: 'Rival' })
      .returning();
    const [foreignAccount] = await c.t.database.db
      .insert(accounts)
      .values({ merchantId: c.otherMerchantId, customerId: foreign!.id })
      .returning();
    for (const accountId of [demoAccount!.id, foreignAccount!.id, 'not-a-uuid']) {
      expect(await replace(accountId, accountBody({ external_id: 'NF-1' }))).toMatchObject({
        status: 404,
        body: { detail: 'Not found.' },
      });
    }
    expect((await add(accountBody({ external_id: 'NF-2' }), foreign!.id)).status).toBe(404);
    const voided = (
      await c.t.request(`${c.base}/customers/`, {
        method: 'POST',
        token: c.admin,
        json: customerBody(c.north.id, {
          external_id: 'V-1',
          sms_phone_number: '',
          account: accountBody({ external_id: 'V-ACC' }),
        }),
      })
    ).body;
    await c.t.request(`${c.base}/customers/${voided.id}/`, { method: 'DELETE', token: c.admin });
    const refused = { status: 400, body: { non_field_errors: ['This customer has been voided'] } };
    expect(await add(accountBody({ external_id: 'V-ACC-2' }), voided.id)).toMatchObject(refused);
    expect(
      await replace(voided.accounts[0].id, accountBody({ external_id: 'V-ACC' }), voided.id),
    ).toMatchObject(refused);
  });

  it('shows a customer’s own accounts, then the ones they co-borrow', async () => {
    const demo = await c.t.database.db
      .select()
      .from(customers)
      .where(eq(customers.merchantId, c.merchantId))
      .orderBy(asc(customers.externalId))
      .limit(2);
    const ref = (row: (typeof demo)[number]) => ({
      id: row.id,
      first_name: row.firstName,
      last_name: row.lastName,
      external_id: row.externalId,
      sms_phone_number: row.smsPhoneNumber,
    });
    const [first, second] = demo.map(ref);
    const page = await c.t.request(`${c.base}/customers/${second!.id}/`, { token: c.staff });
    expect(page.status).toBe(200);
    expect(page.body.accounts).toEqual([
      expect.objectContaining({
        external_id: 'ACC-5002',
        role: 'primary',
        primary_customer: second,
        tags: [tags['Good Standing'], tags['Repo Risk']],
        co_borrowers: [],
      }),
      expect.objectContaining({
        external_id: 'ACC-5001',
        role: 'co_borrower',
        customer_id: first!.id,
        primary_customer: first,
        tags: [tags['Good Standing']],
        co_borrowers: [second],
      }),
    ]);
    const primary = await c.t.request(`${c.base}/customers/${first!.id}/`, { token: c.staff });
    expect(primary.body.accounts).toEqual([
      expect.objectContaining({ external_id: 'ACC-5001', role: 'primary', co_borrowers: [second] }),
    ]);
  });
});
