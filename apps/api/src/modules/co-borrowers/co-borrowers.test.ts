import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import {
  accountCoBorrowers,
  accounts,
  customerEvents,
  customers,
  customRoles,
  memberships,
  merchants,
  users,
} from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { createUser } from '../auth/users.repository';
import { createTestApp, type TestApp } from '../../test/app';

const PASSWORD = 'CoBorrow-Pass-1';
const notFound = { status: 404, body: { detail: 'Not found.' } };
// PGlite runs transactions one at a time, so two links truly race only on PostgreSQL (api-postgres); on
// PGlite the same requests check that concurrent calls still get their own answers.

type Person = {
  id: string;
  firstName: string;
  lastName: string;
  externalId: string | null;
  smsPhoneNumber: string | null;
};

async function insertCustomer(
  db: Db,
  merchantId: string,
  firstName: string,
  lastName: string,
  phone?: string,
) {
  const [row] = await db
    .insert(customers)
    .values({
      merchantId,
      firstName,
      lastName,
      externalId: `EXT-${firstName}-${lastName}`,
      smsPhoneNumber: phone ?? null,
    })
    .returning();
  return row!;
}
async function insertAccount(db: Db, merchantId: string, customerId: string, externalId: string) {
  const [row] = await db.insert(accounts).values({ merchantId, customerId, externalId }).returning();
  return row!;
}
async function addMember(db: Db, merchantId: string, email: string, roles: string[], customRoleId?: string) {
  const user = await createUser(db, {
    email,
    passwordHash: await hashPassword(PASSWORD),
    firstName: 'Casey',
    lastName: 'Member',
    isSuperAdmin: false,
    isPartner: false,
  });
  await db
    .insert(memberships)
    .values({ userId: user.id, merchantId, roles, customRoleId: customRoleId ?? null });
  return user;
}
const refOf = (person: Person) => ({
  id: person.id,
  first_name: person.firstName,
  last_name: person.lastName,
  external_id: person.externalId,
  sms_phone_number: person.smsPhoneNumber,
});

describe('co-borrowers', () => {
  let t: TestApp;
  let db: Db;
  let merchantId: string;
  let staff: string;
  let staffUserId: string;
  let rivalAdmin: string;
  let rival: { customerId: string; accountId: string; coBorrowerId: string };

  const coBorrowersPath = (customerId: string, accountId: string, merchant = merchantId) =>
    `/api/merchants/${merchant}/customers/${customerId}/accounts/${accountId}/co_borrowers/`;
  const link = (customerId: string, accountId: string, json: unknown, token = staff) =>
    t.request(coBorrowersPath(customerId, accountId), { method: 'POST', token, json });
  const unlink = (customerId: string, accountId: string, coBorrowerId: string, token = staff) =>
    t.request(`${coBorrowersPath(customerId, accountId)}${coBorrowerId}/`, { method: 'DELETE', token });
  const eventsOf = (customerIds: string[]) =>
    db
      .select({
        customerId: customerEvents.customerId,
        kind: customerEvents.kind,
        accountId: customerEvents.accountId,
        actorUserId: customerEvents.actorUserId,
        details: customerEvents.details,
      })
      .from(customerEvents)
      .where(inArray(customerEvents.customerId, customerIds))
      .orderBy(asc(customerEvents.id));
  const linksOf = (accountId: string) =>
    db.select().from(accountCoBorrowers).where(eq(accountCoBorrowers.accountId, accountId));

  beforeAll(async () => {
    t = await createTestApp();
    db = t.database.db;
    const [demo] = await db.select().from(merchants).where(eq(merchants.name, 'Demo Motors'));
    merchantId = demo!.id;
    const [rivalMerchant] = await db.insert(merchants).values({ name: 'Rival Borrow Autos' }).returning();
    const rivalPrimary = await insertCustomer(db, rivalMerchant!.id, 'Rhea', 'Rival');
    const rivalCo = await insertCustomer(db, rivalMerchant!.id, 'Rory', 'Rival');
    const rivalAccount = await insertAccount(db, rivalMerchant!.id, rivalPrimary.id, 'RIVAL-CB-1');
    await db
      .insert(accountCoBorrowers)
      .values({ merchantId: rivalMerchant!.id, accountId: rivalAccount.id, customerId: rivalCo.id });
    rival = { customerId: rivalPrimary.id, accountId: rivalAccount.id, coBorrowerId: rivalCo.id };
    await addMember(db, rivalMerchant!.id, 'admin@rival-borrow.test', ['admin']);

    staff = await t.demoToken('staff');
    const [staffUser] = await db.select().from(users).where(eq(users.email, 'staff@demo.paylane.test'));
    staffUserId = staffUser!.id;
    rivalAdmin = (await t.signIn('admin@rival-borrow.test', PASSWORD)).access;
  });
  afterAll(() => t.close());

  it('links a co-borrower as staff and writes co_borrower.linked on both timelines', async () => {
    const paula = await insertCustomer(db, merchantId, 'Paula', 'Primary', '+12145550901');
    const colin = await insertCustomer(db, merchantId, 'Colin', 'Cosigner', '+12145550902');
    const account = await insertAccount(db, merchantId, paula.id, 'CB-1');
    const answer = await link(paula.id, account.id, { customer: colin.id });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ account_id: account.id, co_borrowers: [refOf(colin)] });

    const facts = { account_id: account.id, account_external_id: 'CB-1' };
    const common = { kind: 'co_borrower.linked', accountId: account.id, actorUserId: staffUserId };
    expect(await eventsOf([paula.id, colin.id])).toEqual([
      {
        ...common,
        customerId: paula.id,
        details: { ...facts, co_borrower: { id: colin.id, first_name: 'Colin', last_name: 'Cosigner' } },
      },
      {
        ...common,
        customerId: colin.id,
        details: { ...facts, primary_customer: { id: paula.id, first_name: 'Paula', last_name: 'Primary' } },
      },
    ]);

    // Both the primary's page and the co-borrower's page read the account's co-borrowers.
    for (const customerId of [paula.id, colin.id]) {
      const read = await t.request(coBorrowersPath(customerId, account.id), { token: staff });
      expect(read).toMatchObject({ status: 200, body: answer.body });
    }
    const second = await insertCustomer(db, merchantId, 'Sara', 'Second');
    const both = await link(paula.id, account.id, { customer: second.id });
    expect(both.body.co_borrowers).toEqual([refOf(colin), refOf(second)]);

    // The customer page carries them on the account, for the primary and for a co-borrower alike (linked at
    // the same instant here, so their order is the ids').
    for (const [customerId, role] of [
      [paula.id, 'primary'],
      [colin.id, 'co_borrower'],
    ] as const) {
      const page = await t.request(`/api/merchants/${merchantId}/customers/${customerId}/`, { token: staff });
      expect(page.status).toBe(200);
      expect(page.body.accounts).toMatchObject([
        {
          id: account.id,
          role,
          primary_customer: refOf(paula),
          co_borrowers: expect.arrayContaining([refOf(colin), refOf(second)]),
        },
      ]);
      expect(page.body.accounts[0].co_borrowers).toHaveLength(2);
    }
  });

  it('refuses the primary borrower, a second link, a voided customer and customers of no merchant’s own', async () => {
    const paula = await insertCustomer(db, merchantId, 'Pia', 'Primary');
    const colin = await insertCustomer(db, merchantId, 'Cy', 'Cosigner');
    const voided = await insertCustomer(db, merchantId, 'Val', 'Voided');
    await db.update(customers).set({ voidedAt: t.clock.now() }).where(eq(customers.id, voided.id));
    const account = await insertAccount(db, merchantId, paula.id, 'CB-2');
    expect((await link(paula.id, account.id, { customer: colin.id })).status).toBe(201);

    const refusals: [unknown, Record<string, string[]>][] = [
      [{ customer: paula.id }, { customer: ['The primary borrower cannot also be a co-borrower'] }],
      [{ customer: colin.id }, { customer: ['This customer is already a co-borrower on the account'] }],
      [{ customer: voided.id }, { customer: ['This customer has been voided'] }],
      [{ customer: rival.coBorrowerId }, { customer: ['Customer does not belong to this merchant'] }],
      [{ customer: 'not-a-uuid' }, { customer: ['Customer does not belong to this merchant'] }],
      [{ customer: '' }, { customer: ['Required'] }],
      [{}, { customer: ['Required'] }],
    ];
    for (const [json, body] of refusals) {
      expect(await link(paula.id, account.id, json)).toMatchObject({ status: 400, body });
    }
    expect((await linksOf(account.id)).map((row) => row.customerId)).toEqual([colin.id]);
    expect(await eventsOf([voided.id, rival.coBorrowerId])).toEqual([]);
  });

  it('links only to an account the path’s customer holds, and not for a voided primary', async () => {
    const paula = await insertCustomer(db, merchantId, 'Pat', 'Primary');
    const colin = await insertCustomer(db, merchantId, 'Cal', 'Cosigner');
    const third = await insertCustomer(db, merchantId, 'Tia', 'Third');
    const account = await insertAccount(db, merchantId, paula.id, 'CB-3');
    await link(paula.id, account.id, { customer: colin.id });
    // Colin co-borrows the account: he reads it but cannot add people to it from his page.
    expect(await link(colin.id, account.id, { customer: third.id })).toMatchObject(notFound);
    expect(await unlink(colin.id, account.id, colin.id)).toMatchObject(notFound);
    // An account of another customer of the same merchant.
    expect(await link(third.id, account.id, { customer: colin.id })).toMatchObject(notFound);
    expect(await t.request(coBorrowersPath(third.id, account.id), { token: staff })).toMatchObject(notFound);

    await db.update(customers).set({ voidedAt: t.clock.now() }).where(eq(customers.id, paula.id));
    expect(await link(paula.id, account.id, { customer: third.id })).toMatchObject({
      status: 400,
      body: { non_field_errors: ['This customer has been voided'] },
    });
    expect((await linksOf(account.id)).map((row) => row.customerId)).toEqual([colin.id]);
  });

  it('unlinks a co-borrower, answers the account after the change, and writes co_borrower.unlinked twice', async () => {
    const paula = await insertCustomer(db, merchantId, 'Peg', 'Primary');
    const colin = await insertCustomer(db, merchantId, 'Cole', 'Cosigner');
    const stay = await insertCustomer(db, merchantId, 'Stu', 'Stays');
    const account = await insertAccount(db, merchantId, paula.id, 'CB-4');
    await link(paula.id, account.id, { customer: colin.id });
    await link(paula.id, account.id, { customer: stay.id });

    const answer = await unlink(paula.id, account.id, colin.id);
    expect(answer).toMatchObject({
      status: 200,
      body: { account_id: account.id, co_borrowers: [refOf(stay)] },
    });
    const unlinked = (await eventsOf([paula.id, colin.id])).filter((e) => e.kind === 'co_borrower.unlinked');
    const facts = { account_id: account.id, account_external_id: 'CB-4' };
    expect(unlinked).toEqual([
      {
        customerId: paula.id,
        kind: 'co_borrower.unlinked',
        accountId: account.id,
        actorUserId: staffUserId,
        details: { ...facts, co_borrower: { id: colin.id, first_name: 'Cole', last_name: 'Cosigner' } },
      },
      {
        customerId: colin.id,
        kind: 'co_borrower.unlinked',
        accountId: account.id,
        actorUserId: staffUserId,
        details: { ...facts, primary_customer: { id: paula.id, first_name: 'Peg', last_name: 'Primary' } },
      },
    ]);
    // No longer linked (or never): 404, nothing written.
    for (const id of [colin.id, paula.id, rival.coBorrowerId, 'not-a-uuid']) {
      expect(await unlink(paula.id, account.id, id)).toMatchObject(notFound);
    }
    // Three links and two unlink events; the refused unlinks wrote nothing.
    expect(await eventsOf([paula.id, colin.id])).toHaveLength(5);
    // Colin no longer reads the account from his page.
    expect(await t.request(coBorrowersPath(colin.id, account.id), { token: staff })).toMatchObject(notFound);
  });

  it('needs is_customer_update_allowed to link on a custom-role merchant; reading needs membership only', async () => {
    const [custom] = await db
      .insert(merchants)
      .values({ name: 'Custom Borrow Motors', checkCustomRoles: true })
      .returning();
    const [notesOnly] = await db
      .insert(customRoles)
      .values({ merchantId: custom!.id, name: 'Notes only', permissions: { is_note_update_allowed: true } })
      .returning();
    await addMember(db, custom!.id, 'noter@custom-borrow.test', ['staff'], notesOnly!.id);
    const token = (await t.signIn('noter@custom-borrow.test', PASSWORD)).access;
    const paula = await insertCustomer(db, custom!.id, 'Pam', 'Primary');
    const colin = await insertCustomer(db, custom!.id, 'Cid', 'Cosigner');
    const account = await insertAccount(db, custom!.id, paula.id, 'CB-C');
    const path = coBorrowersPath(paula.id, account.id, custom!.id);
    const denied = { status: 403, body: { detail: 'You do not have permission to perform this action.' } };
    expect(await t.request(path, { method: 'POST', token, json: { customer: colin.id } })).toMatchObject(
      denied,
    );
    expect(await t.request(`${path}${colin.id}/`, { method: 'DELETE', token })).toMatchObject(denied);
    expect(await t.request(path, { token })).toMatchObject({
      status: 200,
      body: { account_id: account.id, co_borrowers: [] },
    });
  });

  it('shows another merchant’s admin nothing and lets them change nothing', async () => {
    const paula = await insertCustomer(db, merchantId, 'Pru', 'Primary');
    const colin = await insertCustomer(db, merchantId, 'Cato', 'Cosigner');
    const account = await insertAccount(db, merchantId, paula.id, 'CB-5');
    await link(paula.id, account.id, { customer: colin.id });
    expect(await t.request(coBorrowersPath(paula.id, account.id), { token: rivalAdmin })).toMatchObject(
      notFound,
    );
    expect(await link(paula.id, account.id, { customer: colin.id }, rivalAdmin)).toMatchObject(notFound);
    expect(await unlink(paula.id, account.id, colin.id, rivalAdmin)).toMatchObject(notFound);
    expect((await linksOf(account.id)).map((row) => row.customerId)).toEqual([colin.id]);
  });

  it('refuses another merchant’s customer, account and co-borrower ids under the own path, changing nothing', async () => {
    const paula = await insertCustomer(db, merchantId, 'Pip', 'Primary');
    const colin = await insertCustomer(db, merchantId, 'Cleo', 'Cosigner');
    const account = await insertAccount(db, merchantId, paula.id, 'CB-6');
    const paths: [string, string][] = [
      [rival.customerId, rival.accountId],
      [paula.id, rival.accountId],
      [rival.customerId, account.id],
      ['not-a-uuid', account.id],
      [paula.id, 'not-a-uuid'],
    ];
    for (const [customerId, accountId] of paths) {
      expect(await t.request(coBorrowersPath(customerId, accountId), { token: staff })).toMatchObject(
        notFound,
      );
      expect(await link(customerId, accountId, { customer: colin.id })).toMatchObject(notFound);
      // Refused before the body is validated.
      expect(await link(customerId, accountId, {})).toMatchObject(notFound);
      expect(await unlink(customerId, accountId, rival.coBorrowerId)).toMatchObject(notFound);
    }
    expect((await linksOf(rival.accountId)).map((row) => row.customerId)).toEqual([rival.coBorrowerId]);
    expect(await linksOf(account.id)).toEqual([]);
    expect(await eventsOf([rival.customerId, rival.coBorrowerId, paula.id, colin.id])).toEqual([]);
  });

  it('answers two racing links of the same co-borrower with one link and one refusal', async () => {
    const paula = await insertCustomer(db, merchantId, 'Rae', 'Primary');
    const colin = await insertCustomer(db, merchantId, 'Ric', 'Cosigner');
    const account = await insertAccount(db, merchantId, paula.id, 'CB-7');
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => link(paula.id, account.id, { customer: colin.id })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400, 400, 400]);
    for (const answer of answers.filter((a) => a.status === 400)) {
      expect(answer.body).toEqual({ customer: ['This customer is already a co-borrower on the account'] });
    }
    expect((await linksOf(account.id)).map((row) => row.customerId)).toEqual([colin.id]);
    const linked = (await eventsOf([paula.id, colin.id])).filter((e) => e.kind === 'co_borrower.linked');
    expect(linked).toHaveLength(2);
  });
});
