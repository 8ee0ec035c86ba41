import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, locations, merchantAccounts, merchants } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';

describe('merchant accounts', () => {
  let t: TestApp;
  let path: string;
  let northId: string;
  let southId: string;
  let otherLocationId: string;
  let otherAccountId: string;
  let admin: string;
  let staff: string;

  beforeAll(async () => {
    t = await createTestApp();
    const { db } = t.database;
    const [merchant] = await db.select().from(merchants).where(eq(merchants.name, 'Demo Motors'));
    path = `/api/merchants/${merchant!.id}/merchant_accounts/`;
    const demoLocations = await db.select().from(locations).where(eq(locations.merchantId, merchant!.id));
    northId = demoLocations.find((location) => location.name === 'Demo Motors North')!.id;
    southId = demoLocations.find((location) => location.name === 'Demo Motors South')!.id;
    const [other] = await db.insert(merchants).values({ name: 'Other Autos' }).returning();
    const [otherLocation] = await db
      .insert(locations)
      .values({ merchantId: other!.id, name: 'Other Lot' })
      .returning();
    otherLocationId = otherLocation!.id;
    const [otherAccount] = await db
      .insert(merchantAccounts)
      .values({ merchantId: other!.id, locationId: otherLocationId, name: 'Other Account' })
      .returning();
    otherAccountId = otherAccount!.id;
    admin = await t.demoToken('admin');
    staff = await t.demoToken('staff');
  });
  afterAll(() => t.close());

  const valid = () => ({
    location: northId,
    name: 'North Card Processing',
    processor: 'stripe',
    processor_account_id: 'acct_123',
    status: 'active',
    card_fee: '3.15',
    ach_fee: 0.8,
    convenience_fee: '1.50',
    monthly_volume: '50000',
    max_transaction_amount: '5000.00',
  });
  const create = (json: unknown, token = admin) => t.request(path, { method: 'POST', token, json });

  it('seeds one active sandbox account per demo location at 2.95 %', async () => {
    const answer = await t.request(path, { token: admin });
    expect(answer.status).toBe(200);
    expect(answer.body.count).toBe(2);
    for (const account of answer.body.results) {
      expect(account).toMatchObject({
        processor: 'sandbox',
        status: 'active',
        card_fee_bps: 295,
        card_fee: '2.95',
      });
    }
    const north = await t.request(`${path}?location=${northId}`, { token: admin });
    expect(north.body.results.map((account: { location_name: string }) => account.location_name)).toEqual([
      'Demo Motors North',
    ]);
  });

  it('creates an account: percents to basis points, dollars to cents', async () => {
    const answer = await create(valid());
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      location: northId,
      location_name: 'Demo Motors North',
      processor: 'stripe',
      card_fee_bps: 315,
      card_fee: '3.15',
      ach_fee_bps: 80,
      ach_fee: '0.80',
      convenience_fee_cents: 150,
      monthly_volume_cents: 5_000_000,
      max_transaction_amount_cents: 500_000,
    });
    expect((await t.request(`${path}${answer.body.id}/`, { token: admin })).body).toEqual(answer.body);
  });

  it('answers the fee and amount rules by field', async () => {
    const negative = await create({ ...valid(), convenience_fee: '-1.00' });
    expect(negative.status).toBe(400);
    expect(negative.body).toEqual({ convenience_fee: ['Convenience Fee Can Not be a Negative Value'] });
    const overVolume = await create({
      ...valid(),
      monthly_volume: '1000',
      max_transaction_amount: '1000.01',
    });
    expect(overVolume.body).toEqual({
      max_transaction_amount: ['Must be less than or equal to Monthly Volume'],
    });
    const bad = await create({ ...valid(), name: '', card_fee: '2.955', ach_fee: '', processor: 'paypal' });
    expect(bad.body).toEqual({
      name: ['Required'],
      card_fee: ['Field must contain only decimal values'],
      ach_fee: ['Required'],
      processor: ['Required'],
    });
    expect((await create({ ...valid(), card_fee: '100.01' })).body).toEqual({
      card_fee: ['Must be between 0 and 100'],
    });
  });

  it('refuses a location of another merchant on the location field', async () => {
    for (const location of [otherLocationId, 'not-a-uuid']) {
      const answer = await create({ ...valid(), location });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ location: ['Location does not belong to this merchant'] });
    }
    const count = await t.database.db
      .select()
      .from(merchantAccounts)
      .where(eq(merchantAccounts.locationId, otherLocationId));
    expect(count).toHaveLength(1);
  });

  it('updates, refusing staff (even to read) and other merchants’ accounts, and audits', async () => {
    const account = (await create({ ...valid(), name: 'To Move' })).body;
    const accountPath = `${path}${account.id}/`;
    expect((await t.request(path, { token: staff })).status).toBe(403);
    expect((await t.request(accountPath, { token: staff })).status).toBe(403);
    expect((await create(valid(), staff)).status).toBe(403);
    const update = { ...valid(), name: 'Moved South', location: southId, status: 'inactive' };
    expect((await t.request(accountPath, { method: 'PUT', token: staff, json: update })).status).toBe(403);

    const moved = await t.request(accountPath, { method: 'PUT', token: admin, json: update });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({
      name: 'Moved South',
      location: southId,
      location_name: 'Demo Motors South',
    });
    const foreignLocation = await t.request(accountPath, {
      method: 'PUT',
      token: admin,
      json: { ...update, location: otherLocationId },
    });
    expect(foreignLocation.body).toEqual({ location: ['Location does not belong to this merchant'] });

    for (const id of [otherAccountId, 'not-a-uuid']) {
      const foreign = `${path}${id}/`;
      expect((await t.request(foreign, { token: admin })).status).toBe(404);
      expect((await t.request(foreign, { method: 'PUT', token: admin, json: update })).body).toEqual({
        detail: 'Not found.',
      });
    }

    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'merchant_account'), eq(auditLog.entityId, account.id)));
    expect(entries.map((entry) => entry.action).sort()).toEqual([
      'merchant_account.created',
      'merchant_account.updated',
    ]);
    const updateEntry = entries.find((entry) => entry.action === 'merchant_account.updated');
    expect(updateEntry?.before).toMatchObject({ location: northId });
    expect(updateEntry?.after).toMatchObject({ location: southId });
  });
});
