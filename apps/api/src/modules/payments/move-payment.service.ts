import { randomUUID } from 'node:crypto';
import { paymentMoveMessages, type PaymentMove } from '@paylane/shared/contracts/payment-moves';
import { messages } from '@paylane/shared/messages';
import { isUuid } from '@paylane/shared/validation';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { Actor } from '../../kit/actor';
import { conflict, fieldError, notFound } from '../../kit/errors';
import { inTransaction } from '../../kit/transaction';
import { recordMove } from './payment-move-records';
import {
  findLatestPaymentMove,
  findMoveAccounts,
  findPaymentMoveByKey,
  hasOpenRefund,
  insertPaymentMove,
  lockMoveAccounts,
  lockPayment,
  principalOnAccount,
  type MoveAccount,
  type PaymentMoveRow,
} from './payment-moves.repository';
import { advancePayment, findPayment, postLedgerEntries, type PaymentRow } from './payments.repository';
import { toTransaction } from './transactions.service';

// move_payment (docs/product.md §7, issue 17 item 3): a posted payment taken on the wrong account moves to
// another account of the same merchant. The ledger is append-only, so nothing is edited: an adjustment on the
// account it leaves takes the principal back (its amount due rises) and an adjustment on the account it joins
// applies it (its amount due falls), both dated now, in the transaction that repoints the payment, records
// the move, the customers' histories and the audit entry. The convenience fee stays where it was posted: fees
// never move an amount due. Later refunds follow the payment to its new account.

export type MovePaymentRequest = {
  customerId: string;
  accountId: string;
  paymentId: string;
  /** The account the payment belongs on. */
  targetAccountId: string;
  /** The same key again answers the first move and moves nothing. */
  idempotencyKey: string | null;
};

type Request = MovePaymentRequest & { idempotencyKey: string };

export async function movePayment(
  ctx: AppContext,
  actor: Actor,
  request: MovePaymentRequest,
): Promise<PaymentMove> {
  const { merchantId } = actor;
  if (![request.customerId, request.accountId, request.paymentId].every(isUuid)) throw notFound();
  const idempotencyKey = request.idempotencyKey ?? randomUUID();
  const earlier = await findPaymentMoveByKey(ctx.db, { merchantId, idempotencyKey });
  if (earlier) return answerOf(ctx, checkedReplay(earlier, request));
  const move = await inTransaction(ctx.db, (tx) =>
    moveInTransaction(ctx, tx, actor, { ...request, idempotencyKey }),
  );
  return answerOf(ctx, move);
}

/** The same key names the same move, or it is a mistake worth a 409 rather than a silent answer. */
function checkedReplay(move: PaymentMoveRow, request: MovePaymentRequest): PaymentMoveRow {
  const isSame =
    move.paymentId === request.paymentId &&
    move.fromAccountId === request.accountId &&
    move.toAccountId === request.targetAccountId;
  if (!isSame) throw conflict(paymentMoveMessages.keyReused);
  return move;
}

async function moveInTransaction(ctx: AppContext, tx: Db, actor: Actor, request: Request) {
  const { merchantId } = actor;
  const payment = await lockPayment(tx, { merchantId, id: request.paymentId });
  if (!payment) throw notFound();
  if (payment.customerId !== request.customerId || payment.accountId !== request.accountId)
    return repeatedMove(tx, payment, request);
  // The path's records first (404 for another merchant's), then what the body names.
  if (!isUuid(request.targetAccountId)) throw fieldError('to_account', paymentMoveMessages.otherMerchant);
  if (payment.accountId === request.targetAccountId)
    throw fieldError('to_account', paymentMoveMessages.sameAccount);
  if (payment.status !== 'paid') throw fieldError('non_field_errors', paymentMoveMessages.notPaid);
  // Its ledger entries would land on the account the refund was made on, after the principal had moved.
  if (await hasOpenRefund(tx, { merchantId, paymentId: payment.id }))
    throw fieldError('non_field_errors', paymentMoveMessages.refundUnderWay);
  const { from, to } = await lockedAccounts(tx, merchantId, payment.accountId, request.targetAccountId);
  const amountCents = await principalOnAccount(tx, { merchantId, paymentId: payment.id, accountId: from.id });
  if (amountCents <= 0) throw fieldError('non_field_errors', paymentMoveMessages.nothingLeft);
  const now = ctx.now();
  const entry = { merchantId, paymentId: payment.id, kind: 'adjustment' as const, occurredAt: now };
  await postLedgerEntries(tx, [
    { ...entry, accountId: from.id, amountCents: -amountCents },
    { ...entry, accountId: to.id, amountCents },
  ]);
  const moved = await advancePayment(
    tx,
    { merchantId, id: payment.id, from: ['paid'] },
    { accountId: to.id, customerId: to.customerId },
  );
  if (!moved) throw new Error(`payment ${payment.id} changed under its lock`);
  const move = await insertPaymentMove(tx, {
    merchantId,
    paymentId: payment.id,
    fromAccountId: from.id,
    toAccountId: to.id,
    amountCents,
    idempotencyKey: request.idempotencyKey,
    movedByUserId: actor.userId,
    movedAt: now,
  });
  await recordMove({ ...ctx, db: tx }, actor, { payment: moved, move, from, to });
  return move;
}

/**
 * The payment is no longer where the request found it. If its last move took it from there to the requested
 * account, this is that request again (a double click, a retry without a key): answer the move. Else the
 * request names a payment the account does not hold.
 */
async function repeatedMove(tx: Db, payment: PaymentRow, request: Request): Promise<PaymentMoveRow> {
  const latest = await findLatestPaymentMove(tx, { merchantId: payment.merchantId, paymentId: payment.id });
  const isRepeat =
    latest !== null &&
    latest.fromAccountId === request.accountId &&
    latest.toAccountId === request.targetAccountId &&
    payment.accountId === request.targetAccountId;
  if (!isRepeat) throw notFound();
  return latest;
}

/** Both accounts, locked; the target must be a live, open account of this merchant. */
async function lockedAccounts(
  tx: Db,
  merchantId: string,
  fromId: string | null,
  toId: string,
): Promise<{ from: MoveAccount; to: MoveAccount }> {
  if (!fromId) throw fieldError('non_field_errors', paymentMoveMessages.nothingLeft);
  const rows = await lockMoveAccounts(tx, { merchantId, ids: [fromId, toId] });
  const from = rows.find((row) => row.id === fromId);
  const to = rows.find((row) => row.id === toId);
  if (!from) throw notFound();
  if (!to) throw fieldError('to_account', paymentMoveMessages.otherMerchant);
  if (to.mergedIntoId) throw fieldError('to_account', messages.accountMerged);
  if (to.status === 'inactive' || to.status === 'closed')
    throw fieldError('to_account', messages.accountInactive);
  if (to.voidedAt) throw fieldError('to_account', messages.customerVoided);
  return { from, to };
}

/** The move as the API answers it: the payment now, and both accounts with their amounts due now. */
async function answerOf(ctx: AppContext, move: PaymentMoveRow): Promise<PaymentMove> {
  const [payment, accounts] = await Promise.all([
    findPayment(ctx.db, { merchantId: move.merchantId, id: move.paymentId }),
    findMoveAccounts(ctx.db, { merchantId: move.merchantId, ids: [move.fromAccountId, move.toAccountId] }),
  ]);
  const side = (id: string) => {
    const account = accounts.find((row) => row.id === id);
    if (!account) throw new Error(`account ${id} of a move is missing`);
    return {
      id: account.id,
      external_id: account.externalId,
      customer_id: account.customerId,
      customer_name: `${account.firstName} ${account.lastName}`.trim(),
      amount_due_cents: account.amountDueCents,
    };
  };
  if (!payment) throw new Error(`payment ${move.paymentId} of a move is missing`);
  return {
    id: move.id,
    transaction: toTransaction(payment),
    from_account: side(move.fromAccountId),
    to_account: side(move.toAccountId),
    amount_cents: move.amountCents,
    moved_at: move.movedAt.toISOString(),
  };
}
