import type { PaymentReceipt, ReceiptRefund } from '@paylane/shared/contracts/receipts';
import { isUuid } from '@paylane/shared/validation';
import type { AppContext } from '../../context';
import { notFound } from '../../kit/errors';
import { logoUrl } from '../merchants/merchants.service';
import { toTransaction } from '../payments/transactions.service';
import { findReceiptFacts, listRefundEntries, type ReceiptFacts } from './receipts.repository';

// The one receipt of a payment (issue 17 item 2): the pay page answers it after paying, download_receipt
// prints it and send_receipt sends it. Built here only, from the payment row and the ledger, so every copy
// carries the same facts.

export type ReceiptKey = {
  merchantId: string;
  paymentId: string;
  /** When the request names them (the account's transactions path): the payment must be theirs. */
  customerId?: string;
  accountId?: string;
};

/** The receipt, with the facts it was built from; 404 for another merchant's or another account's payment. */
export async function findReceiptWithFacts(
  ctx: AppContext,
  key: ReceiptKey,
): Promise<{ receipt: PaymentReceipt; facts: ReceiptFacts }> {
  const ids = [key.paymentId, key.customerId, key.accountId].filter((id) => id !== undefined);
  if (!ids.every(isUuid)) throw notFound();
  const facts = await findReceiptFacts(ctx.db, key);
  if (!facts) throw notFound();
  const { payment } = facts;
  if (key.customerId !== undefined && payment.customerId !== key.customerId) throw notFound();
  if (key.accountId !== undefined && payment.accountId !== key.accountId) throw notFound();
  const refunds = refundsOf(await listRefundEntries(ctx.db, key));
  const receipt: PaymentReceipt = {
    merchant: {
      name: facts.merchant.name,
      logo_url: logoUrl(facts.merchant.logoPath),
      phone: facts.merchant.phone,
      time_zone: facts.merchant.timeZone,
    },
    merchant_name: facts.merchant.name,
    customer_name: facts.customer ? `${facts.customer.firstName} ${facts.customer.lastName}`.trim() : '',
    account_number: facts.accountNumber ?? '',
    transaction: toTransaction(payment),
    refunds,
    refunded_cents: refunds.reduce((sum, refund) => sum + refund.amount_cents + refund.fee_cents, 0),
  };
  return { receipt, facts };
}

/** GET …/download_receipt/'s and the pay page's receipt of a payment. */
export async function getPaymentReceipt(ctx: AppContext, key: ReceiptKey): Promise<PaymentReceipt> {
  return (await findReceiptWithFacts(ctx, key)).receipt;
}

type RefundEntry = { kind: string; amountCents: number; occurredAt: Date };

/**
 * One refund per moment: a refund posts its principal ('refund') and its fee ('fee_refund') dated alike.
 * Amounts are shown positive whatever sign the ledger gives money going out.
 */
function refundsOf(entries: readonly RefundEntry[]): ReceiptRefund[] {
  const byMoment = new Map<string, ReceiptRefund>();
  for (const entry of entries) {
    const at = entry.occurredAt.toISOString();
    const refund = byMoment.get(at) ?? { amount_cents: 0, fee_cents: 0, occurred_at: at };
    if (entry.kind === 'fee_refund') refund.fee_cents += Math.abs(entry.amountCents);
    else refund.amount_cents += Math.abs(entry.amountCents);
    byMoment.set(at, refund);
  }
  return [...byMoment.values()];
}
