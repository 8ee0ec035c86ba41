import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  businessOwners,
  locations,
  memberships,
  merchantAccounts,
  merchantIntegrations,
  merchants,
  users,
} from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { createUser } from '../auth/users.repository';
import { createTestApp, type TestApp } from '../../test/app';

type Item = { key: string; count: number; is_complete: boolean; is_optional: boolean; link: string };
const byKey = (items: Item[]) => Object.fromEntries(items.map((item) => [item.key, item]));

describe('onboarding summary', () => {
  let t: TestApp;
  let demoId: string;
  let otherId: string;
  let partnerAccess: string;
  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const [demo] = await db.select().from(merchants).where(eq(merchants.name, 'Demo Motors'));
    demoId = demo!.id;
    const [other] = await db.insert(merchants).values({ name: 'Other Autos' }).returning();
    otherId = other!.id;
    const partner = await createUser(db, {
      email: 'pat@partner.test',
      passwordHash: await hashPassword('Partner-Pass-1'),
      firstName: 'Pat',
      lastName: 'Partner',
      isSuperAdmin: false,
      isPartner: true,
    });
    await db.update(merchants).set({ partnerUserId: partner.id }).where(eq(merchants.id, demoId));
    partnerAccess = (await t.signIn('pat@partner.test', 'Partner-Pass-1')).access;
  });
  afterAll(() => t.close());

  const summaryOf = async (merchantId: string, token: string) =>
    t.request(`/api/merchants/${merchantId}/onboarding_summary/`, { token });

  it('starts with everything missing, merchant accounts pointing at locations first', async () => {
    const { access } = await t.signIn('superadmin@demo.paylane.test');
    const summary = await summaryOf(otherId, access);
    expect(summary.status).toBe(200);
    expect(summary.body.merchant).toEqual({ id: otherId, name: 'Other Autos', status: 'active' });
    expect(summary.body.is_complete).toBe(false);
    const base = `/merchants/${otherId}`;
    const missing = { count: 0, is_complete: false, is_optional: false };
    expect(summary.body.items).toEqual([
      { key: 'owners', label: 'Owners', ...missing, link: `${base}/owners/create` },
      { key: 'locations', label: 'Locations', ...missing, link: `${base}/locations/create` },
      { key: 'merchant_accounts', label: 'Merchant Accounts', ...missing, link: `${base}/locations` },
      { key: 'users', label: 'Users', ...missing, link: `${base}/settings/users` },
      {
        key: 'integrations',
        label: 'Integrations',
        ...missing,
        is_optional: true,
        link: `${base}/settings/integrations`,
      },
    ]);
  });

  it('counts only this merchant and is complete once the required items exist', async () => {
    const db = t.database.db;
    const { access } = await t.signIn('superadmin@demo.paylane.test');
    const [location] = await db
      .insert(locations)
      .values({ merchantId: otherId, name: 'Main Lot' })
      .returning();
    const base = `/merchants/${otherId}`;
    let items = byKey((await summaryOf(otherId, access)).body.items);
    expect(items.locations).toMatchObject({ count: 1, is_complete: true, link: `${base}/locations` });
    expect(items.merchant_accounts?.link).toBe(`${base}/locations/${location!.id}/merchant-accounts/create`);

    await db.insert(businessOwners).values({
      merchantId: otherId,
      fullName: 'Olive Owner',
      ssnEncrypted: 'sealed',
      ssnLast4: '1234',
      dateOfBirth: '1970-01-01',
      ownershipHundredths: 10_000,
    });
    await db.insert(merchantAccounts).values({ merchantId: otherId, locationId: location!.id, name: 'Main' });
    const [staff] = await db.select().from(users).where(eq(users.email, 'staff@demo.paylane.test'));
    await db.insert(memberships).values({ userId: staff!.id, merchantId: otherId, roles: ['staff'] });
    // Another merchant's rows never count here.
    await db
      .insert(merchantIntegrations)
      .values({ merchantId: demoId, integrationType: 'dms', isEnabled: true });

    const summary = await summaryOf(otherId, access);
    expect(summary.body.is_complete).toBe(true);
    items = byKey(summary.body.items);
    expect(items.owners).toMatchObject({ count: 1, is_complete: true, link: `${base}/owners` });
    expect(items.merchant_accounts).toMatchObject({
      count: 1,
      link: `${base}/locations/${location!.id}/merchant-accounts`,
    });
    expect(items.users?.count).toBe(1);
    expect(items.integrations).toMatchObject({ count: 0, is_complete: false, is_optional: true });
  });

  it("shows a merchant's admins their summary, keeps staff out and answers other merchants with 404", async () => {
    const staff = await t.demoToken('staff');
    const refused = await summaryOf(demoId, staff);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: 'You do not have permission to perform this action.' });
    const admin = await t.demoToken('admin');
    expect((await summaryOf(demoId, admin)).status).toBe(200);
    const foreign = await summaryOf(otherId, admin);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ detail: 'Not found.' });
  });

  it("shows a partner their merchant's summary and nothing else", async () => {
    const mine = await summaryOf(demoId, partnerAccess);
    expect(mine.status).toBe(200);
    expect(mine.body.merchant.name).toBe('Demo Motors');
    expect((await summaryOf(otherId, partnerAccess)).status).toBe(404);
    // Other routes of their own merchant stay closed: partners get the list and this summary only.
    expect((await t.request(`/api/merchants/${demoId}/`, { token: partnerAccess })).status).toBe(404);
    const upload = await t.request(`/api/merchants/${demoId}/upload_logo/`, {
      method: 'POST',
      token: partnerAccess,
      json: {},
    });
    expect(upload.status).toBe(404);
  });

  it('judges a partner who is also a member of a merchant by that membership', async () => {
    // A partner who is also staff of a merchant is judged by the membership, like any member.
    const partnerUser = await t.request('/api/profile/', { token: partnerAccess });
    await t.database.db
      .insert(memberships)
      .values({ userId: partnerUser.body.results[0].id, merchantId: otherId, roles: ['staff'] });
    expect((await summaryOf(otherId, partnerAccess)).status).toBe(403);
  });
});
