import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { accounts, customers, memberships, merchants, paymentMethods } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { createUser } from '../auth/users.repository';
import { createTestApp, type TestApp } from '../../test/app';

const PASSWORD = 'Methods-Pass-1';
const notFound = { status: 404, body: { detail: 'Not found.' } };

async function insertCustomer(db: Db, merchantId: string, firstName: string, lastName: string) {
  const [row] = await db.insert(customers).values({ merchantId, firstName, lastName }).returning();
  return row!;
}

describe('payment methods of a customer', () => {
  let t: TestApp;
  let db: Db;
  let merchantId: string;
  let staff: string;
  let rivalAdmin: string;
  let rivalCustomerId: string;

  const methodsPath = (customerId: string, merchant = merchantId) =>
    `/api/merchants/${merchant}/customers/${customerId}/payment_methods/`;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.database.db;
    const [demo] = await db.select().from(merchants).where(eq(merchants.name, 'Demo Motors'));
    merchantId = demo!.id;
    const [rival] = await db.insert(merchants).values({ name: 'Rival Methods Autos' }).returning();
    const rivalCustomer = await insertCustomer(db, rival!.id, 'Rhea', 'Rival');
    rivalCustomerId = rivalCustomer.id;
    await db.insert(paymentMethods).values({
      merchantId: rival!.id,
      customerId: rivalCustomer.id,
      paymentType: 'CREDIT',
      nickname: 'Rival secret card',
      maskedCardNumber: '************9999',
    });
    const user = await createUser(db, {
      email: 'admin@rival-methods.test',
      passwordHash: await hashPassword(PASSWORD),
      firstName: 'Rita',
      lastName: 'Rival',
      isSuperAdmin: false,
      isPartner: false,
    });
    await db.insert(memberships).values({ userId: user.id, merchantId: rival!.id, roles: ['admin'] });
    staff = await t.demoToken('staff');
    rivalAdmin = (await t.signIn('admin@rival-methods.test', PASSWORD)).access;
  });
  afterAll(() => t.close());

  it('lists the customer’s methods that are not removed, newest first, with masks only', async () => {
    const customer = await insertCustomer(db, merchantId, 'Petra', 'Payer');
    const other = await insertCustomer(db, merchantId, 'Oskar', 'Other');
    const start = t.clock.now().getTime();
    const at = (minutes: number) => new Date(start + minutes * 60_000);
    const [card, , checking] = await db
      .insert(paymentMethods)
      .values([
        {
          merchantId,
          customerId: customer.id,
          paymentType: 'CREDIT',
          cardType: 'VISA',
          nickname: 'Work Visa',
          maskedCardNumber: '************4242',
          funding: 'credit',
          createdAt: at(1),
        },
        {
          merchantId,
          customerId: customer.id,
          paymentType: 'DEBIT',
          cardType: 'MASTERCARD',
          nickname: 'Old debit',
          maskedCardNumber: '************5454',
          createdAt: at(2),
          removedAt: at(3),
        },
        {
          merchantId,
          customerId: customer.id,
          paymentType: 'CHECKING',
          nickname: 'Household checking',
          maskedAccountNumber: '******6789',
          createdAt: at(4),
        },
        {
          merchantId,
          customerId: other.id,
          paymentType: 'SAVINGS',
          nickname: 'Other’s savings',
          createdAt: at(5),
        },
      ])
      .returning();

    const answer = await t.request(methodsPath(customer.id), { token: staff });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      count: 2,
      next: null,
      previous: null,
      results: [
        {
          id: checking!.id,
          payment_type: 'CHECKING',
          card_type: null,
          nickname: 'Household checking',
          masked_card_number: null,
          masked_account_number: '******6789',
          funding: null,
          is_retired: false,
          retired_reason: null,
        },
        {
          id: card!.id,
          payment_type: 'CREDIT',
          card_type: 'VISA',
          nickname: 'Work Visa',
          masked_card_number: '************4242',
          masked_account_number: null,
          funding: 'credit',
          is_retired: false,
          retired_reason: null,
        },
      ],
    });

    const paged = await t.request(`${methodsPath(customer.id)}?page=2&page_size=1`, { token: staff });
    expect(paged.body).toMatchObject({
      count: 2,
      next: null,
      previous: `${methodsPath(customer.id)}?page=1&page_size=1`,
      results: [{ id: card!.id }],
    });
    expect((await t.request(`${methodsPath(customer.id)}?page_size=1001`, { token: staff })).status).toBe(
      400,
    );
    const none = await t.request(methodsPath((await insertCustomer(db, merchantId, 'No', 'Methods')).id), {
      token: staff,
    });
    expect(none.body).toEqual({ count: 0, next: null, previous: null, results: [] });
  });

  it('refuses another merchant’s customer under the own path, and the own customers to another merchant', async () => {
    for (const customerId of [rivalCustomerId, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const answer = await t.request(methodsPath(customerId), { token: staff });
      expect(answer).toMatchObject(notFound);
      expect(JSON.stringify(answer.body)).not.toContain('Rival');
    }
    const [own] = await db.select().from(customers).where(eq(customers.merchantId, merchantId)).limit(1);
    expect(await t.request(methodsPath(own!.id), { token: rivalAdmin })).toMatchObject(notFound);
  });

  it('looks up a card’s brand and funding by its first 6 to 8 digits, for members only', async () => {
    const bins = (bin: string, merchant = merchantId) => `/api/merchants/${merchant}/bins/${bin}/`;
    expect(await t.request(bins('424242'), { token: staff })).toMatchObject({
      status: 200,
      body: { bin: '424242', brand: 'visa', funding: 'credit' },
    });
    expect((await t.request(bins('40000566'), { token: staff })).body).toEqual({
      bin: '400005',
      brand: 'visa',
      funding: 'debit',
    });
    expect((await t.request(bins('520082'), { token: staff })).body.funding).toBe('debit');
    expect((await t.request(bins('400008'), { token: staff })).body.funding).toBe('prepaid');
    expect((await t.request(bins('411111'), { token: staff })).body.funding).toBe('unknown');
    for (const bad of ['42424', '424242424', '4242ab'])
      expect(await t.request(bins(bad), { token: staff })).toMatchObject({
        status: 400,
        body: { bin: ['Enter the first 6 to 8 digits of the card'] },
      });
    expect(await t.request(bins('424242'), { token: rivalAdmin })).toMatchObject(notFound);
    expect((await t.request(bins('424242'))).status).toBe(401);
  });

  it('renames and removes a saved method, in the customer’s history, and a removed one cannot be charged', async () => {
    const customer = await insertCustomer(db, merchantId, 'Rena', 'Rename');
    const [method] = await db
      .insert(paymentMethods)
      .values({
        merchantId,
        customerId: customer.id,
        paymentType: 'CREDIT',
        cardType: 'VISA',
        nickname: 'Visa',
        maskedCardNumber: '************4242',
      })
      .returning();
    const methodPath = `${methodsPath(customer.id)}${method!.id}/`;

    const renamed = await t.request(methodPath, {
      method: 'PATCH',
      token: staff,
      json: { nickname: '  Work card ' },
    });
    expect(renamed).toMatchObject({ status: 200, body: { id: method!.id, nickname: 'Work card' } });
    expect(
      (await t.request(methodPath, { method: 'PATCH', token: staff, json: { nickname: 'x'.repeat(51) } }))
        .body,
    ).toEqual({
      nickname: ['Ensure this field has no more than 50 characters.'],
    });

    expect((await t.request(methodPath, { method: 'DELETE', token: staff })).status).toBe(204);
    expect((await t.request(methodsPath(customer.id), { token: staff })).body.count).toBe(0);
    expect(await t.request(methodPath, { method: 'DELETE', token: staff })).toMatchObject(notFound);
    expect(
      await t.request(methodPath, { method: 'PATCH', token: staff, json: { nickname: 'Back' } }),
    ).toMatchObject(notFound);

    const [account] = await db
      .insert(accounts)
      .values({ merchantId, customerId: customer.id, amountDueCents: 10_000 })
      .returning();
    const charge = await t.request(
      `/api/merchants/${merchantId}/customers/${customer.id}/accounts/${account!.id}/transactions/`,
      {
        method: 'POST',
        token: staff,
        json: { amount: '10.00', payment_method: method!.id },
      },
    );
    expect(charge).toMatchObject({ status: 400, body: { payment_method: ['Not found.'] } });

    const history = await t.request(`/api/merchants/${merchantId}/customers/${customer.id}/history/`, {
      token: staff,
    });
    const kinds = history.body.results.map((event: { kind: string; details: unknown }) => [
      event.kind,
      event.details,
    ]);
    expect(kinds).toEqual(
      expect.arrayContaining([
        ['payment_method.renamed', { nickname: ['Visa', 'Work card'], mask_end: '4242' }],
        ['payment_method.removed', { nickname: 'Work card', payment_type: 'CREDIT', mask_end: '4242' }],
      ]),
    );
  });

  it('refuses renaming or removing another merchant’s method, and a malformed id', async () => {
    const [rivalMethod] = await db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.nickname, 'Rival secret card'));
    for (const id of [rivalMethod!.id, 'not-a-uuid']) {
      const path = `${methodsPath(rivalMethod!.customerId)}${id}/`;
      expect(await t.request(path, { method: 'DELETE', token: staff })).toMatchObject(notFound);
      expect(
        await t.request(path, { method: 'PATCH', token: staff, json: { nickname: 'Mine' } }),
      ).toMatchObject(notFound);
    }
    const [still] = await db.select().from(paymentMethods).where(eq(paymentMethods.id, rivalMethod!.id));
    expect(still).toMatchObject({ nickname: 'Rival secret card', removedAt: null });
  });
});
