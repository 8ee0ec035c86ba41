import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchants, memberships } from '../../db/schema';
import { createTestApp, decodeJwtPayload, type TestApp } from '../../test/app';

describe('profile and merchants', () => {
  let t: TestApp;
  let otherMerchantId: string;
  beforeAll(async () => {
    t = await createTestApp();
    const [other] = await t.database.db.insert(merchants).values({ name: 'Other Autos %' }).returning();
    otherMerchantId = other!.id;
  });
  afterAll(() => t.close());

  it('returns the profile as a page of one with roles and the organization', async () => {
    const { access } = await t.signIn('admin@demo.paylane.test');
    const response = await t.request('/api/profile/', { token: access });
    expect(response.body).toMatchObject({ count: 1, next: null, previous: null });
    const profile = response.body.results[0];
    expect(profile).toMatchObject({
      email: 'admin@demo.paylane.test',
      first_name: 'Alex',
      roles: ['admin'],
      is_super_admin: false,
    });
    expect(profile.organization).toMatchObject({ name: 'Demo Motors', logo: null });
    const superProfile = (await t.request('/api/profile/', { token: await t.demoToken('superadmin') })).body
      .results[0];
    expect(superProfile).toMatchObject({ roles: ['super_admin'], is_super_admin: true, organization: null });
  });

  it('lists only the merchants a user belongs to; super admins see all; search is literal and trimmed', async () => {
    const admin = await t.demoToken('admin');
    const mine = await t.request('/api/merchants/simplified_list/', { token: admin });
    expect(mine.body.results.map((m: { name: string }) => m.name)).toEqual(['Demo Motors']);
    const superAccess = await t.demoToken('superadmin');
    const all = await t.request('/api/merchants/simplified_list/?page_size=1', { token: superAccess });
    expect(all.body.count).toBe(2);
    expect(all.body.next).toBe('/api/merchants/simplified_list/?page_size=1&page=2');
    const search = await t.request('/api/merchants/simplified_list/?search=%20%25%20', {
      token: superAccess,
    });
    expect(search.body.results.map((m: { name: string }) => m.name)).toEqual(['Other Autos %']);
  });

  it('shows a merchant to its members and answers 404 with no data to others', async () => {
    const admin = await t.signIn('admin@demo.paylane.test');
    const profile = (await t.request('/api/profile/', { token: admin.access })).body.results[0];
    const own = await t.request(`/api/merchants/${profile.organization.id}/`, { token: admin.access });
    expect(own.body).toMatchObject({
      name: 'Demo Motors',
      allow_group_message: true,
      time_zone: 'America/Chicago',
    });
    for (const id of [otherMerchantId, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const response = await t.request(`/api/merchants/${id}/`, { token: admin.access });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ detail: 'Not found.' });
    }
  });

  it('answers many concurrent profile reads on every pooled connection', async () => {
    // Regression: named prepared statements collided on PGlite, where all connections share one session.
    const { access } = await t.signIn('admin@demo.paylane.test');
    const responses = await Promise.all(
      Array.from({ length: 40 }, () => t.request('/api/profile/', { token: access })),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(40).fill(200));
  });

  it('sends a user with no roles nowhere: the profile says so', async () => {
    const staff = await t.signIn('staff@demo.paylane.test');
    const userId = decodeJwtPayload(staff.access).user_id as string;
    await t.database.db.update(memberships).set({ roles: [] });
    const profile = (await t.request('/api/profile/', { token: staff.access })).body.results[0];
    expect(profile.id).toBe(userId);
    expect(profile.roles).toEqual([]);
  });
});
