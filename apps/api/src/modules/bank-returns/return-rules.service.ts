import {
  bankReturnMessages,
  MAX_REPRESENTMENTS,
  REPRESENT_AFTER_DAYS,
  REPRESENT_WITHIN_DAYS,
  returnRuleOf,
  type ReturnActionValue,
} from '@paylane/shared/contracts/bank-returns';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { findAutopay, stopAutopay } from '../autopay/autopay.service';
import { insertCustomerEvents } from '../customer-history/customer-events.service';
import { recordPaymentReturn, type MovedPayment } from '../failed-actions/failed-action-records.service';
import { queuePaymentText } from '../pay-links/payment-texts.service';
import { retirePaymentMethod } from '../payment-methods/payment-methods.service';
import {
  findPaymentCreatedAt,
  findPaymentSubject,
  findReturnRepresentedBy,
  insertPaymentReturn,
  updateReturnDecision,
  type NewPaymentReturn,
} from './bank-returns.repository';

// What happens when a bank payment comes back (issue 18 item 3): the rules of
// packages/shared/src/contracts/bank-returns.ts (returnRules), applied once, in the transaction that moved the
// payment to 'returned' — so a duplicate or late webhook, which cannot move it again, changes nothing.

const DAY_MS = 86_400_000;

/** A payment that has just moved to 'returned', as the payments module hands it over. */
export type ReturnedPayment = MovedPayment & {
  amountCents: number;
  feeCents: number;
  paidAt: Date | null;
};

type Decision = Pick<NewPaymentReturn, 'action' | 'actionNote' | 'representNumber' | 'representAt'>;

/**
 * Records the return and applies its code's rule: R01/R09 schedule a re-presentment (at most two, within 180
 * days of the original); R02–R04 retire the method and text UNCONFIRMED_PAYMENT_METHOD; R05/R07/R10/R11/R29 stop
 * autopay. Unless a re-presentment follows, the return becomes a failed action (recordReturnAction). Run in
 * `tx`; true when a text was queued (the caller dispatches after commit).
 */
export async function applyReturnRules(ctx: AppContext, tx: Db, payment: ReturnedPayment): Promise<boolean> {
  if (payment.methodKind !== 'bank') return false;
  const code = payment.failureCode ?? '';
  const rule = returnRuleOf(code);
  const now = ctx.now();
  const txCtx = { ...ctx, db: tx };
  const chain = await findReturnRepresentedBy(tx, { merchantId: payment.merchantId, paymentId: payment.id });
  const originalPaymentId = chain?.originalPaymentId ?? payment.id;
  const decision =
    rule.action === 'represent'
      ? await decideRepresent(tx, payment.merchantId, originalPaymentId, chain?.representNumber ?? 0, now)
      : { action: rule.action, actionNote: '' };
  const recorded = await insertPaymentReturn(tx, {
    merchantId: payment.merchantId,
    paymentId: payment.id,
    originalPaymentId,
    code,
    message: payment.failureMessage ?? rule.meaning,
    amountCents: payment.amountCents + payment.feeCents,
    wasSettled: payment.paidAt !== null,
    returnedAt: now,
    ...decision,
  });
  if (!recorded) return false;
  const reason = `${code} ${payment.failureMessage ?? rule.meaning}`.trim();
  let isTextQueued = false;
  let action: ReturnActionValue = decision.action;
  let actionNote = decision.actionNote ?? '';
  if (decision.action === 'retire_method') {
    isTextQueued = await retireMethod(txCtx, payment, reason);
  } else if (decision.action === 'stop_autopay' && payment.accountId) {
    const stopped = await stopAutopay(
      txCtx,
      { merchantId: payment.merchantId, accountId: payment.accountId, reason, actorUserId: null },
      tx,
    );
    isTextQueued = stopped.isTextQueued;
    if (!stopped.isStopped) actionNote = bankReturnMessages.noAutopay;
  } else if (decision.action === 'stop_autopay') {
    action = 'none';
  }
  if (action !== decision.action || actionNote !== decision.actionNote)
    await updateReturnDecision(
      tx,
      { merchantId: payment.merchantId, id: recorded.id },
      { action, actionNote },
    );
  if (action !== 'represent')
    await recordReturnAction(tx, payment, chain?.originalPaymentId ?? null, { code, reason, action }, now);
  if (payment.customerId)
    await insertCustomerEvents(tx, [
      {
        merchantId: payment.merchantId,
        customerId: payment.customerId,
        accountId: payment.accountId,
        kind: 'payment.returned',
        actorUserId: null,
        at: now,
        details: {
          transaction_id: payment.id,
          code,
          reason: payment.failureMessage ?? rule.meaning,
          amount_cents: payment.amountCents + payment.feeCents,
          was_settled: payment.paidAt !== null,
          action,
          represent_number: decision.representNumber ?? null,
          note: actionNote,
        },
      },
    ]);
  return isTextQueued;
}

/**
 * The return as a failed action (issue 18 item 4), on the chain's first payment when it ends a re-presentment
 * chain. Charging again can help only when the method was retired (R02–R04): the retry goes on the customer's
 * newest live method, or answers 'This action must be manually resolved' when there is none. Not after an
 * unauthorized return (a new authorization is needed first), nor after R01/R09 once the re-presentments are
 * spent or out of their window (Nacha allows no third one), nor for R08 or a code without a rule.
 */
async function recordReturnAction(
  tx: Db,
  payment: ReturnedPayment,
  originalPaymentId: string | null,
  result: { code: string; reason: string; action: ReturnActionValue },
  now: Date,
): Promise<void> {
  const original = originalPaymentId
    ? await findPaymentSubject(tx, { merchantId: payment.merchantId, id: originalPaymentId })
    : null;
  const failure = {
    code: result.code,
    reason: result.reason,
    isRetryable: result.action === 'retire_method',
  };
  await recordPaymentReturn(tx, payment, original ?? payment, failure, now);
}

async function decideRepresent(
  tx: Db,
  merchantId: string,
  originalPaymentId: string,
  representedSoFar: number,
  now: Date,
): Promise<Decision> {
  if (representedSoFar >= MAX_REPRESENTMENTS)
    return { action: 'none', actionNote: bankReturnMessages.noThirdRepresentment };
  const representAt = new Date(now.getTime() + REPRESENT_AFTER_DAYS * DAY_MS);
  const originalAt = await findPaymentCreatedAt(tx, { merchantId, id: originalPaymentId });
  if (!originalAt || representAt.getTime() > originalAt.getTime() + REPRESENT_WITHIN_DAYS * DAY_MS)
    return { action: 'none', actionNote: bankReturnMessages.pastRepresentWindow };
  return { action: 'represent', actionNote: '', representNumber: representedSoFar + 1, representAt };
}

/**
 * R02–R04: the method can never be debited again. Retired (listed, never offered), autopay on it stopped, and
 * the customer asked for a new one (UNCONFIRMED_PAYMENT_METHOD with a pay link).
 */
async function retireMethod(ctx: AppContext, payment: ReturnedPayment, reason: string): Promise<boolean> {
  const { merchantId, customerId, accountId, paymentMethodId } = payment;
  if (!customerId || !paymentMethodId) return false;
  await retirePaymentMethod(ctx.db, { merchantId, customerId, id: paymentMethodId, reason, at: ctx.now() });
  let isTextQueued = false;
  if (accountId) {
    const autopay = await findAutopay(ctx, { merchantId, accountId });
    if (autopay?.paymentMethodId === paymentMethodId) {
      const stopped = await stopAutopay(ctx, { merchantId, accountId, reason, actorUserId: null }, ctx.db);
      isTextQueued = stopped.isTextQueued;
    }
  }
  const texted = await queuePaymentText(ctx, payment, 'UNCONFIRMED_PAYMENT_METHOD');
  return texted || isTextQueued;
}
