import { count } from 'drizzle-orm';
import type { Db } from '../client';
import {
  accounts,
  businessOwners,
  customers,
  locations,
  memberships,
  merchantAccounts,
  merchants,
  users,
} from '../schema';
import type { Cipher } from '../../lib/encryption';
import { hashPassword } from '../../lib/passwords';
import { createDemoClock, type DemoClock } from './demo-clock';
import { seedDemoCustomerExtras } from './demo-customer-extras';
import { seedDemoMessaging } from './demo-messaging';
import { seedDemoPayments } from './demo-payments';
import { seedDemoPaymentMove } from './demo-payment-move';
import { seedDemoPromises } from './demo-promises';
import { seedDemoAutopay } from './demo-autopay';
import { seedDemoBankReturns } from './demo-bank-returns';
import { seedDemoMessageActions } from './demo-failed-actions';
import { seedDemoRefund } from './demo-refunds';
import { distinctSampleName } from './sample-names';

/** One documented password for every demo login; it meets the password rule of docs/product.md §5. */
export const DEMO_PASSWORD = 'Paylane-Demo-1';
export const demoLogins = [
  { email: 'superadmin@demo.paylane.test', role: 'super admin' },
  { email: 'admin@demo.paylane.test', role: 'admin of Demo Motors' },
  { email: 'staff@demo.paylane.test', role: 'staff of Demo Motors' },
] as const;

const VEHICLES = [
  ['Toyota', 'Camry'],
  ['Honda', 'Civic'],
  ['Ford', 'F-150'],
  ['Chevrolet', 'Malibu'],
  ['Nissan', 'Altima'],
  ['Hyundai', 'Elantra'],
] as const;
const CADENCES = ['weekly', 'biweekly', 'semimonthly', 'monthly'] as const;
const DEMO_CUSTOMER_COUNT = 36;
/**
 * Demo accounts with a pay PIN (README "Run it"): their pay links verify by PIN, since demo customers have no
 * birth date on file. One 4-digit and one 6-digit PIN, the two ends of the rule.
 */
export const DEMO_PAY_PINS = { 'ACC-5001': '1234', 'ACC-5002': '246810' } as const;

/**
 * Seeds the demo merchant and logins when the database has no users; true when it seeded. The demo owner's
 * SSN is stored sealed with the app's cipher.
 */
export async function seedDemoIfEmpty(db: Db, cipher: Cipher, now: Date = new Date()): Promise<boolean> {
  const [existing] = await db.select({ total: count() }).from(users);
  if ((existing?.total ?? 0) > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const [superAdmin, admin, staff] = await tx
      .insert(users)
      .values([
        { email: demoLogins[0].email, passwordHash, firstName: 'Sam', lastName: 'Super', isSuperAdmin: true },
        { email: demoLogins[1].email, passwordHash, firstName: 'Alex', lastName: 'Admin' },
        { email: demoLogins[2].email, passwordHash, firstName: 'Taylor', lastName: 'Staff' },
      ])
      .returning();
    const [merchant] = await tx
      .insert(merchants)
      .values({ name: 'Demo Motors', timeZone: 'America/Chicago', allowGroupMessage: true })
      .returning();
    if (!superAdmin || !admin || !staff || !merchant) throw new Error('demo seed insert returned no row');
    await tx.insert(memberships).values([
      { userId: admin.id, merchantId: merchant.id, roles: ['admin'] },
      { userId: staff.id, merchantId: merchant.id, roles: ['staff'] },
    ]);
    const demoLocations = await tx
      .insert(locations)
      .values([
        {
          merchantId: merchant.id,
          name: 'Demo Motors North',
          addressLine1: '1200 N Main St',
          city: 'Dallas',
          state: 'TX',
          postalCode: '75201',
          phone: '+12145550100',
          timeZone: 'America/Chicago',
        },
        {
          merchantId: merchant.id,
          name: 'Demo Motors South',
          addressLine1: '880 S Lamar St',
          city: 'Austin',
          state: 'TX',
          postalCode: '78704',
          phone: '+15125550100',
          timeZone: 'America/Chicago',
        },
      ])
      .returning();
    // The demo's history is dated back from now on the dealership's wall clock (demo-clock.ts).
    const clock = createDemoClock(now, merchant.timeZone);
    const seeded = await seedDemoCustomers(
      tx,
      merchant.id,
      demoLocations.map((l) => l.id),
      clock,
    );
    const actors = { admin: admin.id, staff: staff.id, superAdmin: superAdmin.id };
    await seedDemoCustomerExtras(tx, {
      merchantId: merchant.id,
      users: actors,
      clock,
      ...seeded,
    });
    await seedDemoMerchantSetup(tx, merchant.id, demoLocations, cipher);
    // After the processing accounts: a card payment goes through its location's account.
    await seedDemoPayments(tx, {
      merchantId: merchant.id,
      staffUserId: staff.id,
      accounts: seeded.accounts.map((account) => ({
        ...account,
        isActive: account.status === 'active',
        openedAt: seeded.customers.find((c) => c.id === account.customerId)?.createdAt ?? clock.now,
      })),
      clock,
    });
    await seedDemoRefund(tx, { merchantId: merchant.id, adminUserId: admin.id, clock });
    await seedDemoPaymentMove(tx, { merchantId: merchant.id, adminUserId: admin.id, clock });
    // Before the system templates exist (demo-messaging), so the promises queue no texts.
    await seedDemoPromises(tx, { merchantId: merchant.id, staffUserId: staff.id, clock });
    await seedDemoAutopay(tx, {
      merchantId: merchant.id,
      staffUserId: staff.id,
      timeZone: merchant.timeZone,
      clock,
    });
    // Also before the templates: a return's texts are of the demo's past, none is queued.
    await seedDemoBankReturns(tx, { merchantId: merchant.id, staffUserId: staff.id, clock });
    await seedDemoMessaging(tx, {
      merchant,
      users: actors,
      customerIds: seeded.customers.map((customer) => customer.id),
      clock,
    });
    await seedDemoMessageActions(tx, merchant.id);
  });
  return true;
}

/** One sandbox account per location, and the one owner holding 100 % (docs/product.md §2 merchant setup). */
async function seedDemoMerchantSetup(
  db: Db,
  merchantId: string,
  demoLocations: { id: string; name: string }[],
  cipher: Cipher,
): Promise<void> {
  await db.insert(merchantAccounts).values(
    demoLocations.map((location) => ({
      merchantId,
      locationId: location.id,
      name: `${location.name} Sandbox`,
      processor: 'sandbox' as const,
      status: 'active' as const,
      cardFeeBasisPoints: 295,
      achFeeBasisPoints: 100,
      convenienceFeeCents: 0,
      monthlyVolumeCents: 25_000_000,
      maxTransactionAmountCents: 1_000_000,
    })),
  );
  // 900-series numbers are never issued as SSNs, so the demo holds no real person's number.
  const demoSsn = '900001234';
  await db.insert(businessOwners).values({
    merchantId,
    fullName: 'Morgan Demo',
    title: 'Owner',
    email: 'owner@demo.paylane.test',
    phone: '+12145550199',
    ssnEncrypted: cipher.encrypt(demoSsn),
    ssnLast4: demoSsn.slice(-4),
    dateOfBirth: '1975-04-12',
    ownershipHundredths: 10_000,
    addressLine1: '1200 N Main St',
    city: 'Dallas',
    state: 'TX',
    postalCode: '75201',
  });
}

async function seedDemoCustomers(db: Db, merchantId: string, locationIds: string[], clock: DemoClock) {
  const { now } = clock;
  const customerRows = Array.from({ length: DEMO_CUSTOMER_COUNT }, (_, i) => {
    const { firstName, lastName } = distinctSampleName(i);
    // Signed up over the past months, the newest ten days ago.
    const createdAt = clock.at(
      150 - i * 4,
      `${String(9 + (i % 8)).padStart(2, '0')}:${String((i * 7) % 60).padStart(2, '0')}`,
    );
    return {
      merchantId,
      locationId: locationIds[i % locationIds.length] ?? null,
      externalId: `DM-${1001 + i}`,
      firstName,
      lastName,
      email: `${firstName}.${lastName}.${i + 1}@example.com`.toLowerCase(),
      // 555-01xx numbers are reserved for fiction.
      smsPhoneNumber: `+1214555${String(100 + i).padStart(4, '0')}`,
      // Born 1955–1999: the pay page verifies a payer by last name and date of birth.
      dateOfBirth: `${1955 + ((i * 7) % 45)}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + ((i * 11) % 28)).padStart(2, '0')}`,
      createdAt,
      updatedAt: createdAt,
    };
  });
  const inserted = await db.insert(customers).values(customerRows).returning({
    id: customers.id,
    locationId: customers.locationId,
    firstName: customers.firstName,
    lastName: customers.lastName,
    externalId: customers.externalId,
    createdAt: customers.createdAt,
  });
  const pinHashes = new Map(
    await Promise.all(
      Object.entries(DEMO_PAY_PINS).map(async ([number, pin]) => [number, await hashPassword(pin)] as const),
    ),
  );
  const insertedAccounts = await db
    .insert(accounts)
    .values(
      inserted.map((customer, i) => {
        const [make, model] = VEHICLES[i % VEHICLES.length] ?? ['Ford', 'Focus'];
        const due = new Date(now.getTime() + ((i % 21) - 7) * 86_400_000);
        return {
          merchantId,
          customerId: customer.id,
          locationId: customer.locationId,
          externalId: `ACC-${5001 + i}`,
          status: i % 12 === 11 ? ('inactive' as const) : ('active' as const),
          amountDueCents: 25_000 + ((i * 1_737) % 40_000),
          dueDate: due.toISOString().slice(0, 10),
          cadence: CADENCES[i % CADENCES.length] ?? 'monthly',
          vehicleYear: 2014 + (i % 10),
          vehicleMake: make,
          vehicleModel: model,
          payPinHash: pinHashes.get(`ACC-${5001 + i}`) ?? null,
          createdAt: customer.createdAt,
          updatedAt: customer.createdAt,
        };
      }),
    )
    .returning({
      id: accounts.id,
      customerId: accounts.customerId,
      externalId: accounts.externalId,
      status: accounts.status,
      amountDueCents: accounts.amountDueCents,
    });
  return { customers: inserted, accounts: insertedAccounts };
}
