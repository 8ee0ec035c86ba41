import { createHash, randomUUID } from 'node:crypto';
import type { MiscPaymentBody, MiscPaymentRow } from '@paylane/shared/contracts/payments';
import { isUuid } from '@paylane/shared/validation';
import type { AppContext } from '../../context';
import { fieldError } from '../../kit/errors';
import { rowsOfPage, type PageSlice } from '../../kit/paging';
import { inTransaction } from '../../kit/transaction';
import { paidEntries } from './payment-outcomes';
import {
  findPayingCustomer,
  findPaymentByKey,
  insertPayment,
  listMiscPayments,
  postLedgerEntries,
  type MiscPaymentListRow,
  type NewPayment,
  type PaymentRow,
} from './payments.repository';
import {
  checkAmount,
  counterMethodPlan,
  resumeByKey,
  resumePayment,
  type PaymentTaker,
} from './take-payment.service';
import { toTransaction } from './transactions.service';

// Misc payments (docs/product.md §2 /merchants/{merchantID}/misc-payment/**): a down payment, a title fee, a
// deposit — money a customer hands over at the counter before there is an account to post it to. It is a
// payment of its own in the ledger, with no account, so no amount due moves.

export type MiscPaymentRequest = MiscPaymentBody & { idempotencyKey: string | null };

const digestOf = (request: MiscPaymentRequest) =>
  createHash('sha256')
    .update(
      JSON.stringify([
        'misc',
        request.customer_id,
        request.amount,
        request.method_kind,
        request.description,
        request.note,
      ]),
    )
    .digest('hex');

/** Takes a misc payment once per Idempotency-Key: cash, a check or a money order, paid at once. */
export async function takeMiscPayment(
  ctx: AppContext,
  taker: PaymentTaker,
  request: MiscPaymentRequest,
): Promise<PaymentRow> {
  const merchantId = taker.actor.merchantId;
  const idempotencyKey = request.idempotencyKey ?? randomUUID();
  const requestDigest = digestOf(request);
  const earlier = await findPaymentByKey(ctx.db, { merchantId, idempotencyKey });
  if (earlier) return resumePayment(ctx, earlier, requestDigest);

  const customer = isUuid(request.customer_id)
    ? await findPayingCustomer(ctx.db, { merchantId, customerId: request.customer_id })
    : null;
  if (!customer) throw fieldError('customer_id', 'Not found.');
  await checkAmount(ctx, taker, customer, request.amount);

  const plan = counterMethodPlan(request.method_kind, request.note);
  const values: NewPayment = {
    merchantId,
    customerId: customer.id,
    accountId: null,
    kind: 'misc',
    channel: 'pos',
    methodKind: plan.methodKind,
    methodLabel: plan.methodLabel,
    amountCents: request.amount,
    status: 'paid',
    idempotencyKey,
    requestDigest,
    note: request.description,
    createdByUserId: taker.actor.userId,
    paidAt: ctx.now(),
    createdAt: ctx.now(),
  };
  const payment = await inTransaction(ctx.db, async (tx) => {
    const row = await insertPayment(tx, values);
    if (row) await postLedgerEntries(tx, paidEntries(row, ctx.now()));
    return row;
  });
  // Another request with the same key won the insert: answer as its replay.
  return payment ?? resumeByKey(ctx, merchantId, idempotencyKey, requestDigest);
}

/**
 * GET /api/merchants/{m}/misc-payment/?customer_id: the merchant's misc payments and their refunds (REFUND rows
 * beside their payment, as an account's transactions list answers them), newest first.
 */
export async function listMerchantMiscPayments(
  ctx: AppContext,
  merchantId: string,
  query: { page: number; page_size: number; customer_id?: string | undefined },
): Promise<PageSlice<MiscPaymentRow>> {
  if (query.customer_id !== undefined && !isUuid(query.customer_id)) return { count: 0, results: [] };
  const { rows, total } = await listMiscPayments(ctx.db, {
    merchantId,
    customerId: query.customer_id ?? null,
    ...rowsOfPage(query),
  });
  return { count: total, results: rows.map(toMiscPaymentRow) };
}

/**
 * A misc payment or a refund of one as the list shows it: the transaction, the customer (kept when voided) and
 * who took it (or made the refund).
 */
function toMiscPaymentRow(row: MiscPaymentListRow): MiscPaymentRow {
  return {
    ...toTransaction(row.payment),
    customer: {
      id: row.payment.customerId ?? '',
      first_name: row.customerFirstName ?? '',
      last_name: row.customerLastName ?? '',
      external_id: row.customerExternalId ?? '',
    },
    taken_by: [row.takerFirstName, row.takerLastName].filter(Boolean).join(' '),
  };
}
