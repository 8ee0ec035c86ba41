import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTags, customerEvents, customers, merchants } from '../../db/schema';
import {
  accountBody,
  customerBody,
  setUpCustomersTest,
  type CustomersTestContext,
} from './customers-test-setup';

describe('customers: create', () => {
  let c: CustomersTestContext;
  let goodStanding: { id: string; name: string };
  let otherTagId: string;

  beforeAll(async () => {
    c = await setUpCustomersTest();
    const { db } = c.t.database;
    const [tag] = await db.select().from(accountTags).where(eq(accountTags.name, 'Good Standing'));
    goodStanding = { id: tag!.id, name: tag!.name };
    const [otherTag] = await db
      .insert(accountTags)
      .values({ merchantId: c.otherMerchantId, name: 'Other Tag' })
      .returning();
    otherTagId = otherTag!.id;
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
  const countCustomers = async () =>
    (await c.t.database.db.select({ total: count() }).from(customers))[0]!.total;

  it('creates a customer with a first account and its tags, and writes their history', async () => {
    const answer = await post(
      customerBody(c.north.id, { account: accountBody({ tags: [goodStanding.id, goodStanding.id] }) }),
    );
    expect(answer.status).toBe(201);
    const now = c.t.clock.now().toISOString();
    const ref = {
      id: answer.body.id,
      first_name: 'Zoe',
      last_name: 'Quill',
      external_id: 'ZQ-1',
      sms_phone_number: '+15125550170',
    };
    expect(answer.body).toEqual({
      ...ref,
      email: 'zoe.quill@example.com',
      location: c.north,
      address_line1: '1 Elm St',
      address_line2: '',
      city: 'Austin',
      state: 'TX',
      postal_code: '78704',
      date_of_birth: '1990-02-03',
      language: 'en-US',
      sms_opted_out: false,
      email_opted_out: false,
      last_viewed_at: null,
      voided_at: null,
      merged_into_id: null,
      accounts: [
        {
          id: expect.any(String),
          customer_id: answer.body.id,
          role: 'primary',
          primary_customer: ref,
          external_id: 'ZQ-ACC-1',
          location: c.north,
          status: 'active',
          amount_due_cents: 12_550,
          due_date: '2026-07-01',
          cadence: 'monthly',
          vehicle_year: 2020,
          vehicle_make: 'Toyota',
          vehicle_model: 'Camry',
          autopay_enabled: false,
          has_pin: false,
          tags: [goodStanding],
          co_borrowers: [],
          merged_into_id: null,
          created: now,
          updated: now,
        },
      ],
      created: now,
      updated: now,
    });
    const read = await c.t.request(customerPath(answer.body.id), { token: c.staff });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(answer.body);
    expect(await eventsOf(answer.body.id)).toEqual([
      {
        kind: 'customer.created',
        accountId: null,
        details: expect.objectContaining({
          first_name: 'Zoe',
          location: 'Demo Motors North',
          external_id: 'ZQ-1',
        }),
      },
      {
        kind: 'account.created',
        accountId: answer.body.accounts[0].id,
        details: expect.objectContaining({
          external_id: 'ZQ-ACC-1',
          amount_due_cents: 12_550,
          tags: ['Good Standing'],
        }),
      },
    ]);
  });

  it('answers every rule of docs/product.md §5 by field, nested account fields joined with a dot', async () => {
    const before = await countCustomers();
    const bad = await post({
      first_name: ' ',
      last_name: 'x'.repeat(101),
      email: 'not-an-email',
      sms_phone_number: '555-1234',
      location: '',
      state: 'ZZ',
      postal_code: '1234',
      date_of_birth: '2999-01-01',
      language: 'fr',
      account: {
        amount_due: '',
        status: 'gone',
        due_date: '2026-02-30',
        vehicle_year: '1800',
        cadence: 'daily',
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      first_name: ['Required'],
      last_name: ['please use abreviations'],
      email: ['Email is not valid'],
      sms_phone_number: ['Phone number is not valid'],
      location: ['Required'],
      state: ['State is not valid'],
      postal_code: ['Please enter a valid postal code (e.g., 12345 or 12345-6789)'],
      date_of_birth: ['Date of Birth Can Not Be in The Future'],
      language: ['Required'],
      'account.amount_due': ['Amount Due is Required'],
      'account.status': ['Required'],
      'account.due_date': ['Date is not valid'],
      'account.vehicle_year': ['Vehicle year is not valid'],
      'account.cadence': ['Required'],
    });
    const badDate = await post(customerBody(c.north.id, { date_of_birth: '1990-02-30', external_id: 'X-1' }));
    expect(badDate.body).toEqual({ date_of_birth: ['Date is not valid'] });
    const negative = await post(customerBody(c.north.id, { account: accountBody({ amount_due: '-5' }) }));
    expect(negative.body).toEqual({ 'account.amount_due': ['Field must contain only decimal values'] });
    expect(await countCustomers()).toBe(before);
  });

  it('refuses another merchant’s location, taken external ids and phones, and unknown tags', async () => {
    const before = await countCustomers();
    for (const location of [c.otherLocationId, 'not-a-uuid']) {
      const answer = await post(customerBody(location, { external_id: 'NEW-1', sms_phone_number: '' }));
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ location: ['Customer does not belong to provided merchant location'] });
    }
    const fresh = { external_id: 'NEW-2', sms_phone_number: '(512) 555-0171' };
    expect((await post(customerBody(c.north.id, { ...fresh, external_id: 'DM-1001' }))).body).toEqual({
      external_id: ['Customer with provided external ID already exists'],
    });
    expect(
      (await post(customerBody(c.north.id, { ...fresh, sms_phone_number: '214-555-0100' }))).body,
    ).toEqual({
      sms_phone_number: ['Phone Number is Already in Use'],
    });
    const withAccount = (account: Record<string, unknown>) =>
      post(
        customerBody(c.north.id, { ...fresh, account: accountBody({ external_id: 'NEW-ACC', ...account }) }),
      );
    expect((await withAccount({ external_id: 'ACC-5001' })).body).toEqual({
      'account.external_id': ['Account with provided external ID already exists'],
    });
    expect((await withAccount({ tags: [goodStanding.id, otherTagId] })).body).toEqual({
      'account.tags': ['Tag does not belong to this merchant'],
    });
    expect((await withAccount({ tags: ['nope'] })).body).toEqual({
      'account.tags': ['Tag does not belong to this merchant'],
    });
    expect((await withAccount({ location: c.otherLocationId })).body).toEqual({
      'account.location': ['Customer does not belong to provided merchant location'],
    });
    const everything = await post(
      customerBody(c.otherLocationId, {
        external_id: 'DM-1001',
        sms_phone_number: '(214) 555-0100',
        account: accountBody({ external_id: 'ACC-5001', tags: [otherTagId] }),
      }),
    );
    expect(everything.body).toEqual({
      location: ['Customer does not belong to provided merchant location'],
      external_id: ['Customer with provided external ID already exists'],
      sms_phone_number: ['Phone Number is Already in Use'],
      'account.external_id': ['Account with provided external ID already exists'],
      'account.tags': ['Tag does not belong to this merchant'],
    });
    expect(await countCustomers()).toBe(before);
  });

  it('lets staff create, refuses integrated merchants, and hides other merchants', async () => {
    const byStaff = await post(
      customerBody(c.south.id, { external_id: 'STAFF-1', sms_phone_number: '', email: '' }),
      c.staff,
    );
    expect(byStaff.status).toBe(201);
    expect(byStaff.body).toMatchObject({
      location: c.south,
      sms_phone_number: null,
      email: null,
      accounts: [],
    });
    const [integrated] = await c.t.database.db
      .insert(merchants)
      .values({ name: 'Integrated Autos', isIntegrated: true, integrationType: 'dms' })
      .returning();
    const refused = await post(customerBody(c.north.id), c.superAdmin, integrated!.id);
    expect(refused).toMatchObject({
      status: 403,
      body: { detail: 'You do not have permission to perform this action.' },
    });
    const foreign = await post(customerBody(c.otherLocationId), c.staff, c.otherMerchantId);
    expect(foreign).toMatchObject({ status: 404, body: { detail: 'Not found.' } });
    const list = await c.t.request(`/api/merchants/${c.otherMerchantId}/customers/`, { token: c.staff });
    expect(list).toMatchObject({ status: 404, body: { detail: 'Not found.' } });
  });
});
