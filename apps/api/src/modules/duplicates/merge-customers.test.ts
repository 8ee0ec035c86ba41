import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerNotes, paymentMethods } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { mergeFixtures } from './duplicates-test-fixtures';

const VOIDED = 'This customer has been voided';

describe('merge customers', () => {
  let t: TestApp;
  let f: ReturnType<typeof mergeFixtures>;
  let merchantId: string;
  let base: string;
  let admin: string;
  let staff: string;

  beforeAll(async () => {
    t = await createTestApp();
    f = mergeFixtures(t.database.db);
    merchantId = await f.merchantId('Demo Motors');
    base = `/api/merchants/${merchantId}`;
    admin = await t.demoToken('admin');
    staff = await t.demoToken('staff');
  });
  afterAll(() => t.close());

  const preview = (json: unknown, token = admin) =>
    t.request(`${base}/merge_customers/preview/`, { method: 'POST', token, json });
  const merge = (json: unknown, token = admin) =>
    t.request(`${base}/merge_customers/`, { method: 'POST', token, json });

  /**
   * The survivor S has a phone and an external id but no email, address or birth date; the merged customer M
   * holds two accounts, co-borrows three (one of S's, one S co-borrows too, one that moves), has two notes and
   * two live payment methods (and a removed one). S co-borrows one of M's accounts.
   */
  let pairs = 0;
  async function duplicatePair() {
    const survivor = await f.customer(merchantId, {
      firstName: 'Ann',
      lastName: 'Survivor',
      externalId: `S-${++pairs}`,
      smsPhoneNumber: `+1512555${1000 + pairs}`,
    });
    const merged = await f.customer(merchantId, {
      firstName: 'Annie',
      lastName: 'Survivor',
      externalId: `M-${pairs}`,
      email: 'annie@example.test',
      emailOptedOutAt: new Date('2024-01-02T03:04:05Z'),
      smsOptedOutAt: new Date('2024-01-02T03:04:05Z'),
      addressLine1: '12 Elm St',
      city: 'Tyler',
      state: 'TX',
      postalCode: '75701',
      dateOfBirth: '1980-02-03',
    });
    const other = await f.customer(merchantId);
    const m1 = await f.account(merchantId, merged.id);
    const m2 = await f.account(merchantId, merged.id);
    const s1 = await f.account(merchantId, survivor.id);
    const shared = await f.account(merchantId, other.id);
    const moving = await f.account(merchantId, other.id);
    await f.coBorrow(merchantId, s1.id, merged.id); // S would co-borrow... its own account: dropped
    await f.coBorrow(merchantId, shared.id, merged.id); // S co-borrows it already: dropped
    await f.coBorrow(merchantId, shared.id, survivor.id);
    await f.coBorrow(merchantId, moving.id, merged.id); // moves to S
    await f.coBorrow(merchantId, m1.id, survivor.id); // S is about to hold m1: dropped
    await f.coBorrow(merchantId, m2.id, other.id); // stays with the account
    const db = t.database.db;
    await db.insert(customerNotes).values([
      { merchantId, customerId: merged.id, body: 'Called about the due date' },
      { merchantId, customerId: merged.id, accountId: m1.id, body: 'Promised Friday' },
    ]);
    await db.insert(paymentMethods).values([
      {
        merchantId,
        customerId: merged.id,
        paymentType: 'CREDIT',
        nickname: 'Visa',
        maskedCardNumber: '****1111',
      },
      { merchantId, customerId: merged.id, paymentType: 'CHECKING', maskedAccountNumber: '****6789' },
      { merchantId, customerId: merged.id, paymentType: 'DEBIT', removedAt: new Date() },
    ]);
    return { survivor, merged, other, m1, m2, s1, shared, moving };
  }

  const ref = (row: {
    id: string;
    firstName: string;
    lastName: string;
    externalId: string | null;
    smsPhoneNumber: string | null;
  }) => ({
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    external_id: row.externalId,
    sms_phone_number: row.smsPhoneNumber,
  });
  const expectedMoves = {
    accounts: 2,
    co_borrowed_accounts: 1,
    co_borrower_links_dropped: 3,
    notes: 2,
    payment_methods: 2,
  };
  const expectedFills = {
    email: 'annie@example.test',
    date_of_birth: '1980-02-03',
    address_line1: '12 Elm St',
    city: 'Tyler',
    state: 'TX',
    postal_code: '75701',
    email_opted_out: true,
  };

  it('previews what moves and what gets filled, changing nothing', async () => {
    const { survivor, merged } = await duplicatePair();
    const answer = await preview({ survivor: survivor.id, merged: merged.id });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      survivor: ref(survivor),
      merged: ref(merged),
      moves: expectedMoves,
      fills: expectedFills,
    });
    expect(await f.readCustomer(merged.id)).toEqual(merged);
    expect(await f.readCustomer(survivor.id)).toEqual(survivor);
  });

  it('merges: moves accounts, links, notes and payment methods, fills empty fields, voids, records', async () => {
    const { survivor, merged, other, m1, m2, s1, shared, moving } = await duplicatePair();
    const answer = await merge({ survivor: survivor.id, merged: merged.id });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      survivor: survivor.id,
      merged: merged.id,
      moved: expectedMoves,
      filled: expectedFills,
    });

    for (const account of [m1, m2]) expect((await f.readAccount(account.id)).customerId).toBe(survivor.id);
    expect((await f.readAccount(s1.id)).customerId).toBe(survivor.id);
    expect(await f.coBorrowedBy(merged.id)).toEqual([]);
    expect(await f.coBorrowedBy(survivor.id)).toEqual([shared.id, moving.id].sort());
    expect(await f.coBorrowers(m1.id)).toEqual([]);
    expect(await f.coBorrowers(m2.id)).toEqual([other.id]);
    const db = t.database.db;
    const notes = await db.select().from(customerNotes).where(eq(customerNotes.customerId, survivor.id));
    expect(notes.map((note) => note.body).sort()).toEqual(['Called about the due date', 'Promised Friday']);
    const methods = await db.select().from(paymentMethods).where(eq(paymentMethods.customerId, survivor.id));
    expect(methods).toHaveLength(3);

    const after = await f.readCustomer(survivor.id);
    expect(after).toMatchObject({
      externalId: survivor.externalId,
      smsPhoneNumber: survivor.smsPhoneNumber,
      email: 'annie@example.test',
      addressLine1: '12 Elm St',
      addressLine2: '',
      city: 'Tyler',
      state: 'TX',
      postalCode: '75701',
      dateOfBirth: '1980-02-03',
      emailOptedOutAt: merged.emailOptedOutAt,
      // The phone did not move, so neither did its opt-out.
      smsOptedOutAt: null,
      voidedAt: null,
    });
    const gone = await f.readCustomer(merged.id);
    expect(gone.voidedAt).toEqual(t.clock.now());
    expect(gone.mergedIntoId).toBe(survivor.id);
    expect(gone.externalId).toBe(merged.externalId);

    const facts = { survivor: ref(survivor), merged: ref(merged), moved: expectedMoves };
    const [survivorEvent] = await f.events(survivor.id, 'customer.merged');
    expect(survivorEvent?.details).toEqual({ role: 'survivor', ...facts, filled: expectedFills });
    const [mergedEvent] = await f.events(merged.id, 'customer.merged');
    expect(mergedEvent?.details).toEqual({ role: 'merged', ...facts });

    const audits = await f.audits('customer.merged', survivor.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ merchantId, entityType: 'customer' });
    expect(audits[0]!.before).toMatchObject({
      survivor: { id: survivor.id, email: null, address_line1: '' },
      merged: { id: merged.id, voided_at: null, merged_into_id: null },
    });
    expect(audits[0]!.after).toMatchObject({
      survivor: { email: 'annie@example.test', email_opted_out: true },
      merged: { merged_into_id: survivor.id, voided_at: t.clock.now().toISOString() },
      moved: { account_ids: expect.arrayContaining([m1.id, m2.id]), notes: 2, payment_methods: 2 },
    });
  });

  it('gives the survivor the merged external id and phone (with its opt-out), freeing them first', async () => {
    const survivor = await f.customer(merchantId, { firstName: 'Bo', lastName: 'Empty' });
    const merged = await f.customer(merchantId, {
      firstName: 'Bo',
      lastName: 'Full',
      externalId: 'EXT-MOVES',
      smsPhoneNumber: '+12145550177',
      smsOptedOutAt: new Date('2024-05-06T07:08:09Z'),
    });
    const fills = { external_id: 'EXT-MOVES', sms_phone_number: '+12145550177', sms_opted_out: true };
    expect((await preview({ survivor: survivor.id, merged: merged.id })).body.fills).toEqual(fills);
    const answer = await merge({ survivor: survivor.id, merged: merged.id });
    expect(answer.status).toBe(200);
    expect(answer.body.filled).toEqual(fills);
    expect(await f.readCustomer(survivor.id)).toMatchObject({
      externalId: 'EXT-MOVES',
      smsPhoneNumber: '+12145550177',
      smsOptedOutAt: merged.smsOptedOutAt,
    });
    expect(await f.readCustomer(merged.id)).toMatchObject({ externalId: null, mergedIntoId: survivor.id });
  });

  it('refuses staff, other merchants’ customers, voided customers and the same customer twice', async () => {
    const survivor = await f.customer(merchantId);
    const merged = await f.customer(merchantId);
    const pair = { survivor: survivor.id, merged: merged.id };
    for (const call of [preview, merge]) {
      const denied = await call(pair, staff);
      expect(denied.status).toBe(403);
      expect(denied.body).toEqual({ detail: 'You do not have permission to perform this action.' });
    }

    const rivalId = await f.merchantId('Rival Cars');
    const rival = await f.customer(rivalId);
    for (const body of [
      { survivor: survivor.id, merged: rival.id },
      { survivor: rival.id, merged: merged.id },
      { survivor: survivor.id, merged: 'not-a-uuid' },
    ]) {
      for (const call of [preview, merge]) {
        const answer = await call(body);
        expect(answer.status).toBe(404);
        expect(answer.body).toEqual({ detail: 'Not found.' });
      }
    }
    expect((await f.readCustomer(rival.id)).voidedAt).toBeNull();

    const same = await merge({ survivor: survivor.id, merged: survivor.id });
    expect(same.status).toBe(400);
    expect(same.body).toEqual({ merged: ['Choose two different customers to merge'] });
    expect((await preview({ merged: '' })).body).toEqual({ survivor: ['Required'], merged: ['Required'] });

    const voided = await f.customer(merchantId, { voidedAt: new Date() });
    for (const call of [preview, merge]) {
      const asMerged = await call({ survivor: survivor.id, merged: voided.id });
      expect(asMerged.status).toBe(400);
      expect(asMerged.body).toEqual({ merged: [VOIDED] });
      const asSurvivor = await call({ survivor: voided.id, merged: merged.id });
      expect(asSurvivor.body).toEqual({ survivor: [VOIDED] });
    }
    expect(await f.readCustomer(merged.id)).toEqual(merged);
  });

  it('leaves nothing changed when the last step fails', async () => {
    const { survivor, merged, m1, moving } = await duplicatePair();
    const restore = await f.failAuditOf('customer.merged');
    try {
      const answer = await merge({ survivor: survivor.id, merged: merged.id });
      expect(answer.status).toBe(500);
    } finally {
      await restore();
    }
    expect(await f.readCustomer(merged.id)).toEqual(merged);
    expect(await f.readCustomer(survivor.id)).toEqual(survivor);
    expect((await f.readAccount(m1.id)).customerId).toBe(merged.id);
    expect(await f.coBorrowers(moving.id)).toEqual([merged.id]);
    expect(await f.coBorrowers(m1.id)).toEqual([survivor.id]);
    const db = t.database.db;
    expect(await db.select().from(customerNotes).where(eq(customerNotes.customerId, merged.id))).toHaveLength(
      2,
    );
    expect(
      await db.select().from(paymentMethods).where(eq(paymentMethods.customerId, merged.id)),
    ).toHaveLength(3);
    expect(await f.events(survivor.id, 'customer.merged')).toEqual([]);
    expect(await f.events(merged.id, 'customer.merged')).toEqual([]);

    // The same merge goes through once the failure is gone.
    expect((await merge({ survivor: survivor.id, merged: merged.id })).status).toBe(200);
  });

  it('lets exactly one of several concurrent merges of the same customer through', async () => {
    const merged = await f.customer(merchantId);
    await f.account(merchantId, merged.id);
    const survivors = await Promise.all([1, 2, 3, 4].map(() => f.customer(merchantId)));
    const answers = await Promise.all(survivors.map((s) => merge({ survivor: s.id, merged: merged.id })));
    const winners = answers.filter((answer) => answer.status === 200);
    expect(winners).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 200)) {
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ merged: [VOIDED] });
    }
    expect((await f.readCustomer(merged.id)).mergedIntoId).toBe(winners[0]!.body.survivor);
    expect(winners[0]!.body.moved.accounts).toBe(1);
  });

  it('lets one of two merges naming the same pair in opposite roles through, without a deadlock', async () => {
    const a = await f.customer(merchantId);
    const b = await f.customer(merchantId);
    const answers = await Promise.all([
      merge({ survivor: a.id, merged: b.id }),
      merge({ survivor: b.id, merged: a.id }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    const loser = answers.find((answer) => answer.status === 400)!;
    expect([{ survivor: [VOIDED] }, { merged: [VOIDED] }]).toContainEqual(loser.body);
    const rows = [await f.readCustomer(a.id), await f.readCustomer(b.id)];
    expect(rows.filter((row) => row.voidedAt !== null)).toHaveLength(1);
  });
});
