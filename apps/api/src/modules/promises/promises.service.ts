import { createHash, randomUUID } from 'node:crypto';
import {
  PROMISE_MIN_LEAD_MINUTES,
  promiseMessages,
  type CreatePromiseBody,
  type PaymentPromise,
  type PromiseListQuery,
  type PromiseSummary,
  type ScheduledSummary,
} from '@paylane/shared/contracts/promises';
import { messages } from '@paylane/shared/messages';
import { isUuid } from '@paylane/shared/validation';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { addDays, localDateAt, zonedInstant } from '../../jobs/zoned-time';
import type { Actor } from '../../kit/actor';
import { conflict, fieldError, notFound } from '../../kit/errors';
import { rowsOfPage, type PageSlice } from '../../kit/paging';
import { inTransaction } from '../../kit/transaction';
import { uniqueConstraintOf } from '../../lib/unique-violation';
import { requestDispatch } from '../messaging/dispatch-request.service';
import { checkAmount } from '../payments/take-payment.service';
import { recordPromiseEvent } from './promise-history';
import { queuePromiseText } from './promise-texts';
import { toPromise } from './promise-view';
import {
  findCustomerMethod,
  findPromiseAccount,
  findPromiseByKey,
  findPromiseViews,
  insertPromise,
  listPromiseViews,
  lockPromise,
  promiseCounts,
  repointPromises,
  scheduledCounts,
  updatePromise,
  type PromiseFilter,
  type PromiseRow,
} from './promises.repository';

// Promises to pay and scheduled payments (docs/product.md §3 promises, §4 promise status, §5 promiseTime, §7
// promises and cancel_scheduled_payment; issue 17 item 4). The sweep that runs scheduled payments, reminds
// and decides outcomes is promise-sweep.service.ts.

const ONE_OPEN_INDEX = 'payment_promises_one_open_per_account';
const MINUTE_MS = 60_000;

export type PromiseTaker = { actor: Actor; canExceedRoleLimits: boolean };

export type CreatePromiseRequest = CreatePromiseBody & {
  customerId: string;
  accountId: string;
  /** The Idempotency-Key header: the same key again answers the first promise and makes no other. */
  idempotencyKey: string | null;
};

const digestOf = (request: CreatePromiseRequest) =>
  createHash('sha256')
    .update(
      JSON.stringify([
        request.customerId,
        request.accountId,
        request.date,
        request.time,
        request.amount ?? null,
        request.payment_method ?? null,
        request.note ?? null,
      ]),
    )
    .digest('hex');

/**
 * Makes a promise on an account: a plain one (PROMISED, optionally with an amount) or, with a saved method and
 * an amount, a scheduled payment (SCHEDULED). Texts PAYMENT_PROMISE or PAYMENT_SCHEDULED and writes the
 * customer's history in the same transaction.
 */
export async function createPromise(
  ctx: AppContext,
  taker: PromiseTaker,
  request: CreatePromiseRequest,
): Promise<PaymentPromise> {
  const { merchantId } = taker.actor;
  if (!isUuid(request.customerId) || !isUuid(request.accountId)) throw notFound();
  const idempotencyKey = request.idempotencyKey ?? randomUUID();
  const requestDigest = digestOf(request);
  const earlier = await findPromiseByKey(ctx.db, { merchantId, idempotencyKey });
  if (earlier) return replayOf(ctx, earlier, requestDigest);

  const account = await findPromiseAccount(ctx.db, {
    merchantId,
    customerId: request.customerId,
    accountId: request.accountId,
  });
  if (!account) throw notFound();
  if (account.mergedIntoId) throw fieldError('non_field_errors', messages.accountMerged);
  if (account.customerVoidedAt) throw fieldError('non_field_errors', messages.customerVoided);
  if (account.status === 'inactive' || account.status === 'closed')
    throw fieldError('non_field_errors', messages.accountInactive);

  const scheduledAt = promisedMoment(ctx, account.timeZone, request);
  const amountCents = request.amount ?? null;
  const methodId = request.payment_method ?? null;
  if (methodId && amountCents === null) throw fieldError('amount', promiseMessages.methodNeedsAmount);
  if (amountCents !== null) {
    if (amountCents < 100) throw fieldError('amount', messages.paymentMinimum);
    if (amountCents > account.amountDueCents) throw fieldError('amount', promiseMessages.amountAboveDue);
  }
  if (methodId && amountCents !== null) {
    await checkAmount(ctx, { ...taker, canWaiveFee: false }, account, amountCents);
    const method = isUuid(methodId)
      ? await findCustomerMethod(ctx.db, { merchantId, customerId: request.customerId, id: methodId })
      : null;
    if (!method) throw fieldError('payment_method', messages.notFound);
    if (!method.processorToken)
      throw fieldError('payment_method', 'This payment method cannot be charged; add it again.');
  }

  const now = ctx.now();
  const values = {
    merchantId,
    customerId: request.customerId,
    accountId: request.accountId,
    status: methodId ? ('SCHEDULED' as const) : ('PROMISED' as const),
    scheduledAt,
    localDate: request.date,
    localTime: request.time,
    amountCents,
    paymentMethodId: methodId,
    note: request.note || null,
    idempotencyKey,
    requestDigest,
    createdByUserId: taker.actor.userId,
    createdAt: now,
  };
  let isTextQueued = false;
  let promise: PromiseRow | null;
  try {
    promise = await inTransaction(ctx.db, async (tx) => {
      const row = await insertPromise(tx, values);
      if (!row) return null;
      await recordPromiseEvent(tx, row, 'promise.created', { actorUserId: taker.actor.userId, at: now });
      const text = row.status === 'SCHEDULED' ? 'PAYMENT_SCHEDULED' : 'PAYMENT_PROMISE';
      isTextQueued = await queuePromiseText({ ...ctx, db: tx }, row, text);
      return row;
    });
  } catch (error) {
    if (uniqueConstraintOf(error) === ONE_OPEN_INDEX)
      throw fieldError('non_field_errors', promiseMessages.openPromiseExists);
    throw error;
  }
  if (isTextQueued) await requestDispatch(ctx);
  // Another request with the same key won the insert: answer as its replay.
  if (!promise) {
    const winner = await findPromiseByKey(ctx.db, { merchantId, idempotencyKey });
    if (!winner) throw new Error('promise vanished after an idempotency conflict');
    return replayOf(ctx, winner, requestDigest);
  }
  return answerOf(ctx, promise);
}

/**
 * The promised moment: the date and time on the merchant's clock. A past date is refused on `date`
 * (presentOrFuture); a moment less than 30 minutes ahead on `time` (docs/product.md §5 promiseTime).
 */
function promisedMoment(ctx: AppContext, timeZone: string, request: { date: string; time: string }): Date {
  const now = ctx.now();
  if (request.date < localDateAt(timeZone, now)) throw fieldError('date', promiseMessages.presentOrFuture);
  const at = zonedInstant(timeZone, request.date, request.time);
  if (at.getTime() < now.getTime() + PROMISE_MIN_LEAD_MINUTES * MINUTE_MS)
    throw fieldError('time', promiseMessages.atLeast30Minutes);
  return at;
}

async function replayOf(ctx: AppContext, promise: PromiseRow, digest: string): Promise<PaymentPromise> {
  if (promise.requestDigest !== digest) throw conflict(promiseMessages.keyReused);
  return answerOf(ctx, promise);
}

export async function answerOf(ctx: AppContext, promise: PromiseRow): Promise<PaymentPromise> {
  const [view] = await findPromiseViews(ctx.db, { merchantId: promise.merchantId, ids: [promise.id] });
  if (!view) throw new Error(`promise ${promise.id} has no view`);
  return toPromise(view);
}

/** The path's customer and account belong to the merchant (checked before the body is read), else 404. */
export async function checkPromiseAccountPath(
  ctx: AppContext,
  key: { merchantId: string; customerId: string; accountId: string },
): Promise<void> {
  if (!isUuid(key.customerId) || !isUuid(key.accountId)) throw notFound();
  if (!(await findPromiseAccount(ctx.db, key))) throw notFound();
}

/** GET …/accounts/{a}/promises/: the account's promises, newest first; 404 for another merchant's account. */
export async function listAccountPromises(
  ctx: AppContext,
  key: { merchantId: string; customerId: string; accountId: string },
  query: { page: number; page_size: number },
): Promise<PageSlice<PaymentPromise>> {
  await checkPromiseAccountPath(ctx, key);
  const { rows, total } = await listPromiseViews(
    ctx.db,
    { merchantId: key.merchantId, accountId: key.accountId },
    rowsOfPage(query),
    'created',
  );
  return { count: total, results: rows.map(toPromise) };
}

/** PROMISED → PROMISE_CONFIRMED, texted PAYMENT_PROMISE_CONFIRMED; a confirmed one answers as it is. */
export async function confirmPromise(
  ctx: AppContext,
  actor: Actor,
  key: { customerId: string; accountId: string; promiseId: string },
): Promise<PaymentPromise> {
  const { merchantId } = actor;
  if (![key.customerId, key.accountId, key.promiseId].every(isUuid)) throw notFound();
  let isTextQueued = false;
  const promise = await inTransaction(ctx.db, async (tx) => {
    const row = await lockPromise(tx, { merchantId, id: key.promiseId });
    if (!row || row.customerId !== key.customerId || row.accountId !== key.accountId) throw notFound();
    if (row.status === 'PROMISE_CONFIRMED' && row.outcome === 'open') return row;
    if (row.status !== 'PROMISED' || row.outcome !== 'open')
      throw fieldError('non_field_errors', promiseMessages.notConfirmable);
    const now = ctx.now();
    const confirmed = await updatePromise(
      tx,
      { merchantId, id: row.id },
      { status: 'PROMISE_CONFIRMED', confirmedAt: now },
    );
    await recordPromiseEvent(tx, confirmed, 'promise.confirmed', { actorUserId: actor.userId, at: now });
    isTextQueued = await queuePromiseText({ ...ctx, db: tx }, confirmed, 'PAYMENT_PROMISE_CONFIRMED');
    return confirmed;
  });
  if (isTextQueued) await requestDispatch(ctx);
  return answerOf(ctx, promise);
}

/**
 * cancel_scheduled_payment (docs/product.md §7): an open promise or scheduled payment is cancelled. A
 * scheduled run that has started (claimed, or it charged) cannot be; one whose run failed or missed its window
 * can, so the account may take a new promise.
 */
export async function cancelPromise(
  ctx: AppContext,
  actor: Actor,
  promiseId: string,
): Promise<PaymentPromise> {
  const { merchantId } = actor;
  if (!isUuid(promiseId)) throw fieldError('payment', messages.notFound);
  const promise = await inTransaction(ctx.db, async (tx) => {
    const row = await lockPromise(tx, { merchantId, id: promiseId });
    if (!row) throw fieldError('payment', messages.notFound);
    if (row.outcome === 'cancelled') return row;
    if (row.outcome !== 'open') throw fieldError('non_field_errors', promiseMessages.notCancelable);
    if (row.runStartedAt && !row.failureMessage)
      throw fieldError('non_field_errors', promiseMessages.tooLateToCancel);
    const now = ctx.now();
    const cancelled = await updatePromise(
      tx,
      { merchantId, id: row.id },
      { outcome: 'cancelled', cancelledAt: now },
    );
    await recordPromiseEvent(tx, cancelled, 'promise.cancelled', { actorUserId: actor.userId, at: now });
    return cancelled;
  });
  return answerOf(ctx, promise);
}

export type PromiseMerchant = { id: string; timeZone: string };

/** GET /api/merchants/{m}/promises/: the /promises page, by the promised moment, latest first. */
export async function listMerchantPromises(
  ctx: AppContext,
  merchant: PromiseMerchant,
  query: PromiseListQuery,
): Promise<PageSlice<PaymentPromise>> {
  const filter: PromiseFilter = {
    merchantId: merchant.id,
    statuses:
      query.confirmation === 'unconfirmed'
        ? ['PROMISED']
        : query.confirmation === 'confirmed'
          ? ['PROMISE_CONFIRMED', 'SCHEDULED']
          : undefined,
    outcome: query.outcome,
    from: query.start ? zonedInstant(merchant.timeZone, query.start, '00:00') : undefined,
    before: query.end ? zonedInstant(merchant.timeZone, addDays(query.end, 1), '00:00') : undefined,
    like: query.like || undefined,
  };
  const { rows, total } = await listPromiseViews(ctx.db, filter, rowsOfPage(query), 'scheduled');
  return { count: total, results: rows.map(toPromise) };
}

const DAY_MS = 86_400_000;

/** Home: open promises, unconfirmed ones, those due on the merchant's today, and last 30 days' outcomes. */
export async function promiseSummary(ctx: AppContext, merchant: PromiseMerchant): Promise<PromiseSummary> {
  const now = ctx.now();
  const today = localDateAt(merchant.timeZone, now);
  const counts = await promiseCounts(ctx.db, {
    merchantId: merchant.id,
    dayFrom: zonedInstant(merchant.timeZone, today, '00:00'),
    dayBefore: zonedInstant(merchant.timeZone, addDays(today, 1), '00:00'),
    decidedSince: new Date(now.getTime() - 30 * DAY_MS),
  });
  return {
    open: counts.open,
    unconfirmed: counts.unconfirmed,
    due_today: counts.dueToday,
    kept_30_days: counts.kept,
    broken_30_days: counts.broken,
    partially_kept_30_days: counts.partiallyKept,
  };
}

/** Home: scheduled payments waiting to run, those due within 7 days, and runs that failed in 30 days. */
export async function scheduledSummary(
  ctx: AppContext,
  merchant: PromiseMerchant,
): Promise<ScheduledSummary> {
  const now = ctx.now();
  const counts = await scheduledCounts(ctx.db, {
    merchantId: merchant.id,
    now,
    weekAhead: new Date(now.getTime() + 7 * DAY_MS),
    failedSince: new Date(now.getTime() - 30 * DAY_MS),
  });
  return {
    scheduled: counts.scheduled,
    scheduled_cents: counts.scheduledCents,
    due_next_7_days: counts.dueSoon,
    due_next_7_days_cents: counts.dueSoonCents,
    failed_30_days: counts.failed,
  };
}

/**
 * Customer merge (modules/duplicates): the merged customers' promises move to the survivor with their
 * accounts, in the merge's transaction (`db`). Returns how many moved.
 */
export async function movePromisesToCustomer(
  db: Db,
  key: { merchantId: string; fromCustomerIds: string[]; toCustomerId: string },
): Promise<number> {
  return (await repointPromises(db, key)).length;
}
