import type { PaymentReceipt } from '@paylane/shared/contracts/receipts';
import { formatCurrency, formatPhone } from '@paylane/shared/format';
import { confirmationOf, formatReceiptDate, receiptLines } from '@paylane/shared/receipt-lines';

// The receipt as send_receipt sends it (issue 17 item 2): a short text, one segment-friendly sentence or two
// under the 300-character SMS limit (docs/product.md §9), and a plain-text email with every line of the receipt.

/** The total after refunds, or the total when nothing was refunded. */
const totalOf = (receipt: PaymentReceipt) => receipt.transaction.payment.total_amount_cents;

/**
 * 'Demo Motors receipt: $103.00 paid on account A-1001 with VISA •••• 4242 on 11/27/2026 3:05 PM CST
 * (incl. $3.00 convenience fee). Confirmation 1A2B3C4D.' plus the refunds and the merchant's phone.
 */
export function receiptText(receipt: PaymentReceipt): string {
  const { payment, created } = receipt.transaction;
  const when = formatReceiptDate(payment.paid_at ?? created, receipt.merchant.time_zone);
  const fee = payment.fee_cents > 0 ? ` (incl. ${formatCurrency(payment.fee_cents)} convenience fee)` : '';
  const account = receipt.account_number ? ` on account ${receipt.account_number}` : '';
  const parts = [
    `${receipt.merchant.name} receipt: ${formatCurrency(totalOf(receipt))} paid${account} with ${payment.method_label} on ${when}${fee}.`,
    receipt.refunded_cents > 0 ? `Refunded ${formatCurrency(receipt.refunded_cents)}.` : '',
    `Confirmation ${confirmationOf(receipt)}.`,
    receipt.merchant.phone ? `Questions? ${formatPhone(receipt.merchant.phone)}` : '',
  ];
  return parts.filter(Boolean).join(' ');
}

/** The emailed receipt: a subject and every line of the receipt, one per row. */
export function receiptEmail(receipt: PaymentReceipt): { subject: string; text: string } {
  const rows = receiptLines(receipt).map((line) => `${line.label}: ${line.value}`);
  return {
    subject: `Your payment receipt from ${receipt.merchant.name}`,
    text: [
      `Thank you for your payment to ${receipt.merchant.name}.`,
      '',
      ...rows,
      '',
      'Keep this email for your records.',
    ].join('\n'),
  };
}
