import type { AppContext } from '../../context';
import type { Actor } from '../../kit/actor';
import { DomainError, ValidationError } from '../../kit/errors';
import { inTransaction } from '../../kit/transaction';
import { insertCustomerEvents } from '../customer-history/customer-events.service';
import { takeAccountPayment } from '../payments/take-payment.service';
import { listDueRepresentments, setRepresentOutcome, type PaymentReturnRow } from './bank-returns.repository';

// Re-presenting an R01/R09 return (job bank-returns.represent; issue 18 item 3): once its day has come, a new
// payment of the same amount on the same method, through take-payment under the key
// `represent:{originalPaymentId}:{n}` — so two sweeps at once, or a sweep retried after a crash, make one
// payment. The rules decided n (1 or 2, never a third) when the return arrived.

const BATCH = 100;

type Due = Awaited<ReturnType<typeof listDueRepresentments>>[number];

export async function representDueReturns(ctx: AppContext): Promise<number> {
  const due = await listDueRepresentments(ctx.db, { now: ctx.now(), limit: BATCH });
  for (const item of due) await representOne(ctx, item);
  return due.length;
}

async function representOne(ctx: AppContext, { ret, payment }: Due): Promise<void> {
  const key = { merchantId: ret.merchantId, id: ret.id };
  if (!payment.customerId || !payment.accountId || !payment.paymentMethodId) {
    await setRepresentOutcome(ctx.db, key, {
      representPaymentId: null,
      representFailure: 'No account or method',
    });
    return;
  }
  const actor: Actor = { merchantId: ret.merchantId, userId: null, ip: '' };
  try {
    const made = await takeAccountPayment(
      ctx,
      // The system's own charge at a set time: no convenience fee (a bank debit carries none anyway).
      { actor, canWaiveFee: false, canExceedRoleLimits: false, channel: 'scheduled', isRecurring: true },
      {
        customerId: payment.customerId,
        accountId: payment.accountId,
        amount: payment.amountCents,
        payment_method: payment.paymentMethodId,
        note: `Re-presented (${ret.representNumber ?? 1} of 2) after ${ret.code}`,
        waive_fee: false,
        idempotencyKey: `represent:${ret.originalPaymentId}:${ret.representNumber ?? 1}`,
      },
    );
    await recordRepresented(ctx, ret, payment.customerId, { paymentId: made.id, failure: null });
  } catch (error) {
    // Refused before any charge (the account paid off or inactive, the method removed or retired): recorded,
    // not retried. Anything else is left for the next sweep, under the same key.
    if (!(error instanceof DomainError)) throw error;
    await recordRepresented(ctx, ret, payment.customerId, { paymentId: null, failure: messageOf(error) });
  }
}

async function recordRepresented(
  ctx: AppContext,
  ret: PaymentReturnRow,
  customerId: string,
  outcome: { paymentId: string | null; failure: string | null },
) {
  await inTransaction(ctx.db, async (tx) => {
    await setRepresentOutcome(
      tx,
      { merchantId: ret.merchantId, id: ret.id },
      { representPaymentId: outcome.paymentId, representFailure: outcome.failure },
    );
    await insertCustomerEvents(tx, [
      {
        merchantId: ret.merchantId,
        customerId,
        kind: outcome.paymentId ? 'payment.represented' : 'payment.represent_failed',
        actorUserId: null,
        at: ctx.now(),
        details: {
          transaction_id: ret.paymentId,
          represent_transaction_id: outcome.paymentId,
          represent_number: ret.representNumber,
          code: ret.code,
          reason: outcome.failure,
        },
      },
    ]);
  });
}

function messageOf(error: DomainError): string {
  if (error instanceof ValidationError) return Object.values(error.fields).flat().join(' ');
  return error.message;
}
