import { and, desc, eq, gt, lt } from 'drizzle-orm';
import { pino } from 'pino';
import type { AppContext } from '../../context';
import { refundPayment } from '../../modules/payments/refund-payment.service';
import { createSandboxProcessor } from '../../providers/payments/sandbox/sandbox-processor';
import type { Db } from '../client';
import { payments } from '../schema';
import type { DemoClock } from './demo-clock';

// The demo's refund (issue 17): the newest card payment with a convenience fee, taken at least two days ago,
// was partly refunded the next day by the admin, the fee kept — through the refund service and the sandbox,
// so its REFUND row, ledger entries, history event and the account's amount due agree as they would in use.

/** A third of the payment's principal, in whole dollars. */
const partOf = (amountCents: number) => Math.max(100, Math.floor(amountCents / 300) * 100);

export async function seedDemoRefund(
  db: Db,
  input: { merchantId: string; adminUserId: string; clock: DemoClock },
): Promise<void> {
  const [paid] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.merchantId, input.merchantId),
        eq(payments.status, 'paid'),
        eq(payments.methodKind, 'card'),
        gt(payments.feeCents, 0),
        lt(payments.createdAt, new Date(input.clock.now.getTime() - 2 * 86_400_000)),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(1);
  if (!paid) throw new Error('the demo needs a card payment with a fee to refund');
  const at = new Date(paid.createdAt.getTime() + 26 * 3_600_000);
  const processor = createSandboxProcessor({ db, now: () => at, delayMs: 60_000, bankSettleMs: 60_000 });
  const used: Pick<AppContext, 'db' | 'payments' | 'now' | 'log'> = {
    db,
    payments: processor,
    now: () => at,
    log: pino({ level: 'silent' }),
  };
  const amount = partOf(paid.amountCents);
  await refundPayment(
    used as AppContext,
    {
      actor: { merchantId: input.merchantId, userId: input.adminUserId, ip: '127.0.0.1' },
      idempotencyKey: null,
    },
    { payment: paid.id, total: amount, sources: [{ transaction: paid.id, amount, convenience_fee: 0 }] },
  );
}
