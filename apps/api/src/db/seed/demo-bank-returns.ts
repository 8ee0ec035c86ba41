import { and, asc, eq, gte, isNull, notExists, sql } from 'drizzle-orm';
import { pino } from 'pino';
import type { AppContext } from '../../context';
import { representDueReturns } from '../../modules/bank-returns/represent.service';
import { receiveProcessorEvent } from '../../modules/payments/processor-events.service';
import { takeAccountPayment, type PaymentTaker } from '../../modules/payments/take-payment.service';
import { saveSandboxBankAccount } from '../../providers/payments/sandbox/sandbox-entry';
import { createSandboxProcessor } from '../../providers/payments/sandbox/sandbox-processor';
import type { Db } from '../client';
import { accounts, paymentMethods, payments } from '../schema';
import type { DemoClock } from './demo-clock';

// The demo's bank returns (issue 18 item 3), made through the services as they would happen: three customers
// pay by bank from a sandbox test account, and the sandbox's answers are handed to the payments module as its
// webhooks would hand them — one R01 re-presented three days later and settled, one R02 whose method is retired,
// and one that settled and came back R10 later, which stops that account's autopay.

const DAY_MS = 86_400_000;
const SETTLE_MS = 2 * DAY_MS;
const demoReturns = [
  { accountNumber: '000222222235', daysAgo: 20, amountCents: 10_000 }, // R01 once, then settles
  { accountNumber: '000111111113', daysAgo: 12, amountCents: 8_000 }, // R02
  { accountNumber: '000444444440', daysAgo: 9, amountCents: 12_500 }, // settles, then R10
] as const;

export async function seedDemoBankReturns(
  db: Db,
  input: { merchantId: string; staffUserId: string; clock: DemoClock },
): Promise<void> {
  const { merchantId, clock } = input;
  let at = clock.now;
  const processor = createSandboxProcessor({ db, now: () => at, delayMs: 60_000, bankSettleMs: SETTLE_MS });
  // The part of the app's context the services read; the seed runs before the app exists. A return's texts
  // render a pay link, whose address needs a public URL: the texts are of the demo's past and dropped below.
  const used = {
    db,
    payments: processor,
    now: () => at,
    log: pino({ level: 'silent' }),
    config: { publicUrl: '' },
  };
  const ctx = used as unknown as AppContext;
  const taker: PaymentTaker = {
    actor: { merchantId, userId: input.staffUserId, ip: '127.0.0.1' },
    canWaiveFee: false,
    canExceedRoleLimits: false,
  };
  // What the sandbox says of a payment now, handed over as its webhook would.
  const announce = async (paymentId: string) => {
    const charge = await processor.findCharge({ processorAccountId: '', reference: paymentId });
    if (!charge) return;
    await receiveProcessorEvent(ctx, 'sandbox', {
      eventId: `demo_evt_${paymentId}_${charge.status}`,
      type: `charge.${charge.status}`,
      processorAccountId: '',
      charge,
    });
  };

  const chosen = await accountsWithoutBank(db, merchantId, demoReturns.length);
  for (const [k, demo] of demoReturns.entries()) {
    const account = chosen[k];
    if (!account) throw new Error('the demo needs three active accounts for its bank returns');
    at = clock.at(demo.daysAgo, '10:15');
    const method = await saveSandboxBankAccount(db, {
      processorAccountId: '',
      entry: { routing_number: '110000000', account_number: demo.accountNumber, account_type: 'checking' },
      now: at,
    });
    const [saved] = await db
      .insert(paymentMethods)
      .values({
        merchantId,
        customerId: account.customerId,
        paymentType: 'CHECKING',
        nickname: 'Checking',
        maskedAccountNumber: `********${method.last4}`,
        processor: 'sandbox',
        processorAccountId: '',
        processorToken: method.token,
        createdAt: at,
      })
      .returning({ id: paymentMethods.id });
    // The R10 account was on autopay: the return stops it.
    if (demo.accountNumber === '000444444440')
      await db.update(accounts).set({ autopayEnabled: true }).where(eq(accounts.id, account.id));
    const taken = await takeAccountPayment(ctx, taker, {
      customerId: account.customerId,
      accountId: account.id,
      idempotencyKey: null,
      amount: demo.amountCents,
      note: '',
      waive_fee: false,
      payment_method: saved!.id,
    });
    at = new Date(at.getTime() + SETTLE_MS + 60_000);
    await announce(taken.id);
    // The settled one comes back one settle delay later.
    at = new Date(at.getTime() + SETTLE_MS);
    await announce(taken.id);
    // The R01 is re-presented three days after it came back, and settles.
    at = new Date(at.getTime() + 3 * DAY_MS + 60_000);
    await representDueReturns(ctx);
    const [again] = await db
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(eq(payments.merchantId, merchantId), eq(payments.idempotencyKey, `represent:${taken.id}:1`)),
      );
    if (again) {
      at = new Date(at.getTime() + SETTLE_MS + 60_000);
      await announce(again.id);
    }
  }
  await db.execute(sql`delete from customer_conversations where merchant_id = ${merchantId}`);
  await db.execute(
    sql`delete from messages where merchant_id = ${merchantId} and kind = 'system' and status = 'pending'`,
  );
}

/** Active accounts owing enough, whose customers have no bank account saved yet, oldest first. */
async function accountsWithoutBank(db: Db, merchantId: string, limit: number) {
  return db
    .select({ id: accounts.id, customerId: accounts.customerId })
    .from(accounts)
    .where(
      and(
        eq(accounts.merchantId, merchantId),
        eq(accounts.status, 'active'),
        isNull(accounts.mergedIntoId),
        gte(accounts.amountDueCents, 30_000),
        notExists(
          db
            .select({ one: sql`1` })
            .from(paymentMethods)
            .where(
              and(
                eq(paymentMethods.customerId, accounts.customerId),
                eq(paymentMethods.paymentType, 'CHECKING'),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(accounts.createdAt), asc(accounts.id))
    .limit(limit);
}
