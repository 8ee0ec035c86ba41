import type { BinInfoAnswer, PaymentMethodOption } from '@paylane/shared/contracts/payment-methods';
import { isUuid } from '@paylane/shared/validation';
import type { AppContext } from '../../context';
import { notFound } from '../../kit/errors';
import {
  findLiveMethod,
  isMerchantCustomer,
  listPaymentMethods,
  markMethodRemoved,
  setMethodNickname,
  type PaymentMethodRow,
} from './payment-methods.repository';
import type { Actor } from '../../kit/actor';
import { inTransaction } from '../../kit/transaction';
import { insertCustomerEvents } from '../customer-history/customer-events.service';
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

type MethodRef = { customerId: string; id: string };

/** A mask's last four, for the history line ('Visa •••• 4242'). */
const maskEnd = (row: PaymentMethodRow) => (row.maskedCardNumber ?? row.maskedAccountNumber ?? '').slice(-4);

/** Renames a saved method (docs/product.md §3: shown as nickname plus the mask's end), in the history too. */
export async function renamePaymentMethod(
  ctx: AppContext,
  actor: Actor,
  ref: MethodRef,
  nickname: string,
): Promise<PaymentMethodOption> {
  if (!isUuid(ref.customerId) || !isUuid(ref.id)) throw notFound();
  const key = { merchantId: actor.merchantId, ...ref };
  return inTransaction(ctx.db, async (tx) => {
    const before = await findLiveMethod(tx, key);
    const after = before ? await setMethodNickname(tx, key, nickname) : null;
    if (!before || !after) throw notFound();
    if (before.nickname !== after.nickname)
      await insertCustomerEvents(tx, [
        {
          merchantId: actor.merchantId,
          customerId: ref.customerId,
          kind: 'payment_method.renamed',
          actorUserId: actor.userId,
          details: { nickname: [before.nickname, after.nickname], mask_end: maskEnd(after) },
          at: ctx.now(),
        },
      ]);
    return toPaymentMethodOption(after);
  });
}

/**
 * Takes a saved method out of use: it leaves the list and can no longer be charged; the payments made with it
 * keep naming it. A second removal finds nothing (404).
 */
export async function removePaymentMethod(ctx: AppContext, actor: Actor, ref: MethodRef): Promise<void> {
  if (!isUuid(ref.customerId) || !isUuid(ref.id)) throw notFound();
  await inTransaction(ctx.db, async (tx) => {
    const removed = await markMethodRemoved(tx, { merchantId: actor.merchantId, ...ref }, ctx.now());
    if (!removed) throw notFound();
    await insertCustomerEvents(tx, [
      {
        merchantId: actor.merchantId,
        customerId: ref.customerId,
        kind: 'payment_method.removed',
        actorUserId: actor.userId,
        details: {
          nickname: removed.nickname,
          payment_type: removed.paymentType,
          mask_end: maskEnd(removed),
        },
        at: ctx.now(),
      },
    ]);
  });
}
