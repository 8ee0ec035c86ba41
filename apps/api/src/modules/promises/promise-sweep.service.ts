import {
  PROMISE_GRACE_HOURS,
  SCHEDULED_RUN_WINDOW_MINUTES,
  UNCONFIRMED_REMINDER_HOURS,
  promiseMessages,
} from '@paylane/shared/contracts/promises';
import type { AppContext } from '../../context';
import type { Actor } from '../../kit/actor';
import { DomainError, ValidationError } from '../../kit/errors';
import { inTransaction } from '../../kit/transaction';
import { requestDispatch } from '../messaging/dispatch-request.service';
import {
  findPaymentByIdempotencyKey,
  hasPaymentWaitingOnAccount,
  principalPostedOnAccount,
} from '../payments/payment-lookups.service';
import { takeAccountPayment } from '../payments/take-payment.service';
import { recordPromiseEvent } from './promise-history';
import { claimDueScheduled, claimReminders, decidePromise, listDecidable } from './promise-sweep.repository';
import { queuePromiseText } from './promise-texts';
import { updatePromise, type PromiseOutcomeValue, type PromiseRow } from './promises.repository';

// The promises sweep (job promises.sweep, every minute; issue 17 item 4): runs the scheduled payments that are
// due, reminds unconfirmed promises a day ahead, and decides kept / partially kept / broken from the ledger
// once a promise's grace has passed.

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** A claimed run this old with neither a payment nor a failure crashed: it is claimed again, same key. */
export const RUN_CLAIM_STALE_MINUTES = 5;
/** A promise is 'still unconfirmed' only once it has been for this long (no reminder right after making it). */
const REMINDER_MIN_AGE_MS = HOUR_MS;
const BATCH = 100;

export type SweepResult = { ran: number; reminded: number; decided: number };

export async function sweepPromises(ctx: AppContext): Promise<SweepResult> {
  const ran = await runScheduledPayments(ctx);
  const reminded = await remindUnconfirmed(ctx);
  const decided = await decideOutcomes(ctx);
  return { ran, reminded, decided };
}

/** The scheduled payments due now, each claimed by one sweep and charged once. */
export async function runScheduledPayments(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const claimed = await claimDueScheduled(ctx.db, {
    now,
    staleBefore: new Date(now.getTime() - RUN_CLAIM_STALE_MINUTES * MINUTE_MS),
    limit: BATCH,
  });
  for (const promise of claimed) await runScheduledPayment(ctx, promise);
  return claimed.length;
}

/**
 * Charges one claimed scheduled payment through take-payment under the key `promise:{id}`, so a run retried
 * after a crash finds the payment the first one wrote (and reconciles it) instead of charging again. No
 * convenience fee (a recurring charge). A run first reached after the window is not charged.
 */
async function runScheduledPayment(ctx: AppContext, promise: PromiseRow): Promise<void> {
  const { merchantId } = promise;
  const idempotencyKey = `promise:${promise.id}`;
  const earlier = await findPaymentByIdempotencyKey(ctx, { merchantId, idempotencyKey });
  const windowEnd = promise.scheduledAt.getTime() + SCHEDULED_RUN_WINDOW_MINUTES * MINUTE_MS;
  if (!earlier && ctx.now().getTime() > windowEnd) {
    await recordRun(ctx, promise, { transactionId: null, failureMessage: promiseMessages.runWindowMissed });
    return;
  }
  const actor: Actor = { merchantId, userId: null, ip: '' };
  try {
    const payment = await takeAccountPayment(
      ctx,
      { actor, canWaiveFee: false, canExceedRoleLimits: false, channel: 'scheduled', isRecurring: true },
      {
        customerId: promise.customerId,
        accountId: promise.accountId,
        amount: promise.amountCents ?? 0,
        payment_method: promise.paymentMethodId ?? undefined,
        note: '',
        waive_fee: false,
        idempotencyKey,
      },
    );
    const failureMessage =
      payment.status === 'failed' ? payment.failureMessage || 'The payment was declined.' : null;
    await recordRun(ctx, promise, { transactionId: payment.id, failureMessage });
  } catch (error) {
    // Refused before any charge (the account paid off or made inactive, the method removed): recorded.
    // Anything else leaves the claim to go stale and be retried under the same key.
    if (!(error instanceof DomainError)) throw error;
    await recordRun(ctx, promise, { transactionId: null, failureMessage: messageOf(error) });
  }
}

function messageOf(error: DomainError): string {
  if (error instanceof ValidationError) return Object.values(error.fields).flat().join(' ');
  return error.message;
}

async function recordRun(
  ctx: AppContext,
  promise: PromiseRow,
  run: { transactionId: string | null; failureMessage: string | null },
): Promise<void> {
  await inTransaction(ctx.db, async (tx) => {
    const row = await updatePromise(tx, { merchantId: promise.merchantId, id: promise.id }, run);
    const kind = run.failureMessage ? 'promise.scheduled_payment_failed' : 'promise.scheduled_payment_made';
    await recordPromiseEvent(tx, row, kind, { actorUserId: null, at: ctx.now() });
  });
}

/** UNCONFIRMED_PROMISE to the customers of promises still unconfirmed a day before their time, once each. */
export async function remindUnconfirmed(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  let queued = false;
  const reminded = await inTransaction(ctx.db, async (tx) => {
    const rows = await claimReminders(tx, {
      now,
      until: new Date(now.getTime() + UNCONFIRMED_REMINDER_HOURS * HOUR_MS),
      madeBefore: new Date(now.getTime() - REMINDER_MIN_AGE_MS),
      limit: BATCH,
    });
    for (const row of rows)
      if (await queuePromiseText({ ...ctx, db: tx }, row, 'UNCONFIRMED_PROMISE')) queued = true;
    return rows.length;
  });
  if (queued) await requestDispatch(ctx);
  return reminded;
}

/**
 * Kept, partially kept or broken, PROMISE_GRACE_HOURS after the promised time: the principal posted on the
 * account from the promise's making until then. With an amount: all of it kept, some partially, none broken;
 * without: a dollar or more kept. A payment on the account still waiting for the processor holds it.
 */
export async function decideOutcomes(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const graceMs = PROMISE_GRACE_HOURS * HOUR_MS;
  const due = await listDecidable(ctx.db, { before: new Date(now.getTime() - graceMs), limit: BATCH });
  let decided = 0;
  for (const promise of due) {
    const key = { merchantId: promise.merchantId, accountId: promise.accountId };
    const deadline = new Date(promise.scheduledAt.getTime() + graceMs);
    if (await hasPaymentWaitingOnAccount(ctx, { ...key, before: deadline })) continue;
    const posted = await principalPostedOnAccount(ctx, { ...key, from: promise.createdAt, before: deadline });
    const paidCents = Math.max(0, posted);
    const outcome = outcomeOf(promise.amountCents, paidCents);
    const isDecided = await inTransaction(ctx.db, async (tx) => {
      const row = await decidePromise(tx, promise, { outcome, paidCents, decidedAt: now });
      if (!row) return false;
      await recordPromiseEvent(tx, row, `promise.${outcome}` as const, { actorUserId: null, at: now });
      return true;
    });
    if (isDecided) decided += 1;
  }
  return decided;
}

type Decided = Exclude<PromiseOutcomeValue, 'open' | 'cancelled'>;

export function outcomeOf(amountCents: number | null, paidCents: number): Decided {
  if (amountCents === null) return paidCents >= 100 ? 'kept' : 'broken';
  if (paidCents >= amountCents) return 'kept';
  return paidCents > 0 ? 'partially_kept' : 'broken';
}
