import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, businessOwners, merchants } from '../../db/schema';
import { seedDemoIfEmpty } from '../../db/seed/demo';
import { createCipher } from '../../lib/encryption';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestDatabase } from '../../test/database';

const SSN = '123456789';
const owner = (overrides: Record<string, unknown> = {}) => ({
  full_name: 'Dana Owner',
  title: 'CEO',
  email: 'Dana@Example.com',
  phone: '2145550123',
  ssn: SSN,
  date_of_birth: '1980-07-04',
  ownership_percentage: '60',
  address_line1: '1 Main St',
  city: 'Dallas',
  state: 'TX',
  postal_code: '75201',
  ...overrides,
});

describe('business owners', () => {
  let t: TestApp;
  let demoPath: string;
  let admin: string;
  let staff: string;
  let superAdmin: string;

  beforeAll(async () => {
    t = await createTestApp();
    const [demo] = await t.database.db.select().from(merchants).where(eq(merchants.name, 'Demo Motors'));
    demoPath = `/api/merchants/${demo!.id}/business_owners/`;
    admin = await t.demoToken('admin');
    staff = await t.demoToken('staff');
    superAdmin = await t.demoToken('superadmin');
  });
  afterAll(() => t.close());

  /** A merchant of its own per test, so ownership totals start at zero whatever the demo seeded. */
  async function freshMerchantPath(name: string) {
    const [merchant] = await t.database.db.insert(merchants).values({ name }).returning();
    return `/api/merchants/${merchant!.id}/business_owners/`;
  }
  const post = (path: string, json: unknown, token = superAdmin) =>
    t.request(path, { method: 'POST', token, json });

  it('creates an owner and answers only a mask of the SSN', async () => {
    const path = await freshMerchantPath('Mask Motors');
    const created = await post(path, owner());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      full_name: 'Dana Owner',
      email: 'dana@example.com',
      phone: '+12145550123',
      ssn_masked: '***-**-6789',
      date_of_birth: '1980-07-04',
      ownership_percentage: 60,
    });
    expect(created.body).not.toHaveProperty('ssn');
    const [row] = await t.database.db
      .select()
      .from(businessOwners)
      .where(eq(businessOwners.id, created.body.id));
    expect(row!.ssnEncrypted).not.toContain(SSN);
    expect(createCipher(t.config.encryptionKey).decrypt(row!.ssnEncrypted)).toBe(SSN);
    expect(row!.ssnLast4).toBe('6789');
  });

  it('answers each rule of docs/product.md §5 and §8 on its field', async () => {
    const path = await freshMerchantPath('Rules Motors');
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const bad = await post(
      path,
      owner({
        full_name: 'Dana',
        ssn: '123-45-6789',
        date_of_birth: tomorrow,
        postal_code: '7520',
        phone: '123',
        ownership_percentage: '10.555',
        email: 'nope',
      }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      full_name: ['This field must be a full name'],
      ssn: ['SSN must be 9 digits, no dashes'],
      date_of_birth: ['Date of Birth Can Not Be in The Future'],
      postal_code: ['Please enter a valid postal code (e.g., 12345 or 12345-6789)'],
      phone: ['Phone number is not valid'],
      ownership_percentage: ['Ownership Percentage is Invalid'],
      email: ['Email is not valid'],
    });
    const missing = await post(path, owner({ ssn: undefined, ownership_percentage: '' }));
    expect(missing.body).toEqual({ ssn: ['Required'], ownership_percentage: ['Required'] });
    expect((await post(path, owner({ ownership_percentage: 101 }))).body).toEqual({
      ownership_percentage: ['Ownership Percentage is Invalid'],
    });
  });

  it('keeps the total at 100 % or less: 60 + 50 refused, exactly 100 accepted', async () => {
    const path = await freshMerchantPath('Share Motors');
    expect((await post(path, owner({ ownership_percentage: '60' }))).status).toBe(201);
    const over = await post(path, owner({ full_name: 'Eli Partner', ownership_percentage: '50' }));
    expect(over.status).toBe(400);
    expect(over.body).toEqual({ ownership_percentage: ['Ownership Percentage is Invalid'] });
    const exact = await post(path, owner({ full_name: 'Eli Partner', ownership_percentage: '39.99' }));
    expect(exact.status).toBe(201);
    const last = await post(path, owner({ full_name: 'Fay Minor', ownership_percentage: 0.01 }));
    expect(last.status).toBe(201);
    expect((await post(path, owner({ full_name: 'Gus Extra', ownership_percentage: 0.01 }))).status).toBe(
      400,
    );

    // An update counts the others, not the owner's own old share.
    const ownerPath = `${path}${exact.body.id}/`;
    const grow = await t.request(ownerPath, {
      method: 'PUT',
      token: superAdmin,
      json: owner({ ownership_percentage: 40 }),
    });
    expect(grow.body).toEqual({ ownership_percentage: ['Ownership Percentage is Invalid'] });
    const same = await t.request(ownerPath, {
      method: 'PUT',
      token: superAdmin,
      json: owner({ ownership_percentage: 39.99 }),
    });
    expect(same.status).toBe(200);
    const list = await t.request(path, { token: superAdmin });
    const total = list.body.results.reduce(
      (sum: number, item: { ownership_percentage: number }) => sum + item.ownership_percentage * 100,
      0,
    );
    expect(Math.round(total)).toBe(10_000);
  });

  it('lets exactly one of two concurrent 60 % creates through', async () => {
    const path = await freshMerchantPath('Race Motors');
    const answers = await Promise.all([
      post(path, owner({ full_name: 'Racer One' })),
      post(path, owner({ full_name: 'Racer Two' })),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400]);
    const list = await t.request(path, { token: superAdmin });
    expect(list.body.count).toBe(1);
  });

  it('keeps the stored SSN when an update leaves it out, replaces it when given', async () => {
    const path = await freshMerchantPath('Update Motors');
    const created = (await post(path, owner())).body;
    const ownerPath = `${path}${created.id}/`;
    const kept = await t.request(ownerPath, {
      method: 'PUT',
      token: superAdmin,
      json: owner({ ssn: '', title: 'President' }),
    });
    expect(kept.body).toMatchObject({ title: 'President', ssn_masked: '***-**-6789' });
    const dashed = await t.request(ownerPath, {
      method: 'PUT',
      token: superAdmin,
      json: owner({ ssn: '987-65-4321' }),
    });
    expect(dashed.body).toEqual({ ssn: ['SSN must be 9 digits, no dashes'] });
    const replaced = await t.request(ownerPath, {
      method: 'PUT',
      token: superAdmin,
      json: owner({ ssn: '987654321' }),
    });
    expect(replaced.body.ssn_masked).toBe('***-**-4321');
  });

  it('lets admins manage, refuses staff, hides other merchants’ owners, and never shows the SSN', async () => {
    const otherPath = await freshMerchantPath('Hidden Motors');
    const hidden = (await post(otherPath, owner({ ownership_percentage: 1 }))).body;
    // The demo may have seeded an owner at 100 %; start this merchant from zero.
    const demoMerchantId = demoPath.split('/')[3]!;
    await t.database.db.delete(businessOwners).where(eq(businessOwners.merchantId, demoMerchantId));

    expect((await t.request(demoPath, { token: staff })).status).toBe(403);
    expect((await post(demoPath, owner(), staff)).status).toBe(403);
    const created = await post(demoPath, owner({ ownership_percentage: '100' }), admin);
    expect(created.status).toBe(201);
    const ownerPath = `${demoPath}${created.body.id}/`;
    expect((await t.request(ownerPath, { token: staff })).status).toBe(403);
    expect((await t.request(ownerPath, { method: 'PUT', token: staff, json: owner() })).status).toBe(403);
    expect((await t.request(ownerPath, { method: 'DELETE', token: staff })).status).toBe(403);

    const read = await t.request(ownerPath, { token: admin });
    const updated = await t.request(ownerPath, {
      method: 'PUT',
      token: admin,
      json: owner({ title: 'Founder' }),
    });
    const list = await t.request(demoPath, { token: admin });
    for (const answer of [created, read, updated, list]) {
      expect(answer.status).toBe(200 + (answer === created ? 1 : 0));
      expect(JSON.stringify(answer.body)).not.toContain(SSN);
    }

    for (const id of [hidden.id, 'not-a-uuid']) {
      const foreign = `${demoPath}${id}/`;
      expect((await t.request(foreign, { token: admin })).status).toBe(404);
      expect((await t.request(foreign, { method: 'PUT', token: admin, json: owner() })).status).toBe(404);
      expect((await t.request(foreign, { method: 'DELETE', token: admin })).body).toEqual({
        detail: 'Not found.',
      });
    }
    expect((await t.request(ownerPath, { method: 'DELETE', token: admin })).status).toBe(204);
    expect((await t.request(ownerPath, { method: 'DELETE', token: admin })).status).toBe(404);

    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityType, 'business_owner'));
    const mine = entries.filter((entry) => entry.entityId === created.body.id).map((entry) => entry.action);
    expect(mine.sort()).toEqual(['owner.created', 'owner.deleted', 'owner.updated']);
    for (const entry of entries) {
      const text = JSON.stringify(entry);
      expect(text).not.toContain(SSN);
      expect(text).not.toContain('987654321');
      expect(text).not.toContain('ssn_masked');
    }
  });

  it('seeds the demo owner at 100 % with a sealed SSN when given the cipher', async () => {
    const database = await createTestDatabase();
    try {
      const cipher = createCipher('demo-seed-test-key');
      expect(await seedDemoIfEmpty(database.db, cipher)).toBe(true);
      const [seeded] = await database.db.select().from(businessOwners);
      expect(seeded).toMatchObject({
        fullName: 'Morgan Demo',
        ownershipHundredths: 10_000,
        ssnLast4: '1234',
      });
      expect(cipher.decrypt(seeded!.ssnEncrypted)).toBe('900001234');
      expect(await seedDemoIfEmpty(database.db, cipher)).toBe(false);
    } finally {
      await database.close();
    }
  });
});
