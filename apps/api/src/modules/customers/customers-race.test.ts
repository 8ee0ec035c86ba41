import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerEvents } from '../../db/schema';
import { ValidationError } from '../../kit/errors';
import { insertAccount } from './accounts.repository';
import { answeringUniqueViolations } from './customer-rules';
import { insertCustomer, type CustomerData } from './customers.repository';
import {
  accountBody,
  customerBody,
  setUpCustomersTest,
  type CustomersTestContext,
} from './customers-test-setup';

// Two requests may both pass the uniqueness checks before either writes; the unique indexes then decide,
// and the loser must get the same clear 400 as a checked request. PGlite runs transactions one at a time, so
// the races really happen only on PostgreSQL: run this file on api-postgres too.
describe('customers under concurrent writes', () => {
  let c: CustomersTestContext;

  beforeAll(async () => {
    c = await setUpCustomersTest();
  });
  afterAll(() => c.t.close());

  const create = (json: unknown) =>
    c.t.request(`${c.base}/customers/`, { method: 'POST', token: c.admin, json });
  const losers = (answers: { status: number; body: unknown }[]) =>
    answers.filter((answer) => answer.status !== 201);

  it('gives racing creates with one phone number one winner and the phone message', async () => {
    const answers = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        create(customerBody(c.north.id, { external_id: `RACE-P${n}`, sms_phone_number: '(512) 555-0190' })),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400, 400, 400]);
    for (const loser of losers(answers)) {
      expect(loser.body).toEqual({ sms_phone_number: ['Phone Number is Already in Use'] });
    }
  });

  it('gives racing creates with one external id, or one account external id, the rule’s message', async () => {
    const sameCustomerId = await Promise.all(
      [1, 2, 3].map(() => create(customerBody(c.north.id, { external_id: 'RACE-E', sms_phone_number: '' }))),
    );
    expect(sameCustomerId.map((answer) => answer.status).sort()).toEqual([201, 400, 400]);
    for (const loser of losers(sameCustomerId)) {
      expect(loser.body).toEqual({ external_id: ['Customer with provided external ID already exists'] });
    }
    const sameAccountId = await Promise.all(
      [1, 2, 3].map((n) =>
        create(
          customerBody(c.north.id, {
            external_id: `RACE-A${n}`,
            sms_phone_number: '',
            account: accountBody({ external_id: 'RACE-ACC' }),
          }),
        ),
      ),
    );
    expect(sameAccountId.map((answer) => answer.status).sort()).toEqual([201, 400, 400]);
    for (const loser of losers(sameAccountId)) {
      expect(loser.body).toEqual({
        'account.external_id': ['Account with provided external ID already exists'],
      });
    }
  });

  it('maps each unique index the database enforces to its message', async () => {
    const { db } = c.t.database;
    const data: CustomerData = {
      firstName: 'Una',
      lastName: 'Unique',
      externalId: 'UNI-1',
      smsPhoneNumber: '+15125550191',
      locationId: c.north.id,
    };
    const at = c.t.clock.now();
    const first = await insertCustomer(db, { merchantId: c.merchantId, data, at });
    const refusal = async (work: () => Promise<unknown>, prefix?: string) => {
      const error = await answeringUniqueViolations(work, prefix).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ValidationError);
      return (error as ValidationError).fields;
    };
    expect(
      await refusal(() =>
        insertCustomer(db, { merchantId: c.merchantId, data: { ...data, externalId: 'UNI-2' }, at }),
      ),
    ).toEqual({ sms_phone_number: ['Phone Number is Already in Use'] });
    expect(
      await refusal(() =>
        insertCustomer(db, { merchantId: c.merchantId, data: { ...data, smsPhoneNumber: null }, at }),
      ),
    ).toEqual({ external_id: ['Customer with provided external ID already exists'] });
    const account = { externalId: 'UNI-ACC', locationId: c.north.id };
    await insertAccount(db, { merchantId: c.merchantId, customerId: first.id, data: account, at });
    expect(
      await refusal(
        () => insertAccount(db, { merchantId: c.merchantId, customerId: first.id, data: account, at }),
        'account.',
      ),
    ).toEqual({ 'account.external_id': ['Account with provided external ID already exists'] });
  });

  it('voids once when two voids race', async () => {
    const created = await create(customerBody(c.north.id, { external_id: 'RACE-V', sms_phone_number: '' }));
    const path = `${c.base}/customers/${created.body.id}/`;
    const answers = await Promise.all(
      [1, 2, 3].map(() => c.t.request(path, { method: 'DELETE', token: c.admin })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([204, 204, 204]);
    const voids = await c.t.database.db
      .select()
      .from(customerEvents)
      .where(and(eq(customerEvents.customerId, created.body.id), eq(customerEvents.kind, 'customer.voided')));
    expect(voids).toHaveLength(1);
  });
});
