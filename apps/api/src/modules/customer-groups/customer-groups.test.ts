import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { customerGroupMembers, customers, merchants } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { addMember, MEMBER_PASSWORD } from '../../test/members';

type Person = { id: string; externalId: string | null };

describe('customer groups', () => {
  let t: TestApp;
  let db: Db;
  let merchantId: string;
  let base: string;
  let staff: string;
  let people: Person[];
  let rival: { merchantId: string; customerId: string; admin: string };

  const create = (json: unknown, token = staff) => t.request(base, { method: 'POST', token, json });
  const update = (id: string, json: unknown, token = staff) =>
    t.request(`${base}${id}/`, { method: 'PUT', token, json });
  const read = (id: string, token = staff) => t.request(`${base}${id}/`, { token });
  const addMembers = (id: string, json: unknown, token = staff) =>
    t.request(`${base}${id}/members/`, { method: 'POST', token, json });
  const sorted = (ids: string[]) => [...ids].sort();

  beforeAll(async () => {
    t = await createTestApp();
    db = t.database.db;
    const [demo] = await db.select().from(merchants).where(eq(merchants.name, 'Demo Motors'));
    merchantId = demo!.id;
    base = `/api/merchants/${merchantId}/customer_groups/`;
    staff = await t.demoToken('staff');
    people = await db
      .select({ id: customers.id, externalId: customers.externalId })
      .from(customers)
      .where(eq(customers.merchantId, merchantId))
      .orderBy(asc(customers.externalId));
    const [other] = await db
      .insert(merchants)
      .values({ name: 'Rival Groups Autos', allowGroupMessage: true })
      .returning();
    const [stranger] = await db
      .insert(customers)
      .values({ merchantId: other!.id, firstName: 'Rhea', lastName: 'Rival', externalId: 'DM-1001' })
      .returning();
    await addMember(db, { merchantId: other!.id, email: 'admin@rival-groups.test', roles: ['admin'] });
    rival = {
      merchantId: other!.id,
      customerId: stranger!.id,
      admin: (await t.signIn('admin@rival-groups.test', MEMBER_PASSWORD)).access,
    };
  });
  afterAll(() => t.close());

  it('creates a group from selected customers and names the ids it could not find', async () => {
    const chosen = people.slice(0, 3).map((p) => p.id);
    const sent = [...chosen, chosen[0]!.toUpperCase(), 'not-a-uuid', rival.customerId];
    const answer = await create({ name: 'Late Payers', customers: sent });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id: expect.any(String),
      name: 'Late Payers',
      customer_count: 3,
      created: t.clock.now().toISOString(),
      unknown_customers: ['not-a-uuid', rival.customerId],
    });
    const detail = await read(answer.body.id);
    expect(detail.body).toMatchObject({ name: 'Late Payers', customer_count: 3 });
    expect(sorted(detail.body.customer_m2m)).toEqual(sorted(chosen));
  });

  it('creates a group from a CSV’s external ids (find_by_external)', async () => {
    const answer = await create({
      name: 'From CSV',
      customers: ['DM-1004', 'DM-1005', 'DM-1005', 'NOPE-1', 'dm-1006'],
      find_by_external: true,
    });
    expect(answer.body).toMatchObject({ customer_count: 2, unknown_customers: ['NOPE-1', 'dm-1006'] });
    const members = await t.request(`${base}${answer.body.id}/members/`, { token: staff });
    expect(members.body.count).toBe(2);
    expect(members.body.results.map((m: { external_id: string }) => m.external_id).sort()).toEqual([
      'DM-1004',
      'DM-1005',
    ]);
    expect(members.body.results[0]).toEqual({
      id: expect.any(String),
      first_name: expect.any(String),
      last_name: expect.any(String),
      external_id: expect.any(String),
      sms_phone_number: expect.stringMatching(/^\+1/),
    });
  });

  it('refuses a name in use, without regard to case, on create and rename', async () => {
    await create({ name: 'Weekend Crew', customers: [] });
    const taken = await create({ name: 'weekend crew' });
    expect(taken).toMatchObject({ status: 400, body: { name: ['A group with this name already exists'] } });
    const other = await create({ name: 'Weekday Crew' });
    expect((await update(other.body.id, { name: 'WEEKEND CREW' })).body).toEqual({
      name: ['A group with this name already exists'],
    });
    expect((await create({ name: '' })).body).toEqual({ name: ['Required'] });
  });

  it('renames and replaces members; a rename alone keeps them', async () => {
    const group = await create({ name: 'Shifting', customers: people.slice(0, 4).map((p) => p.id) });
    const renamed = await update(group.body.id, { name: 'Shifted' });
    expect(renamed.body).toMatchObject({ name: 'Shifted', customer_count: 4, unknown_customers: [] });
    const next = people.slice(2, 6).map((p) => p.id);
    const replaced = await update(group.body.id, { customers: [...next, 'gone'] });
    expect(replaced.body).toMatchObject({ name: 'Shifted', customer_count: 4, unknown_customers: ['gone'] });
    expect(sorted((await read(group.body.id)).body.customer_m2m)).toEqual(sorted(next));
    const emptied = await update(group.body.id, { customers: [] });
    expect(emptied.body.customer_count).toBe(0);
  });

  it('counts only live members, and lists groups by name with search and paging', async () => {
    const voided = people[10]!;
    const group = await create({ name: 'Aardvark Group', customers: [people[9]!.id, voided.id] });
    await db.update(customers).set({ voidedAt: t.clock.now() }).where(eq(customers.id, voided.id));
    const listed = await t.request(`${base}?page_size=1000`, { token: staff });
    expect(listed.status).toBe(200);
    const names = listed.body.results.map((g: { name: string }) => g.name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(listed.body.results.find((g: { id: string }) => g.id === group.body.id).customer_count).toBe(1);
    // The demo's own group is there, and an empty one reports 0 (the picker hides it).
    expect(
      listed.body.results.find((g: { name: string }) => g.name === 'First Ten Customers').customer_count,
    ).toBe(10);
    expect(listed.body.results.find((g: { name: string }) => g.name === 'Weekend Crew').customer_count).toBe(
      0,
    );
    const searched = await t.request(`${base}?search=crew`, { token: staff });
    expect(searched.body.results.map((g: { name: string }) => g.name)).toEqual([
      'Weekday Crew',
      'Weekend Crew',
    ]);
    const page = await t.request(`${base}?page=2&page_size=2`, { token: staff });
    expect(page.body.results).toEqual(listed.body.results.slice(2, 4));
    expect((await read(group.body.id)).body.customer_m2m).toEqual([people[9]!.id]);
  });

  it('deletes a group and its memberships, not the customers', async () => {
    const group = await create({ name: 'Short Lived', customers: [people[0]!.id] });
    expect((await t.request(`${base}${group.body.id}/`, { method: 'DELETE', token: staff })).status).toBe(
      204,
    );
    expect((await read(group.body.id)).status).toBe(404);
    const left = await db
      .select()
      .from(customerGroupMembers)
      .where(eq(customerGroupMembers.groupId, group.body.id));
    expect(left).toEqual([]);
    expect(await db.select().from(customers).where(eq(customers.id, people[0]!.id))).toHaveLength(1);
  });

  it('writes a 20,000-member group in requests of 10,000, and refuses 10,001 ids in one', async () => {
    const many = Array.from({ length: 20_000 }, (_, i) => ({
      merchantId,
      firstName: 'Bulk',
      lastName: `Member ${i}`,
      externalId: `BULK-${i}`,
    }));
    for (let start = 0; start < many.length; start += 5_000) {
      await db.insert(customers).values(many.slice(start, start + 5_000));
    }
    const ids = many.map((row) => row.externalId);
    const answer = await create({
      name: 'Everyone Bulk',
      customers: ids.slice(0, 10_000),
      find_by_external: true,
    });
    expect(answer.body).toMatchObject({ customer_count: 10_000, unknown_customers: [] });
    const added = await addMembers(answer.body.id, { customers: ids.slice(10_000), find_by_external: true });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ customer_count: 20_000, unknown_customers: [] });
    const replaced = await update(answer.body.id, {
      customers: [...ids.slice(0, 9_999), 'BULK-X'],
      find_by_external: true,
    });
    expect(replaced.body).toMatchObject({ customer_count: 9_999, unknown_customers: ['BULK-X'] });

    // A longer list is sent in several requests (issue 14: 100,000 ids in one body held the server).
    const tooMany = { customers: ids.slice(0, 10_001), find_by_external: true };
    const refusal = { customers: ['At most 10,000 customers per request'] };
    for (const refused of [
      await create({ name: 'Too Big', ...tooMany }),
      await update(answer.body.id, tooMany),
      await addMembers(answer.body.id, tooMany),
    ]) {
      expect([refused.status, refused.body]).toEqual([400, refusal]);
    }
    expect((await read(answer.body.id)).body.customer_count).toBe(9_999);
  });

  it('adds members to a group, keeping those there, and takes one out', async () => {
    const group = await create({ name: 'Growing', customers: [people[0]!.id] });
    const added = await addMembers(group.body.id, {
      customers: [people[1]!.id, people[0]!.id.toUpperCase(), 'nobody', rival.customerId],
    });
    expect(added.body).toMatchObject({
      name: 'Growing',
      customer_count: 2,
      unknown_customers: ['nobody', rival.customerId],
    });
    const byExternal = await addMembers(group.body.id, {
      customers: [people[2]!.externalId, 'NO-SUCH-ID'],
      find_by_external: true,
    });
    expect(byExternal.body).toMatchObject({ customer_count: 3, unknown_customers: ['NO-SUCH-ID'] });
    expect((await addMembers(group.body.id, { customers: [] })).status).toBe(200);

    const memberPath = (customerId: string) => `${base}${group.body.id}/members/${customerId}/`;
    expect((await t.request(memberPath(people[1]!.id), { method: 'DELETE', token: staff })).status).toBe(204);
    expect(sorted((await read(group.body.id)).body.customer_m2m)).toEqual(
      sorted([people[0]!.id, people[2]!.id]),
    );
    for (const customerId of [people[1]!.id, 'not-a-uuid', rival.customerId]) {
      const answer = await t.request(memberPath(customerId), { method: 'DELETE', token: staff });
      expect([answer.status, answer.body]).toEqual([404, { detail: 'Not found.' }]);
    }
  });

  it('lets members read, needs the group message right to write, and keeps merchants apart', async () => {
    const flags = { is_customer_campaign_allowed: false };
    await addMember(db, { merchantId, email: 'nocampaign@groups.test', roles: ['staff'], flags });
    const token = (await t.signIn('nocampaign@groups.test', MEMBER_PASSWORD)).access;
    await db.update(merchants).set({ checkCustomRoles: true }).where(eq(merchants.id, merchantId));
    const group = await create({ name: 'Guarded', customers: [people[0]!.id] });
    expect(group.status).toBe(403);
    await db.update(merchants).set({ checkCustomRoles: false }).where(eq(merchants.id, merchantId));
    const made = await create({ name: 'Guarded', customers: [people[0]!.id] });
    await db.update(merchants).set({ checkCustomRoles: true }).where(eq(merchants.id, merchantId));
    expect((await read(made.body.id, token)).status).toBe(200);
    expect((await create({ name: 'Nope' }, token)).status).toBe(403);
    expect((await update(made.body.id, { name: 'Nope' }, token)).status).toBe(403);
    expect((await t.request(`${base}${made.body.id}/`, { method: 'DELETE', token })).status).toBe(403);
    expect((await addMembers(made.body.id, { customers: [people[1]!.id] }, token)).status).toBe(403);
    const memberPath = `${base}${made.body.id}/members/${people[0]!.id}/`;
    expect((await t.request(memberPath, { method: 'DELETE', token })).status).toBe(403);
    await db
      .update(merchants)
      .set({ checkCustomRoles: false, allowGroupMessage: false })
      .where(eq(merchants.id, merchantId));
    expect((await create({ name: 'No Group Messages' })).status).toBe(403);
    await db.update(merchants).set({ allowGroupMessage: true }).where(eq(merchants.id, merchantId));
    // Another merchant's admin, and this merchant's group under another merchant's path: not found.
    expect((await read(made.body.id, rival.admin)).status).toBe(404);
    const foreignPath = `/api/merchants/${rival.merchantId}/customer_groups/${made.body.id}/`;
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const answer = await t.request(foreignPath, {
        method,
        token: rival.admin,
        json: method === 'PUT' ? { name: 'x' } : undefined,
      });
      expect(answer).toMatchObject({ status: 404, body: { detail: 'Not found.' } });
    }
    expect((await t.request(`${foreignPath}members/`, { token: rival.admin })).status).toBe(404);
    const foreignAdd = await t.request(`${foreignPath}members/`, {
      method: 'POST',
      token: rival.admin,
      json: { customers: [rival.customerId] },
    });
    expect(foreignAdd.status).toBe(404);
    const foreignRemove = `${foreignPath}members/${people[0]!.id}/`;
    expect((await t.request(foreignRemove, { method: 'DELETE', token: rival.admin })).status).toBe(404);
    expect((await read(made.body.id)).body.name).toBe('Guarded');
  });
});
