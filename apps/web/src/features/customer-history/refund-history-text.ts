import { formatCurrency } from '@paylane/shared/format';

// 'payment.refunded' (issue 17): one event per source a refund gave money back on.

/** 'Refunded $40.00 of the Visa •••• 4242 payment, fee kept' from the event's details. */
export function refundSentence(details: Record<string, unknown>): string {
  const amount = typeof details.amount_cents === 'number' ? details.amount_cents : 0;
  const fee = typeof details.fee_refunded_cents === 'number' ? details.fee_refunded_cents : 0;
  const method =
    typeof details.method_label === 'string' && details.method_label ? details.method_label : 'a';
  const feePart =
    fee > 0 ? `, fee ${formatCurrency(fee)} returned` : details.is_fee_kept === true ? ', fee kept' : '';
  return `Refunded ${formatCurrency(amount)} of the ${method} payment${feePart}`;
}
