import { and, asc, eq, gt, inArray, isNotNull, isNull, notInArray } from 'drizzle-orm';
import { pino } from 'pino';
import type { AppContext } from '../../context';
import { enrolAutopay } from '../../modules/autopay/autopay-enrol.service';
import { runMerchantAutopay } from '../../modules/autopay/autopay-run.service';
import { seedSystemTemplates } from '../../modules/message-templates/system-templates.service';
import { saveSandboxCard } from '../../providers/payments/sandbox/sandbox-entry';
import { createSandboxProcessor } from '../../providers/payments/sandbox/sandbox-processor';
import type { Db } from '../client';
import { accounts, customers, messageTemplates, paymentMethods, paymentPromises } from '../schema';
import type { DemoClock } from './demo-clock';

// The demo's autopay (issue 18 items 1, 2), enrolled through the autopay service and charged by the nightly
// run as it would have run, on the seed's clock: one account charged last month on its due date (paid), one
// whose card came back insufficient funds yesterday (a soft decline, retried today), one whose card was declined
// yesterday (a hard decline: never retried by the run, it waits in Failed Actions for a new card), and two more
// enrolled and waiting for their due dates. Their texts went out back then in the demo's story, so the autopay and payment
// templates are off while this runs: nothing is queued for the dispatcher today.

const quietTexts = ['AUTOPAY', 'AUTOPAY_MERCHANT', 'THANKS', 'PAYMENT_FAILED'] as const;
/** Accounts the demo documents (their pay PIN) keep their amount due untouched. */
const keptAside = ['ACC-5001', 'ACC-5002'];

export async function seedDemoAutopay(
  db: Db,
  input: { merchantId: string; staffUserId: string; timeZone: string; clock: DemoClock },
): Promise<void> {
  await seedSystemTemplates(db, input.merchantId);
  const texts = and(
    eq(messageTemplates.merchantId, input.merchantId),
    inArray(messageTemplates.type, quietTexts),
  );
  await db.update(messageTemplates).set({ active: false }).where(texts);
  await seedAutopay(db, input);
  await db.update(messageTemplates).set({ active: true }).where(texts);
}

async function seedAutopay(
  db: Db,
  input: { merchantId: string; staffUserId: string; timeZone: string; clock: DemoClock },
): Promise<void> {
  const { merchantId, clock, timeZone } = input;
  let at = clock.now;
  const payments = createSandboxProcessor({ db, now: () => at, delayMs: 60_000, bankSettleMs: 60_000 });
  const ctx = { db, payments, now: () => at, log: pino({ level: 'silent' }), queue: null } as Pick<
    AppContext,
    'db' | 'payments' | 'now' | 'log' | 'queue'
  > as AppContext;
  const actor = { merchantId, userId: input.staffUserId, ip: '127.0.0.1' };
  const candidates = await carded(db, merchantId);
  if (candidates.length < 5) throw new Error('the demo needs five carded accounts for autopay');
  // The hard decline is the fifth (ACC-5028): the failed-actions journey replaces its card and retries it, and
  // no other journey or test uses that account.
  const [charged, declined, waitingFirst, waitingSecond, hardDeclined] = candidates;
  const enrol = async (account: Carded, methodId: string, dueDate: string) => {
    await enrolAutopay(
      ctx,
      actor,
      { merchantId, customerId: account.customerId, accountId: account.id },
      {
        payment_method: methodId,
        due_day: Math.min(Number(dueDate.slice(8, 10)), 28),
        authorization_accepted: true,
      },
    );
  };
  const setDue = (account: Carded, dueDate: string) =>
    db.update(accounts).set({ dueDate }).where(eq(accounts.id, account.id));
  const runOn = async (localDate: string) => {
    at = new Date(clock.at(daysBefore(clock, localDate), '06:00').getTime());
    // One transaction is one connection: one charge at a time.
    await runMerchantAutopay(ctx, { merchantId, timeZone, localDate }, { concurrency: 1 });
  };

  // Charged last month on its due date (the 10th), then due again next month.
  const lastMonth = monthDay(clock.date(0), -1, 10);
  at = clock.at(daysBefore(clock, lastMonth) + 5, '11:00');
  await setDue(charged!, lastMonth);
  await enrol(charged!, charged!.methodId, lastMonth);
  await runOn(lastMonth);
  await setDue(charged!, monthDay(clock.date(0), 1, 10));

  // Enrolled ten days ago with a card that came back insufficient funds on yesterday's due date, and one
  // enrolled eight days ago with a card the issuer declined outright that day; one run charged both.
  at = clock.at(10, '15:30');
  const tight = await saveCard(db, merchantId, declined!.customerId, '4000000000009995', at);
  await enrol(declined!, tight, clock.date(-1));
  await setDue(declined!, clock.date(-1));
  at = clock.at(8, '10:45');
  const refused = await saveCard(db, merchantId, hardDeclined!.customerId, '4000000000000002', at);
  await enrol(hardDeclined!, refused, clock.date(-1));
  await setDue(hardDeclined!, clock.date(-1));
  await runOn(clock.date(-1));

  // Two more enrolled this week, due later.
  for (const [k, account] of [waitingFirst!, waitingSecond!].entries()) {
    at = clock.at(3 - k, '12:00');
    const dueDate = clock.date(5 + 7 * k);
    await setDue(account, dueDate);
    await enrol(account, account.methodId, dueDate);
  }
}

type Carded = { id: string; customerId: string; methodId: string };

/** Live accounts whose customer saved a card, without a promise or a documented PIN. */
async function carded(db: Db, merchantId: string): Promise<Carded[]> {
  const promised = db
    .select({ id: paymentPromises.accountId })
    .from(paymentPromises)
    .where(eq(paymentPromises.merchantId, merchantId));
  return db
    .selectDistinctOn([accounts.externalId], {
      id: accounts.id,
      customerId: accounts.customerId,
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
    .where(
      and(
        eq(accounts.merchantId, merchantId),
        eq(accounts.status, 'active'),
        isNull(accounts.mergedIntoId),
        isNull(customers.voidedAt),
        gt(accounts.amountDueCents, 0),
        notInArray(accounts.id, promised),
        notInArray(accounts.externalId, keptAside),
      ),
    )
    .orderBy(asc(accounts.externalId), asc(paymentMethods.id));
}

async function saveCard(db: Db, merchantId: string, customerId: string, number: string, now: Date) {
  const card = await saveSandboxCard(db, {
    processorAccountId: '',
    entry: { card_number: number, exp_month: '08', exp_year: String(now.getUTCFullYear() + 3), cvc: '123' },
    now,
  });
  if (card.kind !== 'card') throw new Error('the sandbox saved a card as something else');
  const [row] = await db
    .insert(paymentMethods)
    .values({
      merchantId,
      customerId,
      processor: 'sandbox',
      processorAccountId: '',
      paymentType: card.funding === 'debit' ? 'DEBIT' : 'CREDIT',
      cardType: card.brand.toUpperCase(),
      nickname: 'Everyday',
      maskedCardNumber: `************${card.last4}`,
      processorToken: card.token,
      funding: card.funding,
      createdAt: now,
    })
    .returning({ id: paymentMethods.id });
  if (!row) throw new Error('demo card not saved');
  return row.id;
}

/** 'YYYY-MM-DD': day `day` of the month `months` from `date`'s. */
function monthDay(date: string, months: number, day: number): string {
  const [year, month] = date.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, month - 1 + months, day));
  return first.toISOString().slice(0, 10);
}

/** Whole days from `localDate` to today on the demo's calendar. */
function daysBefore(clock: DemoClock, localDate: string): number {
  return Math.round(
    (Date.parse(`${clock.date(0)}T00:00:00Z`) - Date.parse(`${localDate}T00:00:00Z`)) / 86_400_000,
  );
}
