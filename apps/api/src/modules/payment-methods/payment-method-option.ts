import type { PaymentMethodOption } from '@paylane/shared/contracts/payment-methods';
import type { PaymentMethodRow } from './payment-methods.repository';

export const toPaymentMethodOption = (row: PaymentMethodRow): PaymentMethodOption => ({
  id: row.id,
  payment_type: row.paymentType,
  card_type: row.cardType,
  nickname: row.nickname,
  masked_card_number: row.maskedCardNumber,
  masked_account_number: row.maskedAccountNumber,
  funding: row.funding,
  is_retired: row.retiredAt !== null,
  retired_reason: row.retiredReason,
});
