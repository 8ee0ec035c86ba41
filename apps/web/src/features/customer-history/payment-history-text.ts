import { formatCurrency, formatPhone } from '@paylane/shared/format';

// The sentences of issue 17's payment events in the history timeline: a receipt sent, a payment moved between
// accounts (told from the side of the customer whose timeline it is). Details are the facts the server wrote
// (send-receipt.service.ts, payment-move-records.ts); every reader checks the shape it gets.

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const money = (value: unknown) => (typeof value === 'number' ? formatCurrency(value) : null);

/** 'Account ACC-2 (Cy Park)', or 'Account ACC-2' on the customer's own timeline. */
function accountOf(value: unknown, withHolder: boolean): string {
  if (!isRecord(value)) return 'an account';
  const number = typeof value.external_id === 'string' && value.external_id ? value.external_id : '(no ID)';
  const holder = isRecord(value.customer)
    ? `${String(value.customer.first_name ?? '')} ${String(value.customer.last_name ?? '')}`.trim()
    : '';
  return withHolder && holder ? `Account ${number} (${holder})` : `Account ${number}`;
}

/** 'Sent the receipt of a $102.95 payment by email to ada@example.com'. */
export function receiptSentSentence(details: Record<string, unknown>): string {
  const amount = money(details.total_amount_cents);
  const by = details.channel === 'text' ? 'text' : 'email';
  const to = typeof details.to === 'string' ? details.to : '';
  const shownTo = by === 'text' ? formatPhone(to) : to;
  return `Sent the receipt of ${amount ? `a ${amount} payment` : 'a payment'} by ${by}${shownTo ? ` to ${shownTo}` : ''}`;
}

/** 'Moved a payment of $60.00 (Cash) from Account A-1 to Account ACC-2 (Cy Park)', from this customer's side. */
export function paymentMovedSentence(details: Record<string, unknown>): string {
  const amount = money(details.amount_cents);
  const method =
    typeof details.method_label === 'string' && details.method_label ? ` (${details.method_label})` : '';
  const what = `a payment${amount ? ` of ${amount}` : ''}${method}`;
  // The other customer is named; this customer's own account needs no name.
  const from = accountOf(details.from_account, details.direction === 'in');
  const to = accountOf(details.to_account, details.direction === 'out');
  return `Moved ${what} from ${from} to ${to}`;
}
