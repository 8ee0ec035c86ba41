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

/** Card present (POS): the merchant's card reader collects it; no convenience fee. */
export const CARD_PRESENT = { value: 'card_present', label: 'Card Present' } as const;
export type InPersonKind = CounterKind | typeof CARD_PRESENT.value;
export const isInPersonKind = (value: string): value is InPersonKind =>
  isCounterKind(value) || value === CARD_PRESENT.value;

/** Saved methods first, as docs/product.md §3 shows them (nickname plus the mask's last 8), then the counter. */
export function payWithOptions(methods: readonly PaymentMethodOption[]) {
  const counter = {
    group: 'At the counter',
    items: [...counterKinds.map((kind) => ({ ...kind })), { ...CARD_PRESENT }],
  };
  if (methods.length === 0) return [counter];
  return [
    {
      group: 'Saved payment methods',
      items: methods.map((method) => ({ value: method.id, label: formatPaymentMethod(method) })),
    },
    counter,
  ];
}
