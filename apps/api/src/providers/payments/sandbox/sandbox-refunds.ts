import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sandboxProcessorCharges, sandboxProcessorRefunds } from '../../../db/schema';
import {
  ProcessorError,
  type PaymentProcessor,
  type ProcessorRefund,
  type RefundRequest,
} from '../payment-processor';
import { chargeStatusAt, newSandboxId } from './sandbox-processor';

type RefundRow = typeof sandboxProcessorRefunds.$inferSelect;

const digestOf = (request: RefundRequest) =>
  createHash('sha256')
    .update(JSON.stringify([request.processorChargeId, request.amountCents, request.reference]))
    .digest('hex');

const toRefund = (row: RefundRow): ProcessorRefund => ({
  processorRefundId: row.id,
  reference: row.reference,
  amountCents: row.amountCents,
  status: row.status,
  failureCode: row.failureCode,
  failureMessage: row.failureMessage,
});

const refusal = (code: string, message: string) => new ProcessorError(message, { code, isAmbiguous: false });

/**
 * The sandbox's refunds (docs/reference/payments.md "The sandbox processor"), with Stripe's rules: a charge
 * that succeeded may be refunded in part, repeatedly, never beyond what is left of it (checked under a lock
 * on the charge, so two refunds at once cannot pass it); a replayed key answers the first refund, a key
 * reused with other parameters is refused. A charge of the test card 4000 0000 0000 5126 refunds with
 * status `failed` (`refund_failed`), so a failed refund can be tried.
 */
export function createSandboxRefunds(
  db: Db,
  now: () => Date,
): Pick<PaymentProcessor, 'refund' | 'findRefund'> {
  const replayOf = (row: RefundRow, request: RefundRequest) => {
    if (row.requestDigest !== digestOf(request))
      throw refusal(
        'idempotency_key_in_use',
        'Keys for idempotent requests can only be used with the same parameters they were first used with.',
      );
    return toRefund(row);
  };

  const refundByKey = async (tx: Db, request: RefundRequest) => {
    const [row] = await tx
      .select()
      .from(sandboxProcessorRefunds)
      .where(
        and(
          eq(sandboxProcessorRefunds.processorAccountId, request.processorAccountId),
          eq(sandboxProcessorRefunds.idempotencyKey, request.idempotencyKey),
        ),
      );
    return row ?? null;
  };

  async function refundUnderLock(tx: Db, request: RefundRequest): Promise<ProcessorRefund> {
    const [charge] = await tx
      .select()
      .from(sandboxProcessorCharges)
      .where(
        and(
          eq(sandboxProcessorCharges.processorAccountId, request.processorAccountId),
          eq(sandboxProcessorCharges.id, request.processorChargeId),
        ),
      )
      .for('update');
    if (!charge) throw refusal('resource_missing', `No such charge: '${request.processorChargeId}'`);
    // Under the charge's lock: a request with the same key that got here first has written its refund.
    const earlier = await refundByKey(tx, request);
    if (earlier) return replayOf(earlier, request);
    if (chargeStatusAt(charge, now()) !== 'succeeded')
      throw refusal('charge_not_refundable', 'Only a charge that succeeded can be refunded.');
    const [refunded] = await tx
      .select({ cents: sql<number>`coalesce(sum(${sandboxProcessorRefunds.amountCents}), 0)::int` })
      .from(sandboxProcessorRefunds)
      .where(
        and(eq(sandboxProcessorRefunds.chargeId, charge.id), eq(sandboxProcessorRefunds.status, 'succeeded')),
      );
    const left = charge.amountCents - (refunded?.cents ?? 0);
    if (left <= 0) throw refusal('charge_already_refunded', `Charge ${charge.id} has already been refunded.`);
    if (request.amountCents > left)
      throw refusal(
        'amount_too_large',
        `Refund amount (${request.amountCents} cents) is greater than unrefunded amount on charge (${left} cents).`,
      );
    const fails = charge.outcome.status === 'refund_fails';
    const [row] = await tx
      .insert(sandboxProcessorRefunds)
      .values({
        id: newSandboxId('sbx_re'),
        processorAccountId: request.processorAccountId,
        idempotencyKey: request.idempotencyKey,
        requestDigest: digestOf(request),
        reference: request.reference,
        chargeId: charge.id,
        amountCents: request.amountCents,
        status: fails ? 'failed' : 'succeeded',
        failureCode: fails ? 'refund_failed' : null,
        failureMessage: fails ? 'The refund could not be sent to the card.' : null,
        createdAt: now(),
      })
      .returning();
    return toRefund(row!);
  }

  return {
    async refund(request) {
      if (!Number.isSafeInteger(request.amountCents) || request.amountCents < 1)
        throw refusal('amount_invalid', 'Amount must be a positive number of cents.');
      const earlier = await refundByKey(db, request);
      if (earlier) return replayOf(earlier, request);
      return db.transaction((tx) => refundUnderLock(tx, request));
    },

    async findRefund({ processorAccountId, processorChargeId, reference }) {
      const [row] = await db
        .select()
        .from(sandboxProcessorRefunds)
        .where(
          and(
            eq(sandboxProcessorRefunds.processorAccountId, processorAccountId),
            eq(sandboxProcessorRefunds.chargeId, processorChargeId),
            eq(sandboxProcessorRefunds.reference, reference),
          ),
        )
        .limit(1);
      return row ? toRefund(row) : null;
    },
  };
}
