import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerNotes } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { mergeFixtures } from './duplicates-test-fixtures';

const ALREADY_MERGED = 'This account has already been merged';

describe('merge accounts', () => {
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
    t.request(`${base}/merge_accounts/preview/`, { method: 'POST', token, json });
  const merge = (json: unknown, token = admin) =>
    t.request(`${base}/merge_accounts/`, { method: 'POST', token, json });

  let pairs = 0;
  /**
   * The survivor account (held by P, external id, make Ford) and the merged one (held by Q, 2019 Toyota
   * Camry) share tag T1 and co-borrower C1; the merged one also has tag T2, co-borrowers P (the survivor's
   * primary) and C2, and a note.
   */
  async function duplicateAccounts() {
    pairs += 1;
    const [p, q, c1, c2] = await Promise.all([1, 2, 3, 4].map(() => f.customer(merchantId)));
    const survivor = await f.account(merchantId, p!.id, { externalId: `SA-${pairs}`, vehicleMake: 'Ford' });
    const merged = await f.account(merchantId, q!.id, {
      externalId: `MA-${pairs}`,
      status: 'inactive',
      vehicleYear: 2019,
      vehicleMake: 'Toyota',
      vehicleModel: 'Camry',
    });
    const [t1, t2] = [await f.tag(merchantId), await f.tag(merchantId)];
    await f.tagLink(merchantId, survivor.id, t1.id);
    await f.tagLink(merchantId, merged.id, t1.id);
    await f.tagLink(merchantId, merged.id, t2.id);
    await f.coBorrow(merchantId, survivor.id, c1!.id);
    await f.coBorrow(merchantId, merged.id, c1!.id);
    await f.coBorrow(merchantId, merged.id, p!.id);
    await f.coBorrow(merchantId, merged.id, c2!.id);
    await t.database.db
      .insert(customerNotes)
      .values({ merchantId, customerId: q!.id, accountId: merged.id, body: 'Same car, second contract' });
    return { p: p!, q: q!, c1: c1!, c2: c2!, survivor, merged, t1, t2 };
  }

  type Customer = Awaited<ReturnType<typeof f.customer>>;
  type Account = Awaited<ReturnType<typeof f.account>>;
  const ref = (account: Account, owner: Customer) => ({
    id: account.id,
    external_id: account.externalId,
    status: account.status,
    amount_due_cents: 12_500,
    due_date: null,
    vehicle_year: account.vehicleYear,
    vehicle_make: account.vehicleMake,
    vehicle_model: account.vehicleModel,
    customer: {
      id: owner.id,
      first_name: owner.firstName,
      last_name: owner.lastName,
      external_id: owner.externalId,
      sms_phone_number: owner.smsPhoneNumber,
    },
  });
  const moves = { tags: 1, co_borrowers: 1, notes: 1 };
  const fills = { vehicle_year: 2019, vehicle_model: 'Camry' };

  it('previews what moves and what gets filled, changing nothing', async () => {
    const { p, q, survivor, merged } = await duplicateAccounts();
    const answer = await preview({ survivor: survivor.id, merged: merged.id });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ survivor: ref(survivor, p), merged: ref(merged, q), moves, fills });
    expect(await f.readAccount(merged.id)).toEqual(merged);
  });

  it('merges: moves tags, co-borrowers and notes, fills empty fields, closes the merged one, records', async () => {
    const { p, q, c1, c2, survivor, merged, t1, t2 } = await duplicateAccounts();
    const answer = await merge({ survivor: survivor.id, merged: merged.id });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      survivor: survivor.id,
      survivor_customer: p.id,
      merged: merged.id,
      moved: moves,
      filled: fills,
    });
    expect(await f.tagsOf(survivor.id)).toEqual([t1.id, t2.id].sort());
    expect(await f.tagsOf(merged.id)).toEqual([]);
    expect(await f.coBorrowers(survivor.id)).toEqual([c1.id, c2.id].sort());
    expect(await f.coBorrowers(merged.id)).toEqual([]);
    const [note] = await t.database.db.select().from(customerNotes).where(eq(customerNotes.customerId, q.id));
    expect(note).toMatchObject({ accountId: survivor.id, body: 'Same car, second contract' });
    expect(await f.readAccount(survivor.id)).toMatchObject({
      customerId: p.id,
      externalId: survivor.externalId,
      status: 'active',
      vehicleYear: 2019,
      vehicleMake: 'Ford',
      vehicleModel: 'Camry',
      mergedIntoId: null,
    });
    expect(await f.readAccount(merged.id)).toMatchObject({
      customerId: q.id,
      externalId: merged.externalId,
      status: 'closed',
      mergedIntoId: survivor.id,
    });

    const details = { survivor: ref(survivor, p), merged: ref(merged, q), moved: moves, filled: fills };
    const [onSurvivorOwner] = await f.events(p.id, 'account.merged');
    expect(onSurvivorOwner).toMatchObject({ accountId: survivor.id, details });
    const [onMergedOwner] = await f.events(q.id, 'account.merged');
    expect(onMergedOwner).toMatchObject({ accountId: merged.id, details });

    const audits = await f.audits('account.merged', survivor.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      merchantId,
      entityType: 'account',
      before: {
        survivor: { id: survivor.id, vehicle_year: null },
        merged: { id: merged.id, status: 'inactive', merged_into_id: null },
      },
      after: {
        survivor: { vehicle_year: 2019, vehicle_model: 'Camry' },
        merged: { status: 'closed', merged_into_id: survivor.id },
        moved: { tag_ids: [t2.id], co_borrower_ids: [c2.id], notes: 1 },
      },
    });
  });

  it('gives the survivor the merged external id, freeing it first; one event when one customer holds both', async () => {
    const owner = await f.customer(merchantId);
    const survivor = await f.account(merchantId, owner.id, { status: 'closed' });
    const merged = await f.account(merchantId, owner.id, { externalId: 'ACC-MOVES' });
    const answer = await merge({ survivor: survivor.id, merged: merged.id });
    expect(answer.status).toBe(200);
    expect(answer.body.filled).toEqual({ external_id: 'ACC-MOVES' });
    expect((await f.readAccount(survivor.id)).externalId).toBe('ACC-MOVES');
    expect((await f.readAccount(merged.id)).externalId).toBeNull();
    expect(await f.events(owner.id, 'account.merged')).toHaveLength(1);
  });

  it('refuses staff, other merchants’ accounts, merged accounts and the same account twice', async () => {
    const { survivor, merged } = await duplicateAccounts();
    const pair = { survivor: survivor.id, merged: merged.id };
    for (const call of [preview, merge]) {
      const denied = await call(pair, staff);
      expect(denied.status).toBe(403);
      expect(denied.body).toEqual({ detail: 'You do not have permission to perform this action.' });
    }

    const rivalId = await f.merchantId('Rival Cars');
    const rival = await f.account(rivalId, (await f.customer(rivalId)).id);
    for (const body of [
      { survivor: survivor.id, merged: rival.id },
      { survivor: rival.id, merged: merged.id },
      { survivor: 'x', merged: merged.id },
    ]) {
      for (const call of [preview, merge]) {
        const answer = await call(body);
        expect(answer.status).toBe(404);
        expect(answer.body).toEqual({ detail: 'Not found.' });
      }
    }
    expect(await f.readAccount(rival.id)).toEqual(rival);

    const same = await preview({ survivor: survivor.id, merged: survivor.id });
    expect(same.status).toBe(400);
    expect(same.body).toEqual({ merged: ['Choose two different accounts to merge'] });

    expect((await merge(pair)).status).toBe(200);
    const third = await f.account(merchantId, (await f.customer(merchantId)).id);
    for (const call of [preview, merge]) {
      const again = await call({ survivor: third.id, merged: merged.id });
      expect(again.status).toBe(400);
      expect(again.body).toEqual({ merged: [ALREADY_MERGED] });
      const asSurvivor = await call({ survivor: merged.id, merged: third.id });
      expect(asSurvivor.body).toEqual({ survivor: [ALREADY_MERGED] });
    }
    expect(await f.readAccount(third.id)).toEqual(third);
  });

  it('leaves nothing changed when the last step fails', async () => {
    const { p, c2, survivor, merged, t2 } = await duplicateAccounts();
    const restore = await f.failAuditOf('account.merged');
    try {
      expect((await merge({ survivor: survivor.id, merged: merged.id })).status).toBe(500);
    } finally {
      await restore();
    }
    expect(await f.readAccount(survivor.id)).toEqual(survivor);
    expect(await f.readAccount(merged.id)).toEqual(merged);
    expect(await f.tagsOf(merged.id)).toContain(t2.id);
    expect(await f.coBorrowers(merged.id)).toContain(c2.id);
    const [note] = await t.database.db
      .select()
      .from(customerNotes)
      .where(eq(customerNotes.accountId, merged.id));
    expect(note?.body).toBe('Same car, second contract');
    expect(await f.events(p.id, 'account.merged')).toEqual([]);
  });

  it('lets exactly one of several concurrent merges of the same account through', async () => {
    const merged = await f.account(merchantId, (await f.customer(merchantId)).id);
    const owner = await f.customer(merchantId);
    const survivors = await Promise.all([1, 2, 3, 4].map(() => f.account(merchantId, owner.id)));
    const answers = await Promise.all(survivors.map((s) => merge({ survivor: s.id, merged: merged.id })));
    const winners = answers.filter((answer) => answer.status === 200);
    expect(winners).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 200)) {
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ merged: [ALREADY_MERGED] });
    }
    expect((await f.readAccount(merged.id)).mergedIntoId).toBe(winners[0]!.body.survivor);
  });
});
