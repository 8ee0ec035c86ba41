import { and, desc, eq, gte, ne } from 'drizzle-orm';
import { pino } from 'pino';
import type { AppContext } from '../../context';
import { movePayment } from '../../modules/payments/move-payment.service';
import type { Db } from '../client';
import { accounts, payments } from '../schema';
import type { DemoClock } from './demo-clock';

// The demo's moved payment (issue 17 item 3): the newest cash payment was put on the wrong customer's account
// at the counter, and the admin moved it to the right one the next morning, through the same service as the
// /customers/move-payment page, so the ledger, both histories and the audit log show it.

/** Every demo account still owes at least this after the move (as after its payments, demo-payments.ts). */
const MIN_LEFT_DUE_CENTS = 5_000;
/** 'The next morning': the move follows the payment by this long (and is never later than an hour ago). */
const MOVED_AFTER_MS = 18 * 3_600_000;

export async function seedDemoPaymentMove(
  db: Db,
  input: { merchantId: string; adminUserId: string; clock: DemoClock },
): Promise<void> {
  const { merchantId } = input;
  const [cash] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.merchantId, merchantId),
        eq(payments.kind, 'account'),
        eq(payments.methodKind, 'cash'),
        eq(payments.status, 'paid'),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(1);
  if (!cash?.customerId || !cash.accountId)
    throw new Error('the demo needs a paid cash payment on an account');
  const [target] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      and(
        eq(accounts.merchantId, merchantId),
        eq(accounts.status, 'active'),
        ne(accounts.customerId, cash.customerId),
        gte(accounts.amountDueCents, cash.amountCents + MIN_LEFT_DUE_CENTS),
      ),
    )
    .orderBy(accounts.externalId)
    .limit(1);
  if (!target) throw new Error('the demo needs an account to move a payment to');
  const at = new Date(
    Math.min(cash.createdAt.getTime() + MOVED_AFTER_MS, input.clock.now.getTime() - 3_600_000),
  );
  const ctx = { db, now: () => at, log: pino({ level: 'silent' }) } as Pick<AppContext, 'db' | 'now' | 'log'>;
  await movePayment(
    ctx as AppContext,
    { merchantId, userId: input.adminUserId, ip: '127.0.0.1' },
    {
      customerId: cash.customerId,
      accountId: cash.accountId,
      paymentId: cash.id,
      targetAccountId: target.id,
      idempotencyKey: 'demo-payment-move',
    },
  );
}
