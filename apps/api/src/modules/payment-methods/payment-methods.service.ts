import type { BinInfoAnswer, PaymentMethodOption } from '@paylane/shared/contracts/payment-methods';
import { isUuid } from '@paylane/shared/validation';
import type { AppContext } from '../../context';
import { notFound } from '../../kit/errors';
import { isMerchantCustomer, listPaymentMethods, type PaymentMethodRow } from './payment-methods.repository';
import { rowsOfPage, type PageSlice } from '../../kit/paging';

export const toPaymentMethodOption = (row: PaymentMethodRow): PaymentMethodOption => ({
  id: row.id,
  payment_type: row.paymentType,
  card_type: row.cardType,
  nickname: row.nickname,
  masked_card_number: row.maskedCardNumber,
  masked_account_number: row.maskedAccountNumber,
});

/** docs/product.md §3 payment method options of one of the merchant's customers; 404 for any other customer id. */
export async function listCustomerPaymentMethods(
  ctx: AppContext,
  merchantId: string,
  customerId: string,
  query: { page: number; page_size: number },
): Promise<PageSlice<PaymentMethodOption>> {
  const isKnown = isUuid(customerId) && (await isMerchantCustomer(ctx.db, { merchantId, id: customerId }));
  if (!isKnown) throw notFound();
  const { rows, total } = await listPaymentMethods(ctx.db, {
    merchantId,
    customerId,
    ...rowsOfPage(query),
  });
  return {
    count: total,
    results: rows.map(toPaymentMethodOption),
  };
}

/** What the processor says of a card's first 6 to 8 digits: brand and funding (credit, debit, prepaid, unknown). */
export async function lookupCardBin(ctx: AppContext, bin: string): Promise<BinInfoAnswer> {
  return ctx.payments.lookupBin(bin);
}
