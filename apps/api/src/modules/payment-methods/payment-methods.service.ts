import type {
  BinInfoAnswer,
  MethodEntry,
  PaymentMethodOption,
} from '@paylane/shared/contracts/payment-methods';
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
import { toPaymentMethodOption } from './payment-method-option';
import {
  customerEntryReference,
  finishEntry,
  openMethodEntry,
  type FinishEntryInput,
  type OpenMethodEntryInput,
} from './method-entries.service';
import { stopAutopayUsingMethod } from '../autopay/autopay.service';

export { toPaymentMethodOption };
// Opening a hosted entry and saving what it finished, for the customer page and for pay links.
export { finishEntry, openMethodEntry, type FinishEntryInput, type OpenMethodEntryInput };

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
 * keep naming it. A second removal finds nothing (404). The removal is committed first and only then is the
 * method detached at the processor: a processor that fails or does not answer cannot leave a method Paylane
 * would still charge. A failed detach is logged and the method stays attached there, unused (Paylane holds
 * the only key that charges it, and never names a removed method again).
 */
export async function removePaymentMethod(ctx: AppContext, actor: Actor, ref: MethodRef): Promise<void> {
  if (!isUuid(ref.customerId) || !isUuid(ref.id)) throw notFound();
  const removed = await inTransaction(ctx.db, async (tx) => {
    const row = await markMethodRemoved(tx, { merchantId: actor.merchantId, ...ref }, ctx.now());
    if (!row) throw notFound();
    await insertCustomerEvents(tx, [
      {
        merchantId: actor.merchantId,
        customerId: ref.customerId,
        kind: 'payment_method.removed',
        actorUserId: actor.userId,
        details: {
          nickname: row.nickname,
          payment_type: row.paymentType,
          mask_end: maskEnd(row),
        },
        at: ctx.now(),
      },
    ]);
    // Autopay charging this method stops with it (its AUTOPAY_DISABLED text leaves on the dispatcher's minute).
    await stopAutopayUsingMethod(
      { ...ctx, db: tx },
      {
        merchantId: actor.merchantId,
        paymentMethodId: row.id,
        reason: 'Payment method removed',
        actorUserId: actor.userId,
      },
    );
    return row;
  });
  await detachAtProcessor(ctx, removed);
}

async function detachAtProcessor(
  ctx: AppContext,
  method: {
    id: string;
    processor: string | null;
    processorAccountId: string | null;
    processorToken: string | null;
  },
) {
  // Imported methods have no token; one saved with another processor is not this processor's to detach.
  if (!method.processorToken || method.processor !== ctx.payments.name) return;
  try {
    await ctx.payments.detachMethod({
      processorAccountId: method.processorAccountId ?? '',
      token: method.processorToken,
    });
  } catch (error) {
    ctx.log.warn(
      { err: error, paymentMethodId: method.id },
      'removed payment method not detached at the processor',
    );
  }
}

/** Opens a hosted entry for a new card or bank account of one of the merchant's customers (the customer page). */
export async function startCustomerMethodEntry(
  ctx: AppContext,
  actor: Actor,
  customerId: string,
  kind: 'card' | 'bank',
): Promise<MethodEntry> {
  return openMethodEntry(ctx, {
    merchantId: actor.merchantId,
    customerId,
    reference: customerEntryReference(customerId),
    kind,
  });
}

/** Saves the method of a finished entry staff opened for this customer (the same entry twice: one method). */
export async function addCustomerPaymentMethod(
  ctx: AppContext,
  actor: Actor,
  customerId: string,
  body: { entry_id: string; nickname: string },
): Promise<PaymentMethodOption> {
  if (!isUuid(customerId)) throw notFound();
  if (!(await isMerchantCustomer(ctx.db, { merchantId: actor.merchantId, id: customerId }))) throw notFound();
  return finishEntry(ctx, {
    merchantId: actor.merchantId,
    customerId,
    reference: customerEntryReference(customerId),
    entryId: body.entry_id,
    nickname: body.nickname,
    actorUserId: actor.userId,
  });
}
