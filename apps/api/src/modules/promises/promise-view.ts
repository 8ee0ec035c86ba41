import type { PaymentPromise } from '@paylane/shared/contracts/promises';
import type { PromiseView } from './promises.repository';

// A promise as the API answers it (packages/shared/src/contracts/promises.ts promiseSchema).

type MethodColumns = PromiseView['method'];

/** The saved method as the customer page shows it: its nickname (or card type) and the last four. */
export function methodLabelOf(method: NonNullable<MethodColumns>): string {
  const mask = (method.maskedCardNumber ?? method.maskedAccountNumber ?? '').slice(-4);
  const kind = method.cardType ?? method.paymentType.toLowerCase();
  return `${method.nickname || kind} •••• ${mask}`;
}

export function methodKindOf(paymentType: string): 'card' | 'bank' {
  return paymentType === 'CREDIT' || paymentType === 'DEBIT' ? 'card' : 'bank';
}

export function toPromise(view: PromiseView): PaymentPromise {
  const { promise, method } = view;
  return {
    id: promise.id,
    customer: { id: promise.customerId, first_name: view.firstName, last_name: view.lastName },
    account: { id: promise.accountId, external_id: view.accountNumber },
    status: promise.status,
    outcome: promise.outcome,
    scheduled_date: promise.scheduledAt.toISOString(),
    date: promise.localDate,
    time: promise.localTime,
    amount_cents: promise.amountCents,
    paid_cents: promise.paidCents,
    payment_method:
      method && promise.paymentMethodId
        ? { id: method.id, label: methodLabelOf(method), kind: methodKindOf(method.paymentType) }
        : null,
    transaction_id: promise.transactionId,
    failure_message: promise.failureMessage,
    note: promise.note,
    created: promise.createdAt.toISOString(),
    created_by: [view.creatorFirstName, view.creatorLastName].filter(Boolean).join(' '),
    confirmed_at: promise.confirmedAt?.toISOString() ?? null,
    cancelled_at: promise.cancelledAt?.toISOString() ?? null,
    decided_at: promise.decidedAt?.toISOString() ?? null,
  };
}
