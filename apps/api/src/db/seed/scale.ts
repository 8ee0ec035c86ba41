import type { Db } from '../client';
import { accounts, customers, locations, merchants } from '../schema';
import { SAMPLE_FIRST_NAMES, SAMPLE_LAST_NAMES } from './sample-names';

export type ScaleSeedOptions = { merchants: number; customers: number; batchSize?: number };

const ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'America/Phoenix',
];

/**
 * Realistic volume for benchmarks: customers spread over merchants, one account each, inserted in
 * multi-row batches (PGlite pays ~190 µs per statement, so row-at-a-time would take minutes).
 */
export async function seedScale(db: Db, options: ScaleSeedOptions, log: (line: string) => void = () => {}) {
  const batchSize = options.batchSize ?? 1000;
  const merchantRows = await db
    .insert(merchants)
    .values(
      Array.from({ length: options.merchants }, (_, i) => ({
        name: `Scale Motors ${String(i + 1).padStart(4, '0')}`,
        timeZone: ZONES[i % ZONES.length] ?? 'America/New_York',
      })),
    )
    .returning({ id: merchants.id, timeZone: merchants.timeZone });
  const locationRows = await db
    .insert(locations)
    .values(merchantRows.map((m, i) => ({ merchantId: m.id, name: `Lot ${i + 1}`, timeZone: m.timeZone })))
    .returning({ id: locations.id, merchantId: locations.merchantId });

  const runId = Date.now().toString(36);
  for (let start = 0; start < options.customers; start += batchSize) {
    const count = Math.min(batchSize, options.customers - start);
    await db.transaction(async (tx) => {
      const batch = Array.from({ length: count }, (_, k) => customerRow(start + k, runId, locationRows));
      const inserted = await tx.insert(customers).values(batch).returning({
        id: customers.id,
        merchantId: customers.merchantId,
        locationId: customers.locationId,
        externalId: customers.externalId,
      });
      await tx.insert(accounts).values(inserted.map((c, k) => accountRow(start + k, c)));
    });
    if ((start / batchSize) % 10 === 0) log(`  ${start + count} / ${options.customers} customers`);
  }
  return { merchants: merchantRows.length, customers: options.customers };
}

function customerRow(n: number, runId: string, locationRows: { id: string; merchantId: string }[]) {
  const location = locationRows[n % locationRows.length];
  if (!location) throw new Error('seedScale needs at least one merchant');
  const first = SAMPLE_FIRST_NAMES[n % SAMPLE_FIRST_NAMES.length] ?? 'Pat';
  const last =
    SAMPLE_LAST_NAMES[Math.floor(n / SAMPLE_FIRST_NAMES.length) % SAMPLE_LAST_NAMES.length] ?? 'Doe';
  return {
    merchantId: location.merchantId,
    locationId: location.id,
    externalId: `S${runId}-${n}`,
    firstName: first,
    lastName: `${last}${n % 97 === 0 ? '-Ray' : ''}`,
    email: `${first}.${last}.${n}@example.com`.toLowerCase(),
    smsPhoneNumber: `+1${200 + (n % 700)}555${String(n % 10_000).padStart(4, '0')}`,
  };
}

function accountRow(
  n: number,
  customer: { id: string; merchantId: string; locationId: string | null; externalId: string | null },
) {
  const due = new Date(Date.UTC(2026, 0, 1) + (n % 365) * 86_400_000);
  return {
    merchantId: customer.merchantId,
    customerId: customer.id,
    locationId: customer.locationId,
    externalId: `A-${customer.externalId}`,
    status: n % 20 === 0 ? ('inactive' as const) : ('active' as const),
    amountDueCents: 10_000 + ((n * 7919) % 90_000),
    dueDate: due.toISOString().slice(0, 10),
    cadence: (['weekly', 'biweekly', 'semimonthly', 'monthly'] as const)[n % 4],
    vehicleYear: 2010 + (n % 15),
    vehicleMake: 'Toyota',
    vehicleModel: 'Corolla',
  };
}
