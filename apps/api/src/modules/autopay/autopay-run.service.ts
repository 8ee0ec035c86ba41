import type { AppContext } from '../../context';
import { addDays, zonedInstant } from '../../jobs/zoned-time';
import type { Actor } from '../../kit/actor';
import { DomainError, ValidationError } from '../../kit/errors';
import { inTransaction } from '../../kit/transaction';
import { recordRefusedAutopay } from '../failed-actions/failed-action-records.service';
import { findPaymentByIdempotencyKey } from '../payments/payment-lookups.service';
import {
  processingAccountsOnce,
  resumePayment,
  takeAccountPayment,
  type ProcessingAccountLookup,
} from '../payments/take-payment.service';
import { isSoftDecline, retryDayAfter } from './autopay-declines';
import {
  claimFirstAttempts,
  claimRetries,
  findRunAccount,
  reclaimStale,
  recordRunOutcome,
  type ClaimedRun,
  type RunOutcome,
} from './autopay-run.repository';

// The nightly autopay run (issue 18 item 2), once a day per merchant at AUTOPAY_LOCAL_TIME on its clock
// (autopay.jobs.ts). Every account with autopay on, active, something due and due today is charged its amount due
// once per due date: the autopay_runs row (UNIQUE account, due date, attempt) is inserted BEFORE take-payment is
// called, and take-payment writes its payment under `autopay:{account}:{due}` before calling the processor. So two
// workers never both charge an attempt (only one inserts its row), a worker killed mid-charge leaves a claim that
// goes stale and is taken over under the same key (take-payment then finds the payment and reconciles it with the
// processor instead of charging again), and a repeat of the night's job finds nothing left to claim.

/** A claim this old with no outcome is a crashed worker's: taken over and retried under the same key. */
export const AUTOPAY_CLAIM_STALE_MINUTES = 10;
const MINUTE_MS = 60_000;
/** Claims per statement: small enough that workers running side by side share the night's accounts. */
const DEFAULT_BATCH = 200;

/**
 * Charges in flight per worker. Each holds at most one connection at a time, and much of a charge is waiting on
 * the database (the payment's commit before the processor call, the processor's own, the outcome's), so on
 * PostgreSQL more in flight is more throughput — measured on 2 cores (bench:autopay, 2,000 accounts): 4 in
 * flight 74–83 charges/s, 8 89–112, 12 83–88. Two connections of the pool stay free for the process's requests
 * and other jobs. Embedded PGlite runs one statement at a time: two in flight only keep it busy.
 */
export function autopayConcurrency(config: { databaseUrl: string | undefined; databasePoolMax: number }) {
  if (!config.databaseUrl) return 2;
  return Math.min(8, Math.max(2, config.databasePoolMax - 2));
}

export type AutopayRunResult = { charged: number; failed: number; skipped: number; processing: number };

export type AutopayRunRequest = { merchantId: string; timeZone: string; localDate: string };

/**
 * The run for one merchant and local date: stale claims first (a crashed run's), then due soft-decline retries,
 * then the day's first attempts, batch by batch until none is left to claim.
 */
export async function runMerchantAutopay(
  ctx: AppContext,
  request: AutopayRunRequest,
  options: { batchSize?: number; concurrency?: number } = {},
): Promise<AutopayRunResult> {
  const BATCH = options.batchSize ?? DEFAULT_BATCH;
  const concurrency = options.concurrency ?? autopayConcurrency(ctx.config);
  const result: AutopayRunResult = { charged: 0, failed: 0, skipped: 0, processing: 0 };
  // Read once for the run, not once per charge.
  const processingAccounts = processingAccountsOnce(ctx, request.merchantId);
  const claimers: Array<() => Promise<ClaimedRun[]>> = [
    () => {
      const now = ctx.now();
      const staleBefore = new Date(now.getTime() - AUTOPAY_CLAIM_STALE_MINUTES * MINUTE_MS);
      return reclaimStale(ctx.db, { merchantId: request.merchantId, now, staleBefore, limit: BATCH });
    },
    () => claimRetries(ctx.db, { merchantId: request.merchantId, now: ctx.now(), limit: BATCH }),
    () =>
      claimFirstAttempts(ctx.db, {
        merchantId: request.merchantId,
        dueDate: request.localDate,
        now: ctx.now(),
        limit: BATCH,
      }),
  ];
  for (const claim of claimers) {
    await forEachClaimed(claim, { batch: BATCH, concurrency }, async (run) => {
      const status = await chargeRun(ctx, run, processingAccounts);
      if (status === 'paid') result.charged += 1;
      else if (status === 'failed') result.failed += 1;
      else if (status === 'processing') result.processing += 1;
      else if (status === 'skipped') result.skipped += 1;
    });
  }
  return result;
}

/**
 * One claimed attempt: charged through take-payment under the attempt's key with no convenience fee (a recurring
 * payment, docs/reference/payments.md), its outcome recorded on the run. PAYMENT_FAILED is texted by the payments
 * module once per failed payment, so nothing more is sent here.
 */
export async function chargeRun(
  ctx: AppContext,
  run: ClaimedRun,
  processingAccounts?: ProcessingAccountLookup,
): Promise<RunOutcome['status']> {
  const account = await findRunAccount(ctx.db, run);
  const now = () => ctx.now();
  if (!account) return finish(ctx, run, skipped(now(), 'The account is gone.'));
  // A taken-over claim whose payment the crashed worker already wrote (perhaps paid, the amount due now 0): that
  // payment is this attempt's outcome, reconciled with the processor first if it still waits.
  const earlier = run.isTakeover
    ? await findPaymentByIdempotencyKey(ctx, {
        merchantId: run.merchantId,
        idempotencyKey: run.idempotencyKey,
      })
    : null;
  if (earlier)
    return finishWithPayment(ctx, run, account, await resumePayment(ctx, earlier, earlier.requestDigest));
  if (!account.isAutopayOn || !account.paymentMethodId || !account.customerId)
    return finish(ctx, run, skipped(now(), 'Autopay was stopped before the charge.'));
  if (!account.isActive) return finish(ctx, run, skipped(now(), 'The account is not active.'));
  if (account.amountDueCents <= 0) return finish(ctx, run, skipped(now(), 'Nothing is due.'));
  // The amount due, capped by the merchant's maximum (no role limits: no staff member takes it).
  const amount =
    account.merchantMaxCents === null
      ? account.amountDueCents
      : Math.min(account.amountDueCents, account.merchantMaxCents);
  const actor: Actor = { merchantId: run.merchantId, userId: null, ip: '' };
  try {
    const payment = await takeAccountPayment(
      ctx,
      {
        actor,
        canWaiveFee: false,
        canExceedRoleLimits: false,
        channel: 'autopay',
        isRecurring: true,
        ...(processingAccounts ? { processingAccounts } : {}),
      },
      {
        customerId: account.customerId,
        accountId: run.accountId,
        amount,
        payment_method: account.paymentMethodId,
        note: `Autopay ${run.dueDate}${run.attempt > 1 ? ` (attempt ${run.attempt})` : ''}`,
        waive_fee: false,
        idempotencyKey: run.idempotencyKey,
        // Nothing was charged under the key yet: our claim was just inserted, or a takeover found no payment above
        // (a slow, not dead, worker inserting it now loses the insert, and take-payment answers with its payment).
        isKeyUnused: true,
        account: account.payable,
      },
    );
    return finishWithPayment(ctx, run, account, payment);
  } catch (error) {
    // Refused before any charge (below the merchant's minimum, the method removed …): a failure staff see, not
    // retried. Anything else leaves the claim to go stale and be taken over under the same key.
    if (!(error instanceof DomainError)) throw error;
    return finishRefused(ctx, run, { customerId: account.customerId, amount, message: messageOf(error) });
  }
}

/**
 * A refused charge: the run's outcome and, in the same transaction, a failed action for staff (kind autopay,
 * the due date's subject) — written only by the worker whose outcome landed, so a taken-over claim adds none.
 */
async function finishRefused(
  ctx: AppContext,
  run: ClaimedRun,
  refusal: { customerId: string; amount: number; message: string },
): Promise<RunOutcome['status']> {
  const at = ctx.now();
  await inTransaction(ctx.db, async (tx) => {
    const isRecorded = await recordRunOutcome(tx, run, {
      status: 'failed',
      amountCents: refusal.amount,
      paymentId: null,
      failureCode: REFUSED,
      failureMessage: refusal.message,
      nextAttemptAt: null,
      finishedAt: at,
    });
    if (!isRecorded) return;
    await recordRefusedAutopay(
      tx,
      {
        merchantId: run.merchantId,
        customerId: refusal.customerId,
        accountId: run.accountId,
        dueDate: run.dueDate,
        reasonCode: REFUSED,
        reasonMessage: refusal.message,
      },
      at,
    );
  });
  return 'failed';
}

/** The attempt's outcome from its payment: paid, still processing (a bank payment), or failed (retried if soft). */
function finishWithPayment(
  ctx: AppContext,
  run: ClaimedRun,
  account: { timeZone: string },
  payment: Awaited<ReturnType<typeof takeAccountPayment>>,
): Promise<RunOutcome['status']> {
  const base = { amountCents: payment.amountCents, paymentId: payment.id, finishedAt: ctx.now() };
  if (payment.status === 'paid') return finish(ctx, run, { ...base, ...noFailure, status: 'paid' });
  if (payment.status !== 'failed') return finish(ctx, run, { ...base, ...noFailure, status: 'processing' });
  const code = payment.failureCode ?? null;
  return finish(ctx, run, {
    ...base,
    status: 'failed',
    failureCode: code,
    failureMessage: payment.failureMessage || 'The payment was declined.',
    nextAttemptAt: isSoftDecline(code) ? nextAttemptAt(account.timeZone, run) : null,
  });
}

const REFUSED = 'refused';

const noFailure = { failureCode: null, failureMessage: null, nextAttemptAt: null } as const;

const skipped = (at: Date, reason: string): RunOutcome => ({
  status: 'skipped',
  amountCents: null,
  paymentId: null,
  failureCode: null,
  failureMessage: reason,
  nextAttemptAt: null,
  finishedAt: at,
});

/** The start of the retry's day on the merchant's clock, or null after the last attempt. */
function nextAttemptAt(timeZone: string, run: ClaimedRun): Date | null {
  const days = retryDayAfter(run.attempt);
  return days === null ? null : zonedInstant(timeZone, addDays(run.dueDate, days), '00:00');
}

async function finish(ctx: AppContext, run: ClaimedRun, outcome: RunOutcome): Promise<RunOutcome['status']> {
  await recordRunOutcome(ctx.db, run, outcome);
  return outcome.status;
}

function messageOf(error: DomainError): string {
  if (error instanceof ValidationError) return Object.values(error.fields).flat().join(' ');
  return error.message;
}

/**
 * Charges claimed runs `concurrency` at a time until `claim` has no more to give. The next batch is claimed as the
 * current one runs low, so lanes do not stand idle at each batch's end while the claim statement runs; at most a
 * batch and a lane's worth of claims wait in memory, and they are seconds old when charged.
 */
async function forEachClaimed(
  claim: () => Promise<ClaimedRun[]>,
  limits: { batch: number; concurrency: number },
  work: (run: ClaimedRun) => Promise<void>,
) {
  const waiting: ClaimedRun[] = [];
  let isExhausted = false;
  let claiming: Promise<void> | null = null;
  const refill = () => {
    claiming ??= claim()
      .then((runs) => {
        waiting.push(...runs);
        if (runs.length < limits.batch) isExhausted = true;
      })
      .finally(() => (claiming = null));
    return claiming;
  };
  const lane = async () => {
    for (;;) {
      if (waiting.length <= limits.concurrency && !isExhausted) void refill().catch(() => undefined);
      const run = waiting.shift();
      if (run) await work(run);
      else if (claiming) await claiming;
      else if (isExhausted) return;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, limits.concurrency) }, lane));
}
