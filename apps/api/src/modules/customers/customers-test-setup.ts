import { eq } from 'drizzle-orm';
import { locations, merchants } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';

/** The demo merchant with its locations and logins, and a rival merchant with a location of its own. */
export type CustomersTestContext = {
  t: TestApp;
  merchantId: string;
  base: string;
  north: { id: string; name: string };
  south: { id: string; name: string };
  otherMerchantId: string;
  otherLocationId: string;
  admin: string;
  staff: string;
  superAdmin: string;
  adminUserId: string;
};

export async function setUpCustomersTest(): Promise<CustomersTestContext> {
  const t = await createTestApp();
  const { db } = t.database;
  const [merchant] = await db.select().from(merchants).where(eq(merchants.name, 'Demo Motors'));
  const demoLocations = await db.select().from(locations).where(eq(locations.merchantId, merchant!.id));
  const byName = (name: string) => {
    const location = demoLocations.find((row) => row.name === name)!;
    return { id: location.id, name: location.name };
  };
  const [other] = await db.insert(merchants).values({ name: 'Other Autos' }).returning();
  const [otherLocation] = await db
    .insert(locations)
    .values({ merchantId: other!.id, name: 'Other Lot' })
    .returning();
  const admin = await t.signIn('admin@demo.paylane.test');
  return {
    t,
    merchantId: merchant!.id,
    base: `/api/merchants/${merchant!.id}`,
    north: byName('Demo Motors North'),
    south: byName('Demo Motors South'),
    otherMerchantId: other!.id,
    otherLocationId: otherLocation!.id,
    admin: admin.access,
    staff: await t.demoToken('staff'),
    superAdmin: await t.demoToken('superadmin'),
    adminUserId: JSON.parse(Buffer.from(admin.access.split('.')[1]!, 'base64url').toString()).user_id,
  };
}

/** A complete, valid customer body (docs/product.md §5 rules all met) at the given location. */
export const customerBody = (location: string, overrides: Record<string, unknown> = {}) => ({
  first_name: 'Zoe',
  last_name: 'Quill',
  external_id: 'ZQ-1',
  email: 'zoe.quill@example.com',
  sms_phone_number: '(512) 555-0170',
  location,
  address_line1: '1 Elm St',
  address_line2: '',
  city: 'Austin',
  state: 'TX',
  postal_code: '78704',
  date_of_birth: '1990-02-03',
  language: 'en-US',
  ...overrides,
});

/** A complete, valid account body. */
export const accountBody = (overrides: Record<string, unknown> = {}) => ({
  external_id: 'ZQ-ACC-1',
  status: 'active',
  amount_due: '125.50',
  due_date: '2026-07-01',
  cadence: 'monthly',
  vehicle_year: '2020',
  vehicle_make: 'Toyota',
  vehicle_model: 'Camry',
  tags: [],
  ...overrides,
});
