import { formatCurrency } from '@paylane/shared/format';

// The authorization text of an enrolment (issue 18 item 1; docs/reference/payments.md: a recurring debit's
// authorization is readily identifiable, states the amount and timing and how to revoke it, and the customer gets
// a copy). The server builds it from the merchant, the amount due, the method and the due day, answers it on
// GET …/autopay/ for the modal to show, and records the same text on enrolment.

/** The method as the customer page shows it: its nickname (or card type) and the last four of its mask. */
export function methodLabelOf(method: {
  nickname: string;
  cardType: string | null;
  paymentType: string;
  maskedCardNumber: string | null;
  maskedAccountNumber: string | null;
}): string {
  const mask = (method.maskedCardNumber ?? method.maskedAccountNumber ?? '').slice(-4);
  const kind = method.cardType ?? method.paymentType.toLowerCase();
  return `${method.nickname || kind} •••• ${mask}`;
}

const ordinal = (day: number): string => {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  return `${day}${{ 1: 'st', 2: 'nd', 3: 'rd' }[day % 10] ?? 'th'}`;
};

export function authorizationTextOf(input: {
  customerName: string;
  merchantName: string;
  accountNumber: string | null;
  amountDueCents: number;
  methodLabel: string;
  dueDay: number;
}): string {
  const account = input.accountNumber ? `account ${input.accountNumber}` : 'my account';
  return (
    `I, ${input.customerName}, authorize ${input.merchantName} to charge my payment method ` +
    `${input.methodLabel} for the amount due on ${account} (currently ${formatCurrency(input.amountDueCents)}) ` +
    `on its due date, on or about the ${ordinal(input.dueDay)} of each month, until I cancel this ` +
    `authorization. No convenience fee is added to these payments. I may cancel autopay at any time by ` +
    `contacting ${input.merchantName} at least 3 business days before a payment. Autopay is optional and is ` +
    `not required to receive credit or make payments. I will receive a copy of this authorization.`
  );
}
