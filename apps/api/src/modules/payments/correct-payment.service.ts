import { isUuid } from '@paylane/shared/validation';
import type { AppContext } from '../../context';
import type { Actor } from '../../kit/actor';
import { fieldError, notFound } from '../../kit/errors';
import { inTransaction } from '../../kit/transaction';
import { recordAudit } from '../audit/audit.service';
import { insertCustomerEvents } from '../customer-history/customer-events.service';
import { advancePayment, findPayment, postLedgerEntries, type PaymentRow } from './payments.repository';

const counterKinds = new Set(['cash', 'check', 'money_order']);

/**
 * `update_payment_status` (docs/product.md §7): a cash, check or money order payment recorded as paid that was
 * not — a bounced check, one entered twice — becomes FAILED. The ledger is never edited: an adjustment entry
 * takes the principal back out (the amount due rises again), dated now, in the same transaction as the
 * status change, which moves only from PAID, so a repeated correction posts nothing. Card and bank payments
 * are undone by refunds at the processor, not here. Audited, and in the customer's history.
 */
export async function markCounterPaymentFailed(
  ctx: AppContext,
  actor: Actor,
  input: { customerId: string; accountId: string; paymentId: string; reason: string },
): Promise<PaymentRow> {
  if (![input.customerId, input.accountId, input.paymentId].every(isUuid)) throw notFound();
  const payment = await findPayment(ctx.db, { merchantId: actor.merchantId, id: input.paymentId });
  if (!payment || payment.customerId !== input.customerId || payment.accountId !== input.accountId)
    throw notFound();
  if (!counterKinds.has(payment.methodKind))
    throw fieldError(
      'status',
      'Only cash, check and money order payments can be corrected; refund a card or bank payment.',
    );
  const now = ctx.now();
  const corrected = await inTransaction(ctx.db, async (tx) => {
    const row = await advancePayment(
      tx,
      { merchantId: actor.merchantId, id: payment.id, from: ['paid'] },
      { status: 'failed', failureCode: 'corrected', failureMessage: input.reason },
    );
    if (!row) return null;
    await postLedgerEntries(tx, [
      {
        merchantId: row.merchantId,
        paymentId: row.id,
        accountId: row.accountId,
        kind: 'adjustment',
        amountCents: -row.amountCents,
        occurredAt: now,
      },
    ]);
    await insertCustomerEvents(tx, [
      {
        merchantId: row.merchantId,
        customerId: input.customerId,
        accountId: row.accountId,
        kind: 'payment.corrected',
        actorUserId: actor.userId,
        details: {
          payment_id: row.id,
          method_label: row.methodLabel,
          amount_cents: row.amountCents,
          reason: input.reason,
        },
        at: now,
      },
    ]);
    // In the same transaction: a correction is never left without its audit entry.
    await recordAudit(
      { ...ctx, db: tx },
      {
        merchantId: actor.merchantId,
        actorUserId: actor.userId,
        action: 'payment.status_updated',
        entityType: 'payment',
        entityId: row.id,
        before: { status: 'PAID' },
        after: { status: 'FAILED', reason: input.reason },
        ip: actor.ip,
      },
    );
    return row;
  });
  if (!corrected) throw fieldError('status', 'Only a PAID payment can be marked FAILED.');
  return corrected;
}
