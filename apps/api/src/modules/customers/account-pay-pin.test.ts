import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PermissionFlag } from '@paylane/shared/permissions';
import { accounts, customerEvents, customers, merchants } from '../../db/schema';
import { verifyPassword } from '../../lib/passwords';
import { addMember, MEMBER_PASSWORD } from '../../test/members';
import {
  accountBody,
  customerBody,
  setUpCustomersTest,
  type CustomersTestContext,
} from './customers-test-setup';

// The account's pay PIN (issue 16 item 6): staff set, replace or remove it with the account's own write and
// permission; it is kept only as an argon2id hash, never answered (only has_pin), and the history says that
// it changed, never what it is.
describe('account pay PIN', () => {
  let c: CustomersTestContext;
  let customerId: string;
  let serial = 0;

  beforeAll(async () => {
    c = await setUpCustomersTest();
    const created = await c.t.request(`${c.base}/customers/`, {
      method: 'POST',
      token: c.admin,
      json: customerBody(c.south.id, { external_id: 'PIN-C', sms_phone_number: '(512) 555-0191' }),
    });
    expect(created.status).toBe(201);
    customerId = created.body.id;
  });
  afterAll(() => c.t.close());

  const accountsPath = () => `${c.base}/customers/${customerId}/accounts/`;
  const add = (overrides: Record<string, unknown> = {}) => {
    serial += 1;
    return c.t.request(accountsPath(), {
      method: 'POST',
      token: c.staff,
      json: accountBody({ external_id: `PIN-${serial}`, ...overrides }),
    });
  };
  const replace = (
    account: { id: string; external_id: string },
    json: Record<string, unknown>,
    token?: string,
  ) =>
    c.t.request(`${accountsPath()}${account.id}/`, {
      method: 'PUT',
      token: token ?? c.staff,
      json: accountBody({ external_id: account.external_id, ...json }),
    });
  const storedHash = async (accountId: string) => {
    const [row] = await c.t.database.db
      .select({ hash: accounts.payPinHash })
      .from(accounts)
      .where(eq(accounts.id, accountId));
    return row!.hash;
  };
  const historyOf = (accountId: string) =>
    c.t.database.db
      .select({ kind: customerEvents.kind, details: customerEvents.details })
      .from(customerEvents)
      .where(eq(customerEvents.accountId, accountId))
      .orderBy(customerEvents.id);

  it('sets a PIN as an argon2id hash, answers only has_pin, and records that it was set', async () => {
    const account = (await add()).body;
    expect(account.has_pin).toBe(false);
    const answer = await replace(account, { pin: '4821', confirm_pin: '4821' });
    expect(answer.status).toBe(200);
    expect(answer.body.has_pin).toBe(true);
    expect(answer.body).not.toHaveProperty('pin');
    const hash = await storedHash(account.id);
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(hash, '4821')).toBe(true);

    const customer = await c.t.request(`${c.base}/customers/${customerId}/`, { token: c.staff });
    const history = await c.t.request(`${c.base}/customers/${customerId}/history/`, { token: c.staff });
    for (const body of [answer.body, customer.body, history.body]) {
      expect(JSON.stringify(body)).not.toContain('4821');
      expect(JSON.stringify(body)).not.toContain('argon2');
    }
    expect((await historyOf(account.id)).at(-1)).toEqual({
      kind: 'account.updated',
      details: { pay_pin: ['Not set', 'Set'] },
    });
  });

  it('keeps the PIN when the form leaves it empty, replaces it, and removes it with null', async () => {
    const account = (await add({ pin: '123456', confirm_pin: '123456' })).body;
    expect(account.has_pin).toBe(true);
    const first = await storedHash(account.id);

    const kept = await replace(account, { amount_due: '99.00', pin: '', confirm_pin: '' });
    expect(kept.body.has_pin).toBe(true);
    expect(await storedHash(account.id)).toBe(first);
    const untouched = await replace(account, { amount_due: '98.00' });
    expect(untouched.body.has_pin).toBe(true);

    expect((await replace(account, { pin: '9999', confirm_pin: '9999' })).body.has_pin).toBe(true);
    const second = await storedHash(account.id);
    expect(second).not.toBe(first);
    expect(await verifyPassword(second, '9999')).toBe(true);

    const removed = await replace(account, { pin: null });
    expect(removed.body.has_pin).toBe(false);
    expect(await storedHash(account.id)).toBeNull();
    expect((await historyOf(account.id)).map((event) => event.details.pay_pin ?? null)).toEqual([
      'Set',
      null,
      null,
      ['Set', 'Changed'],
      ['Set', 'Not set'],
    ]);
  });

  it("answers 'Pins do not match' and the PIN's format by field, and changes nothing", async () => {
    const account = (await add()).body;
    const mismatch = await replace(account, { pin: '1234', confirm_pin: '1243' });
    expect(mismatch).toMatchObject({ status: 400, body: { confirm_pin: ['Pins do not match'] } });
    const missingConfirm = await replace(account, { pin: '1234' });
    expect(missingConfirm.body).toEqual({ confirm_pin: ['Pins do not match'] });
    for (const pin of ['123', '1234567', '12a4', '12 34', '١٢٣٤']) {
      const answer = await replace(account, { pin, confirm_pin: pin });
      expect(answer, pin).toMatchObject({ status: 400, body: { pin: ['PIN must be 4 to 6 digits'] } });
    }
    const both = await replace(account, { amount_due: '', pin: 'abcd', confirm_pin: 'abcd' });
    expect(both.body).toMatchObject({
      amount_due: ['Amount Due is Required'],
      pin: ['PIN must be 4 to 6 digits'],
    });
    expect(await storedHash(account.id)).toBeNull();
  });

  it('sets a PIN on a new customer’s first account too', async () => {
    const created = await c.t.request(`${c.base}/customers/`, {
      method: 'POST',
      token: c.admin,
      json: customerBody(c.south.id, {
        external_id: 'PIN-NEW',
        sms_phone_number: '(512) 555-0192',
        account: accountBody({ external_id: 'PIN-NEW-1', pin: '2468', confirm_pin: '2468' }),
      }),
    });
    expect(created.status).toBe(201);
    expect(created.body.accounts[0].has_pin).toBe(true);
    expect(JSON.stringify(created.body)).not.toContain('2468');
    const mismatch = await c.t.request(`${c.base}/customers/`, {
      method: 'POST',
      token: c.admin,
      json: customerBody(c.south.id, {
        external_id: 'PIN-NEW-2',
        sms_phone_number: '(512) 555-0193',
        account: accountBody({ external_id: 'PIN-NEW-2', pin: '2468', confirm_pin: '2469' }),
      }),
    });
    expect(mismatch.body).toEqual({ 'account.confirm_pin': ['Pins do not match'] });
  });

  it('needs the permission that edits the account (is_customer_update_allowed on custom roles)', async () => {
    const { db } = c.t.database;
    const [merchant] = await db
      .insert(merchants)
      .values({ name: 'Custom Pin Motors', checkCustomRoles: true })
      .returning();
    const [customer] = await db
      .insert(customers)
      .values({ merchantId: merchant!.id, firstName: 'Pia', lastName: 'Pinless' })
      .returning();
    const [account] = await db
      .insert(accounts)
      .values({ merchantId: merchant!.id, customerId: customer!.id, externalId: 'CP-1', amountDueCents: 100 })
      .returning();
    const member = async (email: string, flags: Partial<Record<PermissionFlag, boolean>>) => {
      await addMember(db, { merchantId: merchant!.id, email, roles: ['staff'], flags });
      return (await c.t.signIn(email, MEMBER_PASSWORD)).access;
    };
    const path = `/api/merchants/${merchant!.id}/customers/${customer!.id}/accounts/${account!.id}/`;
    const body = accountBody({ external_id: 'CP-1', pin: '1111', confirm_pin: '1111' });
    const noter = await member('noter@custom-pin.test', { is_note_update_allowed: true });
    const denied = await c.t.request(path, { method: 'PUT', token: noter, json: body });
    expect(denied.status).toBe(403);
    expect(await storedHash(account!.id)).toBeNull();
    const editor = await member('editor@custom-pin.test', { is_customer_update_allowed: true });
    const allowed = await c.t.request(path, { method: 'PUT', token: editor, json: body });
    expect(allowed).toMatchObject({ status: 200, body: { has_pin: true } });
  });
});
