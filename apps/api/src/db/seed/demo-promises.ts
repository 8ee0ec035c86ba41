import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, notInArray, sql } from 'drizzle-orm';
import { pino } from 'pino';
import type { AppContext } from '../../context';
import { seedSystemTemplates } from '../../modules/message-templates/system-templates.service';
import { decideOutcomes } from '../../modules/promises/promise-sweep.service';
import { confirmPromise, createPromise } from '../../modules/promises/promises.service';
import type { Db } from '../client';
import { accounts, customers, ledgerEntries, messageTemplates, paymentMethods } from '../schema';
import type { DemoClock } from './demo-clock';

// The demo's promises to pay (issue 17 item 4), made through the promises service on the seed's clock so the
// history, the /promises page and Home's summaries agree as in use: one kept (a payment the day after it was
// made), one broken (nothing paid), one unconfirmed for tomorrow, one confirmed for the day after, and a
// scheduled payment with a saved card a few days ahead. In the demo's story their texts went out back then
// (demo-messaging writes the texting history), so the promise templates are off while they are made: nothing
// is queued for the dispatcher to send today, and no pay link is made for it.

const HOUR_MS = 3_600_000;

type Candidate = { id: string; customerId: string; amountDueCents: number };

const promiseTexts = [
  'PAYMENT_PROMISE',
  'PAYMENT_SCHEDULED',
  'PAYMENT_PROMISE_CONFIRMED',
  'UNCONFIRMED_PROMISE',
] as const;

export async function seedDemoPromises(
  db: Db,
  input: { merchantId: string; staffUserId: string; clock: DemoClock },
): Promise<void> {
  await seedSystemTemplates(db, input.merchantId);
  const texts = and(
    eq(messageTemplates.merchantId, input.merchantId),
    inArray(messageTemplates.type, promiseTexts),
  );
  await db.update(messageTemplates).set({ active: false }).where(texts);
  await seedPromises(db, input);
  await db.update(messageTemplates).set({ active: true }).where(texts);
}

async function seedPromises(
  db: Db,
  input: { merchantId: string; staffUserId: string; clock: DemoClock },
): Promise<void> {
  const { merchantId, clock } = input;
  let at = clock.now;
  const ctx = {
    db,
    now: () => at,
    log: pino({ level: 'silent' }),
  } as Pick<AppContext, 'db' | 'now' | 'log'> as AppContext;
  const actor = { merchantId, userId: input.staffUserId, ip: '127.0.0.1' };
  const taker = { actor, canExceedRoleLimits: false };
  const used = new Set<string>();
  const take = <T extends Candidate>(rows: T[]): T => {
    const row = rows.find((candidate) => !used.has(candidate.id));
    if (!row) throw new Error('the demo ran out of accounts for its promises');
    used.add(row.id);
    return row;
  };
  const promise = (account: Candidate, body: { date: string; time: string; amount?: number | null }) =>
    createPromise(ctx, taker, {
      customerId: account.customerId,
      accountId: account.id,
      idempotencyKey: null,
      amount: body.amount ?? null,
      date: body.date,
      time: body.time,
    });

  // Kept: promised five days ago for the next afternoon, and paid that day (a payment in the ledger).
  const paidDay = clock.at(4, '00:00');
  const payers = await accountsWithPayment(
    db,
    merchantId,
    paidDay,
    new Date(paidDay.getTime() + 24 * HOUR_MS),
  );
  const payer = take(payers);
  at = clock.at(5, '10:00');
  await promise(payer, { date: clock.date(-4), time: '23:30', amount: payer.paidCents });

  // Broken: promised a week ago for six days ago, and nothing paid since.
  const quiet = take(await quietAccounts(db, merchantId, clock.at(8, '00:00')));
  at = clock.at(7, '11:15');
  await promise(quiet, { date: clock.date(-6), time: '17:00', amount: 10_000 });

  // Both decided by the sweep as it would have run once their grace passed.
  at = clock.minutesAgo(30);
  await decideOutcomes(ctx);

  // Unconfirmed, for tomorrow morning: made an hour ago at the counter.
  const open = await quietAccounts(db, merchantId, clock.at(30, '00:00'));
  at = clock.minutesAgo(60);
  await promise(take(open), { date: clock.date(1), time: '10:00' });

  // Confirmed, for the day after tomorrow: made yesterday, confirmed by phone an hour later.
  const confirmedOn = take(open);
  at = clock.at(1, '14:00');
  const made = await promise(confirmedOn, { date: clock.date(2), time: '15:00', amount: 15_000 });
  at = clock.at(1, '15:00');
  await confirmPromise(ctx, actor, {
    customerId: confirmedOn.customerId,
    accountId: confirmedOn.id,
    promiseId: made.id,
  });

  // A scheduled payment with the customer's saved card, three days ahead.
  const carded = take(await accountsWithSavedCard(db, merchantId));
  at = clock.minutesAgo(20);
  const amount = Math.min(20_000, carded.amountDueCents);
  await createPromise(ctx, taker, {
    customerId: carded.customerId,
    accountId: carded.id,
    idempotencyKey: 'demo-scheduled-payment',
    amount,
    payment_method: carded.methodId,
    date: clock.date(3),
    time: '09:00',
  });
}

/** Live, active accounts with something due. */
const liveAccount = (merchantId: string) =>
  and(
    eq(accounts.merchantId, merchantId),
    eq(accounts.status, 'active'),
    isNull(accounts.mergedIntoId),
    isNull(customers.voidedAt),
    gte(accounts.amountDueCents, 20_000),
  );

/** Accounts with principal paid in [from, before) and no other principal movement (refund, move) at all. */
async function accountsWithPayment(db: Db, merchantId: string, from: Date, before: Date) {
  const rows = await db
    .select({
      id: accounts.id,
      customerId: accounts.customerId,
      amountDueCents: accounts.amountDueCents,
      paidCents: sql<number>`sum(${ledgerEntries.amountCents})`.mapWith(Number),
    })
    .from(ledgerEntries)
    .innerJoin(accounts, eq(accounts.id, ledgerEntries.accountId))
    .innerJoin(customers, eq(customers.id, accounts.customerId))
    .where(
      and(
        liveAccount(merchantId),
        eq(ledgerEntries.kind, 'payment'),
        gte(ledgerEntries.occurredAt, from),
        lt(ledgerEntries.occurredAt, before),
        notInArray(accounts.id, movedAccounts(db, merchantId)),
      ),
    )
    .groupBy(accounts.id)
    .orderBy(asc(accounts.externalId));
  return rows.filter((row) => row.paidCents >= 100 && row.paidCents <= row.amountDueCents);
}

function movedAccounts(db: Db, merchantId: string) {
  return db
    .select({ id: sql<string>`${ledgerEntries.accountId}` })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.merchantId, merchantId),
        inArray(ledgerEntries.kind, ['refund', 'return', 'adjustment']),
        isNotNull(ledgerEntries.accountId),
      ),
    );
}

/** Accounts with nothing posted since `since`. */
function quietAccounts(db: Db, merchantId: string, since: Date): Promise<Candidate[]> {
  const recent = db
    .select({ id: sql<string>`${ledgerEntries.accountId}` })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.merchantId, merchantId),
        gte(ledgerEntries.occurredAt, since),
        isNotNull(ledgerEntries.accountId),
      ),
    );
  return db
    .select({ id: accounts.id, customerId: accounts.customerId, amountDueCents: accounts.amountDueCents })
    .from(accounts)
    .innerJoin(customers, eq(customers.id, accounts.customerId))
    .where(and(liveAccount(merchantId), notInArray(accounts.id, recent)))
    .orderBy(asc(accounts.externalId));
}

/** Accounts whose customer saved a credit or debit card at the processor. */
function accountsWithSavedCard(db: Db, merchantId: string) {
  return db
    .select({
      id: accounts.id,
      customerId: accounts.customerId,
      amountDueCents: accounts.amountDueCents,
      methodId: paymentMethods.id,
    })
    .from(accounts)
    .innerJoin(customers, eq(customers.id, accounts.customerId))
    .innerJoin(
      paymentMethods,
      and(
        eq(paymentMethods.customerId, accounts.customerId),
        inArray(paymentMethods.paymentType, ['CREDIT', 'DEBIT']),
        isNull(paymentMethods.removedAt),
        isNotNull(paymentMethods.processorToken),
      ),
    )
    .where(liveAccount(merchantId))
    .orderBy(asc(accounts.externalId), asc(paymentMethods.id));
}
