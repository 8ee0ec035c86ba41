import { createHash, randomUUID } from 'node:crypto';
import { convenienceFeeCents, processingAccountFee, savedMethodForFee } from '@paylane/shared/card-fees';
import type { TakePaymentBody } from '@paylane/shared/contracts/payments';
import { bankReturnMessages } from '@paylane/shared/contracts/bank-returns';
import { messages } from '@paylane/shared/messages';
import { isUuid } from '@paylane/shared/validation';
import type { AppContext } from '../../context';
import type { Actor } from '../../kit/actor';
import { conflict, fieldError, forbidden, notFound } from '../../kit/errors';
import { inTransaction } from '../../kit/transaction';
import { dispatchIfQueued, followPaymentMove } from './payment-followups';
import { chargePayment, collectOnReader, paidEntries, reconcilePendingPayment } from './payment-outcomes';
import {
  findPayableAccount,
  findPaymentByKey,
  findProcessingAccount,
  findRoleLimits,
  findSavedMethod,
  insertPayment,
  postLedgerEntries,
  type NewPayment,
  type PaymentRow,
} from './payments.repository';

/**
 * Who takes the payment and which money decisions they may make (docs/product.md §6, issue 16). A payer on a
 * pay link is an actor without a user: no role limits apply to them, and they may not waive a fee.
 */
export type PaymentTaker = {
  actor: Actor;
  canWaiveFee: boolean;
  canExceedRoleLimits: boolean;
  /** Where the payment was taken; staff unless said. */
  channel?: 'staff' | 'pay_link' | 'scheduled' | 'autopay';
  /**
   * A charge the system makes on its own at a set time (a scheduled payment of a promise): no convenience fee,
   * as for autopay — the customer is not at a screen to see one (docs/product.md §3 promises).
   */
  isRecurring?: boolean;
  /**
   * Where the merchant's active processing account is read: a batch of charges (the autopay run) passes one
   * lookup made by processingAccountsOnce, so it is read once per location instead of once per charge.
   */
  processingAccounts?: ProcessingAccountLookup;
};

type ProcessingAccount = NonNullable<Awaited<ReturnType<typeof findProcessingAccount>>>;
export type ProcessingAccountLookup = (locationId: string | null) => Promise<ProcessingAccount | null>;

/** The merchant's processing account per location, read once for as long as the caller keeps the lookup. */
export function processingAccountsOnce(ctx: AppContext, merchantId: string): ProcessingAccountLookup {
  const read = new Map<string | null, Promise<ProcessingAccount | null>>();
  return (locationId) => {
    let answer = read.get(locationId);
    if (!answer) {
      answer = findProcessingAccount(ctx.db, merchantId, locationId);
      // A failed read is not kept: the next charge asks again.
      answer.catch(() => read.delete(locationId));
      read.set(locationId, answer);
    }
    return answer;
  };
}

export type TakePaymentRequest = TakePaymentBody & {
  customerId: string;
  accountId: string;
  /** The Idempotency-Key header: the same key sent again answers the first payment and charges nothing more. */
  idempotencyKey: string | null;
  /**
   * The caller holds the key's unique claim and no payment was made under it (an autopay attempt just claimed):
   * the lookup of an earlier payment is skipped. Should one exist after all, the insert's conflict still finds
   * and answers it, charging nothing.
   */
  isKeyUnused?: boolean;
  /**
   * The account as the caller read it for this very payment, an instant ago (the autopay run's own read of the
   * account and its enrolment), so it is not read twice; it is checked here as a fresh read would be.
   */
  account?: PayableAccount;
};

/** What a payment needs of its account and merchant: findPayableAccount's row, and whose account it is. */
export type PayableAccount = Account & { customerId: string };

type Account = NonNullable<Awaited<ReturnType<typeof findPayableAccount>>>;

/** How the payment is made, its fee and, for a saved method, where it is charged. */
type MethodPlan = Pick<
  NewPayment,
  'methodKind' | 'paymentMethodId' | 'methodLabel' | 'processor' | 'processorAccountId' | 'feeCents'
> & {
  token: string | null;
  /** Card present: the merchant's card reader collects it. */
  onReader?: boolean;
};

const digestOf = (request: TakePaymentRequest) =>
  createHash('sha256')
    .update(
      JSON.stringify([
        request.customerId,
        request.accountId,
        request.amount,
        request.payment_method ?? null,
        request.method_kind ?? null,
        request.note,
        request.waive_fee,
      ]),
    )
    .digest('hex');

/**
 * Takes a payment on a customer's account (docs/product.md §2 'Take Payment'): cash, check and money order are
 * paid at once; a saved card or bank account is charged through the processor with the payment row written
 * first, so a double click, a retry or a crash charges once (docs/reference/payments.md §5 item 2).
 */
export async function takeAccountPayment(
  ctx: AppContext,
  taker: PaymentTaker,
  request: TakePaymentRequest,
): Promise<PaymentRow> {
  const merchantId = taker.actor.merchantId;
  const idempotencyKey = request.idempotencyKey ?? randomUUID();
  const earlier = request.isKeyUnused ? null : await findPaymentByKey(ctx.db, { merchantId, idempotencyKey });
  if (earlier) return resumePayment(ctx, earlier, digestOf(request));

  const account = await payableAccount(ctx, merchantId, request);
  await checkAmount(ctx, taker, account, request.amount);
  const plan = await planMethod(ctx, taker, account, request);
  if (request.waive_fee && plan.feeCents && !taker.canWaiveFee)
    throw forbidden('You do not have permission to waive the convenience fee.');

  const throughProcessor = Boolean(plan.token || plan.onReader);
  const values: NewPayment = {
    merchantId,
    customerId: request.customerId,
    accountId: account.id,
    kind: 'account',
    channel: taker.channel ?? 'staff',
    ...plan,
    feeCents: request.waive_fee ? 0 : plan.feeCents,
    feeWaived: request.waive_fee && Boolean(plan.feeCents),
    amountCents: request.amount,
    status: throughProcessor ? 'pending' : 'paid',
    idempotencyKey,
    requestDigest: digestOf(request),
    note: request.note,
    createdByUserId: taker.actor.userId,
    paidAt: throughProcessor ? null : ctx.now(),
    createdAt: ctx.now(),
  };
  let isTextQueued = false;
  const payment = throughProcessor
    ? await insertPayment(ctx.db, values)
    : await inTransaction(ctx.db, async (tx) => {
        const row = await insertPayment(tx, values);
        if (row) await postLedgerEntries(tx, paidEntries(row, ctx.now()));
        if (row) isTextQueued = await followPaymentMove(ctx, tx, row);
        return row;
      });
  await dispatchIfQueued(ctx, isTextQueued);
  // Another request with the same key won the insert: answer as its replay.
  if (!payment) return resumeByKey(ctx, merchantId, idempotencyKey, values.requestDigest);
  if (plan.onReader) return (await collectOnReader(ctx, payment)).payment;
  return plan.token ? chargePayment(ctx, payment, plan.token) : payment;
}

/**
 * The card reader request of a card-present payment still waiting for its card (asked again under the
 * payment's own key, so the answer is the request made when it was taken); null for any other payment.
 */
export async function readerRequestOf(ctx: AppContext, payment: PaymentRow) {
  if (payment.methodKind !== 'card_present' || payment.status !== 'pending') return null;
  return (await collectOnReader(ctx, payment)).reader;
}

export async function resumeByKey(
  ctx: AppContext,
  merchantId: string,
  idempotencyKey: string,
  digest: string,
) {
  const winner = await findPaymentByKey(ctx.db, { merchantId, idempotencyKey });
  if (!winner) throw new Error('payment vanished after an idempotency conflict');
  return resumePayment(ctx, winner, digest);
}

/** A request seen before: the same one answers its payment (reconciled first if still pending). */
export async function resumePayment(
  ctx: AppContext,
  payment: PaymentRow,
  digest: string,
): Promise<PaymentRow> {
  if (payment.requestDigest !== digest)
    throw conflict('This Idempotency-Key was already used for a different payment.');
  if (payment.status !== 'pending') return payment;
  const method = payment.paymentMethodId
    ? await findSavedMethod(ctx.db, {
        merchantId: payment.merchantId,
        customerId: payment.customerId ?? '',
        id: payment.paymentMethodId,
      })
    : null;
  return reconcilePendingPayment(ctx, payment, method?.processorToken ?? null);
}

async function payableAccount(ctx: AppContext, merchantId: string, request: TakePaymentRequest) {
  if (!isUuid(request.customerId) || !isUuid(request.accountId)) throw notFound();
  const account = await readPayableAccount(ctx, merchantId, request);
  if (!account || account.mergedIntoId) throw notFound();
  if (account.status === 'inactive' || account.status === 'closed')
    throw fieldError('non_field_errors', messages.accountInactive);
  if (account.amountDueCents <= 0) throw fieldError('non_field_errors', messages.accountPaid);
  return account;
}

/** The account the caller read for this payment (only the one the request names, held by its customer), else read. */
async function readPayableAccount(ctx: AppContext, merchantId: string, request: TakePaymentRequest) {
  const known = request.account;
  if (!known)
    return findPayableAccount(ctx.db, {
      merchantId,
      customerId: request.customerId,
      accountId: request.accountId,
    });
  return known.id === request.accountId && known.customerId === request.customerId ? known : null;
}

/** The merchant's payment limits (docs/product.md §6 settings), as the payable account or customer carries them. */
type MerchantLimits = { merchantMinCents: number | null; merchantMaxCents: number | null };

/** The merchant's limits for everyone; the custom role's unless the caller may exceed them. */
export async function checkAmount(
  ctx: AppContext,
  taker: PaymentTaker,
  merchant: MerchantLimits,
  amountCents: number,
) {
  const limits: Array<{ minCents: number | null; maxCents: number | null }> = [
    { minCents: merchant.merchantMinCents, maxCents: merchant.merchantMaxCents },
  ];
  if (taker.actor.userId && !taker.canExceedRoleLimits) {
    const role = await findRoleLimits(ctx.db, {
      merchantId: taker.actor.merchantId,
      userId: taker.actor.userId,
    });
    if (role) limits.push(role);
  }
  for (const { minCents, maxCents } of limits) {
    if (minCents !== null && amountCents < minCents) throw fieldError('amount', messages.paymentBelowMin);
    if (maxCents !== null && amountCents > maxCents) throw fieldError('amount', messages.paymentAboveMax);
  }
}

const counterLabels = { cash: 'Cash', check: 'Check', money_order: 'Money order' } as const;
export type CounterMethodKind = keyof typeof counterLabels;

/** Cash, a check or a money order handed over at the counter: paid at once, never a fee. */
export function counterMethodPlan(kind: CounterMethodKind, number: string): MethodPlan {
  const label = counterLabels[kind];
  return {
    methodKind: kind,
    methodLabel: number && kind !== 'cash' ? `${label} ${number}` : label,
    feeCents: 0,
    token: null,
  };
}

/**
 * Card present at the counter: the reader collects the amount, with no convenience fee — the card's funding
 * is known only once it is tapped, after the amount is on the reader.
 */
async function readerPlan(ctx: AppContext, taker: PaymentTaker, account: Account): Promise<MethodPlan> {
  const processing = await activeProcessingAccount(ctx, taker, account.locationId);
  return {
    methodKind: 'card_present',
    methodLabel: 'Card present',
    processor: processing.processor,
    processorAccountId: processing.processorAccountId,
    feeCents: 0,
    token: null,
    onReader: true,
  };
}

async function activeProcessingAccount(ctx: AppContext, taker: PaymentTaker, locationId: string | null) {
  const processing = taker.processingAccounts
    ? await taker.processingAccounts(locationId)
    : await findProcessingAccount(ctx.db, taker.actor.merchantId, locationId);
  if (!processing)
    throw fieldError(
      'non_field_errors',
      'The merchant has no active processing account to take card or bank payments.',
    );
  return processing;
}

async function planMethod(
  ctx: AppContext,
  taker: PaymentTaker,
  account: Account,
  request: TakePaymentRequest,
): Promise<MethodPlan> {
  const merchantId = taker.actor.merchantId;
  if (request.method_kind === 'card_present') return readerPlan(ctx, taker, account);
  if (request.method_kind) return counterMethodPlan(request.method_kind, request.note);
  const methodId = request.payment_method ?? '';
  const method = isUuid(methodId)
    ? await findSavedMethod(ctx.db, { merchantId, customerId: request.customerId, id: methodId })
    : null;
  if (!method) throw fieldError('payment_method', 'Not found.');
  if (method.retiredAt) throw fieldError('payment_method', bankReturnMessages.methodRetired);
  const processing = await activeProcessingAccount(ctx, taker, account.locationId);
  if (!method.processorToken || method.processor !== processing.processor)
    throw fieldError('payment_method', 'This payment method cannot be charged; add it again.');
  const feeMethod = savedMethodForFee(method);
  return {
    methodKind: feeMethod.kind === 'card' ? 'card' : 'bank',
    paymentMethodId: method.id,
    methodLabel: methodLabel(method),
    processor: processing.processor,
    processorAccountId: method.processorAccountId ?? processing.processorAccountId,
    feeCents: convenienceFeeCents({
      amountCents: request.amount,
      method: feeMethod,
      setting: processingAccountFee(processing),
      isRecurring: taker.isRecurring ?? false,
    }),
    token: method.processorToken,
  };
}

function methodLabel(method: {
  nickname: string;
  paymentType: string;
  cardType: string | null;
  maskedCardNumber: string | null;
  maskedAccountNumber: string | null;
}): string {
  const mask = (method.maskedCardNumber ?? method.maskedAccountNumber ?? '').slice(-4);
  const kind = method.cardType ?? method.paymentType.toLowerCase();
  return `${method.nickname || kind} •••• ${mask}`;
}
