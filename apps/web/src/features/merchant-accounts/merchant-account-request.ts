import type {
  MerchantAccountWrite,
  MerchantAccountWriteInput,
} from '@paylane/shared/contracts/merchant-accounts';
import { basisPointsToPercent, centsToDollars } from '@paylane/shared/format';

/**
 * The form checks with the shared schema, which turns percents into basis points and dollars into cents;
 * the API takes what a person types, so the checked values go back to percents and dollars.
 */
export function toMerchantAccountRequest(input: MerchantAccountWrite): MerchantAccountWriteInput {
  return {
    ...input,
    card_fee: basisPointsToPercent(input.card_fee),
    ach_fee: basisPointsToPercent(input.ach_fee),
    convenience_fee: centsToDollars(input.convenience_fee),
    monthly_volume: centsToDollars(input.monthly_volume),
    max_transaction_amount: centsToDollars(input.max_transaction_amount),
  };
}
