import type { PaymentReceipt } from './contracts/receipts';
import { formatCurrency, formatPhone } from './format';

// The lines of a receipt as a person reads them, written once: the pay page's receipt, the PDF of
// download_receipt and the emailed receipt all print these (issue 17 item 2), so they cannot disagree. The
// convenience fee is its own line (docs/reference/payments.md: a fee is always a separate receipt line), and
// each refund is a line of its own, dated when it happened, in parentheses as money going back.

export type ReceiptLine = { label: string; value: string };

/** 'PAID' → 'Paid', 'PARTIALLY_REFUNDED' → 'Partially refunded': any status the payment may reach. */
const statusWords = (status: string) => {
  const words = status.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** '11/27/2026 3:05 PM CST' on the merchant's clock (docs/product.md §9 dates MM/DD/YYYY). */
export function formatReceiptDate(iso: string, timeZone: string): string {
  const date = new Date(iso);
  const options: Intl.DateTimeFormatOptions = {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  };
  let text: string;
  try {
    text = new Intl.DateTimeFormat('en-US', { ...options, timeZone }).format(date);
  } catch {
    text = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' }).format(date);
  }
  // ICU puts a narrow no-break space before AM/PM; a PDF's built-in fonts and some SMS encodings have none.
  return text.replace(/[\u202f\u00a0]/g, ' ');
}

/** The short confirmation code printed on every copy: the payment id's first 8 characters. */
export const confirmationOf = (receipt: PaymentReceipt) => receipt.transaction.id.slice(0, 8).toUpperCase();

/** The payment's facts, fee and total, then its refunds. */
export function receiptLines(receipt: PaymentReceipt): ReceiptLine[] {
  const { payment, status, created } = receipt.transaction;
  const zone = receipt.merchant.time_zone;
  const fee: ReceiptLine[] =
    payment.fee_cents > 0
      ? [{ label: 'Convenience fee', value: formatCurrency(payment.fee_cents) }]
      : payment.fee_waived
        ? [{ label: 'Convenience fee', value: 'Waived' }]
        : [];
  return [
    { label: 'Paid to', value: receipt.merchant.name },
    ...(receipt.merchant.phone ? [{ label: 'Phone', value: formatPhone(receipt.merchant.phone) }] : []),
    { label: 'Name', value: receipt.customer_name },
    { label: 'Account', value: receipt.account_number },
    { label: 'Payment method', value: payment.method_label },
    { label: 'Payment', value: formatCurrency(payment.amount_cents) },
    ...fee,
    { label: 'Total', value: formatCurrency(payment.total_amount_cents) },
    { label: 'Date', value: formatReceiptDate(payment.paid_at ?? created, zone) },
    { label: 'Status', value: statusWords(status) },
    { label: 'Confirmation', value: confirmationOf(receipt) },
    ...refundLines(receipt),
  ];
}

function refundLines(receipt: PaymentReceipt): ReceiptLine[] {
  if (receipt.refunds.length === 0) return [];
  const zone = receipt.merchant.time_zone;
  const lines = receipt.refunds.flatMap((refund) => {
    const day = formatReceiptDate(refund.occurred_at, zone);
    return [
      ...(refund.amount_cents > 0
        ? [{ label: `Refund ${day}`, value: formatCurrency(-refund.amount_cents) }]
        : []),
      ...(refund.fee_cents > 0
        ? [{ label: `Convenience fee refund ${day}`, value: formatCurrency(-refund.fee_cents) }]
        : []),
    ];
  });
  const net = receipt.transaction.payment.total_amount_cents - receipt.refunded_cents;
  return [
    ...lines,
    { label: 'Total refunded', value: formatCurrency(-receipt.refunded_cents) },
    { label: 'Total after refunds', value: formatCurrency(net) },
  ];
}
