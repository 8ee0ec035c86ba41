import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, locations, merchants } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';

const validLocation = {
  name: 'Demo Motors East',
  address_line1: '12 Elm St',
  address_line2: 'Suite 4',
  city: 'Tyler',
  state: 'TX',
  postal_code: '75701-1234',
  phone: '(903) 555-0142',
  time_zone: 'America/Chicago',
  status: 'pending',
};

describe('locations', () => {
  let t: TestApp;
  let path: string;
  let otherLocationId: string;
  let admin: string;
  let staff: string;

  beforeAll(async () => {
    t = await createTestApp();
    const [merchant] = await t.database.db.select().from(merchants).where(eq(merchants.name, 'Demo Motors'));
    path = `/api/merchants/${merchant!.id}/merchant_locations/`;
    const [other] = await t.database.db.insert(merchants).values({ name: 'Other Autos' }).returning();
    const [otherLocation] = await t.database.db
      .insert(locations)
      .values({ merchantId: other!.id, name: 'Other Lot' })
      .returning();
    otherLocationId = otherLocation!.id;
    admin = await t.demoToken('admin');
    staff = await t.demoToken('staff');
  });
  afterAll(() => t.close());

  const create = (json: unknown, token = admin) => t.request(path, { method: 'POST', token, json });

  it('lists the merchant’s locations to members, with the page size of 1000 the client asks', async () => {
    const answer = await t.request(`${path}?page=1&page_size=1000`, { token: staff });
    expect(answer.status).toBe(200);
    expect(answer.body.count).toBe(2);
    expect(answer.body.results.map((location: { name: string }) => location.name)).toEqual([
      'Demo Motors North',
      'Demo Motors South',
    ]);
    expect(answer.body.results[0]).toMatchObject({ phone: '+12145550100', state: 'TX', status: 'active' });
    expect(answer.body.next).toBeNull();
    const search = await t.request(`${path}?search=austin`, { token: staff });
    expect(search.body.results.map((location: { name: string }) => location.name)).toEqual([
      'Demo Motors South',
    ]);
    expect((await t.request(`${path}?page_size=1001`, { token: staff })).status).toBe(400);
  });

  it('creates a location, storing the phone as E.164', async () => {
    const answer = await create(validLocation);
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ ...validLocation, phone: '+19035550142', id: expect.any(String) });
    const read = await t.request(`${path}${answer.body.id}/`, { token: staff });
    expect(read.body).toEqual(answer.body);
  });

  it('answers the rules of docs/product.md §5 by field', async () => {
    const bad = await create({
      ...validLocation,
      name: ' ',
      postal_code: '1234',
      phone: '555-1234',
      state: 'ZZ',
      time_zone: 'Mars/Base',
      status: 'closed',
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      name: ['Required'],
      postal_code: ['Please enter a valid postal code (e.g., 12345 or 12345-6789)'],
      phone: ['Phone number is not valid'],
      state: ['State is not valid'],
      time_zone: ['Time zone is not valid'],
      status: ['Required'],
    });
    const foreignPhone = await create({ ...validLocation, phone: '+44 20 7946 0958' });
    expect(foreignPhone.body).toEqual({ phone: ['Phone number is not valid'] });
    const noPhone = await create({ ...validLocation, name: 'No Phone Lot', phone: '' });
    expect(noPhone.status).toBe(201);
    expect(noPhone.body.phone).toBeNull();
  });

  it('updates, refusing staff and other merchants’ locations, and audits', async () => {
    const location = (await create({ ...validLocation, name: 'To Update' })).body;
    const locationPath = `${path}${location.id}/`;
    expect((await create(validLocation, staff)).status).toBe(403);
    const update = { ...validLocation, name: 'Updated Lot', status: 'inactive' };
    expect((await t.request(locationPath, { method: 'PUT', token: staff, json: update })).status).toBe(403);

    const updated = await t.request(locationPath, { method: 'PUT', token: admin, json: update });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: location.id, name: 'Updated Lot', status: 'inactive' });

    for (const id of [otherLocationId, 'not-a-uuid']) {
      const foreign = `${path}${id}/`;
      expect((await t.request(foreign, { token: admin })).status).toBe(404);
      const put = await t.request(foreign, { method: 'PUT', token: admin, json: update });
      expect(put.status).toBe(404);
      expect(put.body).toEqual({ detail: 'Not found.' });
    }
    const [otherRow] = await t.database.db.select().from(locations).where(eq(locations.id, otherLocationId));
    expect(otherRow!.name).toBe('Other Lot');

    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'location'), eq(auditLog.entityId, location.id)));
    expect(entries.map((entry) => entry.action).sort()).toEqual(['location.created', 'location.updated']);
    const updateEntry = entries.find((entry) => entry.action === 'location.updated');
    expect(updateEntry?.before).toMatchObject({ name: 'To Update' });
    expect(updateEntry?.after).toMatchObject({ name: 'Updated Lot' });
  });
});
