import { createHash, randomUUID } from 'node:crypto';
import type { RefundPaymentBody, RefundTransactionBody } from '@paylane/shared/contracts/refunds';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { Actor } from '../../kit/actor';
import { conflict, fieldError } from '../../kit/errors';
import { inTransaction } from '../../kit/transaction';
import { recordAudit } from '../audit/audit.service';
import { postLedgerEntries, type NewPayment } from './payments.repository';
import {
  isProcessorRefund,
  reconcileRefundRow,
  recordRefundEvent,
  refundEntries,
  sendRefund,
} from './refund-outcomes';
import { planRefund, planWholeRefund, type PlannedSource, type RefundPlan } from './refund-plan';
import {
  findRefundByKey,
  insertRefund,
  insertRefundRows,
  listRefundRows,
  reserveRefund,
  type RefundRow,
} from './refunds.repository';
import { toRefundView, type RefundView } from './refund-view';

// Refunds (issue 17 item 1; docs/product.md §3 Refund, §7 refund_payment and refund_transaction). A refund
// request is written with one row per source — and each source's amount taken from what is left of its
// payment under the row's lock — in one transaction, before any processor is called. Cash, checks and money
// orders are refunded by hand, so their rows are recorded at once; card and bank rows then go to the
// processor, in order, the fee-carrying source last.

type RefundCall = { actor: Actor; idempotencyKey: string | null };

const digestOf = (what: string, body: unknown) =>
  createHash('sha256')
    .update(JSON.stringify([what, body]))
    .digest('hex');

/** POST …/refund_payment/ (payment, total, sources). */
export function refundPayment(ctx: AppContext, call: RefundCall, body: RefundPaymentBody) {
  return refundOnce(ctx, call, digestOf('refund_payment', body), () =>
    planRefund(ctx, call.actor.merchantId, body),
  );
}

/** POST …/refund_transaction/ (transaction, return_fee): what is left of one payment. */
export function refundTransaction(ctx: AppContext, call: RefundCall, body: RefundTransactionBody) {
  return refundOnce(ctx, call, digestOf('refund_transaction', body), () =>
    planWholeRefund(ctx, call.actor.merchantId, body),
  );
}

/**
 * One refund per Idempotency-Key: a request seen before answers its refund (pending sources looked up at
 * the processor first, and only a refund it never saw is sent, under the same key); the same key with
 * another request is a 409.
 */
async function refundOnce(
  ctx: AppContext,
  call: RefundCall,
  digest: string,
  plan: () => Promise<RefundPlan>,
): Promise<RefundView> {
  const merchantId = call.actor.merchantId;
  const idempotencyKey = call.idempotencyKey ?? randomUUID();
  const earlier = await findRefundByKey(ctx.db, { merchantId, idempotencyKey });
  if (earlier) return resumeRefund(ctx, earlier, digest);
  const planned = await plan();
  const written = await inTransaction(ctx.db, (tx) =>
    writeRefund(ctx, tx, { actor: call.actor, idempotencyKey, digest, plan: planned }),
  );
  // Another request with the same key won the insert: answer as its replay.
  if (!written) return resumeByKey(ctx, merchantId, idempotencyKey, digest);
  for (const row of written.rows) if (row.status === 'pending') await sendRefund(ctx, row);
  return toRefundView(ctx, written.refund);
}

async function resumeByKey(ctx: AppContext, merchantId: string, idempotencyKey: string, digest: string) {
  const winner = await findRefundByKey(ctx.db, { merchantId, idempotencyKey });
  if (!winner) throw new Error('refund vanished after an idempotency conflict');
  return resumeRefund(ctx, winner, digest);
}

async function resumeRefund(ctx: AppContext, refund: RefundRow, digest: string): Promise<RefundView> {
  if (refund.requestDigest !== digest)
    throw conflict('This Idempotency-Key was already used for a different refund.');
  const rows = await listRefundRows(ctx.db, { merchantId: refund.merchantId, refundId: refund.id });
  for (const row of rows) await reconcileRefundRow(ctx, row, { mayResend: true });
  return toRefundView(ctx, refund);
}

type WriteInput = { actor: Actor; idempotencyKey: string; digest: string; plan: RefundPlan };

/** The refund, its reservations and its rows, in the caller's transaction; null when the key was taken. */
async function writeRefund(ctx: AppContext, tx: Db, input: WriteInput) {
  const { actor, plan } = input;
  const now = ctx.now();
  const refund = await insertRefund(tx, {
    merchantId: actor.merchantId,
    paymentId: plan.payment.id,
    customerId: plan.payment.customerId,
    accountId: plan.payment.accountId,
    idempotencyKey: input.idempotencyKey,
    requestDigest: input.digest,
    totalCents: plan.totalCents,
    feeCents: plan.feeCents,
    createdByUserId: actor.userId,
    createdAt: now,
  });
  if (!refund) return null;
  for (const source of plan.sources) await reserve(tx, actor.merchantId, source);
  const rows = await insertRefundRows(
    tx,
    plan.sources.map((source, position) => refundRowOf(refund, source, position, now)),
  );
  for (const row of rows.filter((candidate) => candidate.status === 'refunded')) {
    await postLedgerEntries(tx, refundEntries(row, now));
    const source = plan.sources.find((candidate) => candidate.payment.id === row.refundOfPaymentId);
    if (source) await recordRefundEvent(tx, row, source.payment, now);
  }
  // In the same transaction: money going back is never left without its audit entry.
  await recordAudit(
    { ...ctx, db: tx },
    {
      merchantId: actor.merchantId,
      actorUserId: actor.userId,
      action: 'payment.refunded',
      entityType: 'payment',
      entityId: plan.payment.id,
      before: null,
      after: {
        refund_id: refund.id,
        total_cents: plan.totalCents,
        fee_cents: plan.feeCents,
        sources: plan.sources.map((source) => ({
          payment_id: source.payment.id,
          amount_cents: source.amountCents,
          fee_cents: source.feeCents,
        })),
      },
      ip: actor.ip,
    },
  );
  return { refund, rows };
}

/** Takes the source's amounts from what is left of its payment, or refuses the whole request. */
async function reserve(tx: Db, merchantId: string, source: PlannedSource) {
  const reserved = await reserveRefund(tx, {
    merchantId,
    paymentId: source.payment.id,
    amountCents: source.amountCents,
    feeCents: source.feeCents,
  });
  // Another refund took it first (the plan read the payment before that refund committed).
  if (!reserved)
    throw fieldError(
      source.field === 'transaction' ? 'transaction' : `${source.field}.amount`,
      'More than is left on this payment would be refunded; it was refunded meanwhile.',
    );
}

function refundRowOf(refund: RefundRow, source: PlannedSource, position: number, now: Date): NewPayment {
  const { payment } = source;
  const throughProcessor = isProcessorRefund(payment.methodKind);
  return {
    merchantId: payment.merchantId,
    customerId: payment.customerId,
    accountId: payment.accountId,
    kind: 'refund',
    channel: 'staff',
    methodKind: payment.methodKind,
    paymentMethodId: payment.paymentMethodId,
    methodLabel: payment.methodLabel,
    amountCents: source.amountCents,
    feeCents: source.feeCents,
    status: throughProcessor ? 'pending' : 'refunded',
    idempotencyKey: `refund:${refund.id}:${position}`,
    requestDigest: refund.requestDigest,
    processor: throughProcessor ? payment.processor : null,
    processorAccountId: throughProcessor ? payment.processorAccountId : null,
    createdByUserId: refund.createdByUserId,
    paidAt: throughProcessor ? null : now,
    refundId: refund.id,
    refundOfPaymentId: payment.id,
    refundPosition: position,
    createdAt: now,
  };
}

export type { RefundView };
