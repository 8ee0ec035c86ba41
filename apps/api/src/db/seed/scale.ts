import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { accounts, accountTagLinks, accountTags, customers, locations, merchants } from '../schema';
import { insertScaleMessages } from './scale-messages';
import { insertScalePayments } from './scale-payments';
import { SAMPLE_FIRST_NAMES, SAMPLE_LAST_NAMES } from './sample-names';

export type ScaleSeedOptions = {
  merchants: number;
  customers: number;
  batchSize?: number;
  /**
   * Share of the customers given to the demo merchant ('Demo Motors') when it exists, so the benchmarks,
   * which sign in as its admin, measure a large merchant. Default 0.2.
   */
  demoShare?: number;
  /** Texts written per customer (the inbox and chat benchmarks): 10 gives 1,000,000 for 100,000. Default 0. */
  messagesPerCustomer?: number;
  /** Payments over all the accounts the run creates, with their ledger entries. Default 0. */
  transactions?: number;
};

const ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'America/Phoenix',
];
// Real US area codes, so seeded phones are valid numbers (libphonenumber) like imported ones.
const AREA_CODES = ['214', '512', '713', '210', '817', '469', '972', '281', '832', '903'];
// Surnames built from parts: thousands of distinct names make name search realistic (few hits per term).
const SURNAME_HEADS = ['Al', 'Bar', 'Cas', 'Del', 'Es', 'Fer', 'Gal', 'Her', 'Ibar', 'Jan', 'Kov', 'Lar'];
const SURNAME_TAILS = ['ez', 'son', 'ski', 'ton', 'ley', 'ova', 'ano', 'er', 'ick', 'man', 'well', 'ado'];
const VEHICLES = [
  ['Toyota', 'Corolla'],
  ['Honda', 'Accord'],
  ['Ford', 'Escape'],
  ['Chevrolet', 'Equinox'],
  ['Nissan', 'Sentra'],
  ['Kia', 'Optima'],
] as const;
const CADENCES = ['weekly', 'biweekly', 'semimonthly', 'monthly'] as const;
const TAG_NAMES = ['Good Standing', 'Repo Risk', 'Skip Trace', 'Bankruptcy'];

type Target = { merchantId: string; locationId: string; tagIds: string[] };

/**
 * Realistic volume for benchmarks: customers over merchants (a share to the demo merchant when present),
 * one account each and a second for every tenth, some tags and opt-outs, optionally a text history each and
 * a payment history over the accounts, inserted in multi-row batches
 * (PGlite pays ~190 µs per statement, so row-at-a-time would take minutes). Phones and external ids are
 * unique per run, so it can run again on the same database.
 */
export async function seedScale(db: Db, options: ScaleSeedOptions, log: (line: string) => void = () => {}) {
  const batchSize = options.batchSize ?? 1000;
  const targets = await createMerchants(db, options.merchants);
  const demo = await findDemoTarget(db);
  const demoCount = demo ? Math.round(options.customers * (options.demoShare ?? 0.2)) : 0;
  const runId = Date.now().toString(36);
  // Numbering continues after the customers already there, so a rerun's phones never collide.
  const [existing] = await db.select({ total: count() }).from(customers);
  const phoneBase = existing?.total ?? 0;
  // Every tenth customer (n % 10 === 0) has a second account.
  const accountCount = options.customers + Math.ceil(options.customers / 10);
  let accountsSoFar = 0;
  for (let start = 0; start < options.customers; start += batchSize) {
    const count = Math.min(batchSize, options.customers - start);
    const rows = Array.from({ length: count }, (_, k) => {
      const n = start + k;
      const target = demo && n < demoCount ? demo : targets[n % targets.length];
      if (!target) throw new Error('seedScale needs at least one merchant');
      return { n, target, customer: customerRow(n, runId, phoneBase, target) };
    });
    await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(customers)
        .values(rows.map((row) => row.customer))
        .returning({ id: customers.id });
      const created = await tx
        .insert(accounts)
        .values(rows.flatMap((row, k) => accountRowsFor(row.n, inserted[k]!.id, row.target)))
        .returning({ id: accounts.id, merchantId: accounts.merchantId });
      const links = tagLinks(
        created,
        start,
        new Map(rows.map((r) => [r.target.merchantId, r.target.tagIds])),
      );
      if (links.length > 0) await tx.insert(accountTagLinks).values(links);
      await insertScaleMessages(
        tx,
        inserted.map((row) => row.id),
        options.messagesPerCustomer ?? 0,
      );
      await insertScalePayments(
        tx,
        created.map((row) => row.id),
        { total: options.transactions ?? 0, accountCount, firstOrdinal: accountsSoFar },
        runId,
      );
      accountsSoFar += created.length;
    });
    if ((start / batchSize) % 10 === 0) log(`  ${start + count} / ${options.customers} customers`);
  }
  // Fresh statistics, as autovacuum would gather soon after a bulk load: without them the planner guesses
  // one row per merchant and benchmarks measure plans no running system would use.
  await db.execute(
    sql`analyze customers, accounts, account_tag_links, messages, customer_conversations, payments, ledger_entries`,
  );
  return {
    merchants: targets.length,
    customers: options.customers,
    demoCustomers: demoCount,
    transactions: accountsSoFar > 0 ? (options.transactions ?? 0) : 0,
  };
}

async function createMerchants(db: Db, count: number): Promise<Target[]> {
  const merchantRows = await db
    .insert(merchants)
    .values(
      Array.from({ length: count }, (_, i) => ({
        name: `Scale Motors ${String(i + 1).padStart(4, '0')}`,
        timeZone: ZONES[i % ZONES.length] ?? 'America/New_York',
      })),
    )
    .returning({ id: merchants.id, timeZone: merchants.timeZone });
  const locationRows = await db
    .insert(locations)
    .values(merchantRows.map((m, i) => ({ merchantId: m.id, name: `Lot ${i + 1}`, timeZone: m.timeZone })))
    .returning({ id: locations.id, merchantId: locations.merchantId });
  const tagRows = await db
    .insert(accountTags)
    .values(merchantRows.flatMap((m) => TAG_NAMES.map((name) => ({ merchantId: m.id, name }))))
    .returning({ id: accountTags.id, merchantId: accountTags.merchantId });
  return locationRows.map((location) => ({
    merchantId: location.merchantId,
    locationId: location.id,
    tagIds: tagRows.filter((tag) => tag.merchantId === location.merchantId).map((tag) => tag.id),
  }));
}

async function findDemoTarget(db: Db): Promise<Target | null> {
  const [demo] = await db.select().from(merchants).where(eq(merchants.name, 'Demo Motors')).limit(1);
  if (!demo) return null;
  const [location] = await db.select().from(locations).where(eq(locations.merchantId, demo.id)).limit(1);
  if (!location) return null;
  const tags = await db.select().from(accountTags).where(eq(accountTags.merchantId, demo.id));
  return { merchantId: demo.id, locationId: location.id, tagIds: tags.map((tag) => tag.id) };
}

function customerRow(n: number, runId: string, phoneBase: number, target: Target) {
  const first = SAMPLE_FIRST_NAMES[n % SAMPLE_FIRST_NAMES.length] ?? 'Pat';
  const last = surname(Math.floor(n / SAMPLE_FIRST_NAMES.length));
  // 7 digits after the area code: exchange 200–899 then the line; unique below 70,000,000 numbers.
  const serial = phoneBase + n;
  const local = serial % 7_000_000;
  const exchange = 200 + Math.floor(local / 10_000);
  const line = String(local % 10_000).padStart(4, '0');
  const area = AREA_CODES[Math.floor(serial / 7_000_000) % AREA_CODES.length] ?? '214';
  return {
    merchantId: target.merchantId,
    locationId: target.locationId,
    externalId: `S${runId}-${n}`,
    firstName: first,
    lastName: last,
    email: `${first}.${last}.${n}@example.com`.toLowerCase(),
    smsPhoneNumber: `+1${area}${exchange}${line}`,
    smsOptedOutAt: n % 50 === 7 ? new Date(Date.UTC(2026, 5, 1)) : null,
  };
}

function surname(k: number): string {
  const real = SAMPLE_LAST_NAMES[k % SAMPLE_LAST_NAMES.length] ?? 'Doe';
  const built = `${SURNAME_HEADS[k % SURNAME_HEADS.length]}${SURNAME_TAILS[Math.floor(k / SURNAME_HEADS.length) % SURNAME_TAILS.length]}`;
  // Half real surnames, half built ones, with a hyphenated pair now and then.
  if (k % 2 === 0) return real;
  return k % 7 === 0 ? `${built}-${real}` : built;
}

function accountRowsFor(n: number, customerId: string, target: Target) {
  const count = n % 10 === 0 ? 2 : 1;
  return Array.from({ length: count }, (_, i) => {
    const m = n * 2 + i;
    const due = new Date(Date.UTC(2026, 0, 1) + (m % 365) * 86_400_000);
    const [make, model] = VEHICLES[m % VEHICLES.length] ?? VEHICLES[0];
    return {
      merchantId: target.merchantId,
      customerId,
      locationId: target.locationId,
      externalId: `A-${n}-${i}-${customerId.slice(0, 8)}`,
      status: i === 1 ? ('closed' as const) : n % 20 === 0 ? ('inactive' as const) : ('active' as const),
      amountDueCents: 10_000 + ((m * 7919) % 90_000),
      dueDate: due.toISOString().slice(0, 10),
      cadence: CADENCES[m % CADENCES.length],
      vehicleYear: 2010 + (m % 15),
      vehicleMake: make,
      vehicleModel: model,
    };
  });
}

/** Every tenth account carries one of its merchant's tags. */
function tagLinks(
  created: { id: string; merchantId: string }[],
  offset: number,
  tagsByMerchant: Map<string, string[]>,
) {
  return created.flatMap((account, k) => {
    const tagIds = tagsByMerchant.get(account.merchantId) ?? [];
    const tagId = tagIds[(offset + k) % Math.max(1, tagIds.length)];
    return (offset + k) % 10 === 3 && tagId
      ? [{ merchantId: account.merchantId, accountId: account.id, tagId }]
      : [];
  });
}
