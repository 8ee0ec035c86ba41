import type { PaymentMethodOption } from '@paylane/shared/contracts/payment-methods';
import { formatPaymentMethod } from '@paylane/shared/format';

// The 'Pay With' choice: one of the customer's saved methods (by id) or a payment taken at the counter.

export const counterKinds = [
  { value: 'cash', label: 'Cash' },
  { value: 'check', label: 'Check' },
  { value: 'money_order', label: 'Money Order' },
] as const;
export type CounterKind = (typeof counterKinds)[number]['value'];

export const isCounterKind = (value: string): value is CounterKind =>
  counterKinds.some((kind) => kind.value === value);

/** Saved methods first, as docs/product.md §3 shows them (nickname plus the mask's last 8), then the counter. */
export function payWithOptions(methods: readonly PaymentMethodOption[]) {
  const counter = { group: 'At the counter', items: counterKinds.map((kind) => ({ ...kind })) };
  if (methods.length === 0) return [counter];
  return [
    {
      group: 'Saved payment methods',
      items: methods.map((method) => ({ value: method.id, label: formatPaymentMethod(method) })),
    },
    counter,
  ];
}

/**
 * Only a credit card carries a convenience fee (packages/shared/src/card-fees.ts): never a debit card, a bank
 * account or the counter.
 */
export const isCreditCard = (method: PaymentMethodOption | undefined) => method?.payment_type === 'CREDIT';
