import type { MethodEntry, PaymentMethodOption } from '@paylane/shared/contracts/payment-methods';
import { isUuid } from '@paylane/shared/validation';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { fieldError, notFound } from '../../kit/errors';
import { inTransaction } from '../../kit/transaction';
import { ProcessorError, type ProcessorMethod } from '../../providers/payments/payment-processor';
import { insertCustomerEvents } from '../customer-history/customer-events.service';
import {
  findActiveProcessingAccount,
  findCustomerLocation,
  findLiveMethod,
  findMethodEntry,
  insertMethodEntry,
  insertPaymentMethod,
  markEntryUsed,
  type MethodEntryRow,
} from './payment-methods.repository';
import { toPaymentMethodOption } from './payment-method-option';

// Adding a card or bank account through the processor's hosted entry (issue 16): Paylane opens an entry at
// the processor and keeps a row binding it to the merchant, the customer and the caller's reference; the payer
// types the numbers into the processor's page; Paylane then asks the processor what was saved and keeps its
// token and a mask. The browser only carries the processor's entry id back, and is never trusted for more.

/** How long an opened entry may be finished (the sandbox's page closes at the same time). */
export const METHOD_ENTRY_TTL_MS = 30 * 60_000;

/** The reference of an entry staff open on the customer page; a pay link uses `pay_link:{id}`. */
export const customerEntryReference = (customerId: string) => `customer:${customerId}`;

export type OpenMethodEntryInput = {
  merchantId: string;
  /** The customer the method will be saved for. */
  customerId: string;
  /** The caller's own name for what the entry is for: `customer:{id}` (staff) or `pay_link:{id}`. */
  reference: string;
  kind: 'card' | 'bank';
};

/**
 * Opens a hosted entry at the merchant's active processing account. Answers the contract's MethodEntry: the
 * sandbox page's `url` to frame, or Stripe's `client_secret`. 404 when the customer is not the merchant's;
 * 400 non_field_errors when the merchant has no active processing account or the processor refuses.
 */
export async function openMethodEntry(ctx: AppContext, input: OpenMethodEntryInput): Promise<MethodEntry> {
  const { merchantId, customerId, reference, kind } = input;
  const customer = isUuid(customerId)
    ? await findCustomerLocation(ctx.db, { merchantId, id: customerId })
    : null;
  if (!customer) throw notFound();
  const processing = await findActiveProcessingAccount(ctx.db, merchantId, customer.locationId);
  if (!processing)
    throw fieldError(
      'non_field_errors',
      'The merchant has no active processing account to take card or bank payments.',
    );
  // A method saved with one processor cannot be charged through another (take-payment refuses it).
  if (processing.processor !== ctx.payments.name)
    throw fieldError(
      'non_field_errors',
      'The merchant’s processing account is with another payment processor; update it before adding methods.',
    );
  const { processorAccountId } = processing;
  const handle = await ctx.payments.startMethodEntry({ processorAccountId, kind, reference }).catch(refusal);
  await insertMethodEntry(ctx.db, {
    merchantId,
    customerId,
    reference,
    kind,
    processor: ctx.payments.name,
    processorAccountId,
    entryId: handle.entryId,
    expiresAt: new Date(ctx.now().getTime() + METHOD_ENTRY_TTL_MS),
    createdAt: ctx.now(),
  });
  return {
    entry_id: handle.entryId,
    provider: ctx.payments.name,
    url: handle.url,
    client_secret: handle.clientSecret,
  };
}

export type FinishEntryInput = {
  merchantId: string;
  customerId: string;
  /** Must be the reference the entry was opened with: a pay link's entry is not the customer page's. */
  reference: string;
  /** The processor's entry id the browser brings back. */
  entryId: string;
  nickname: string;
  /** Who saved it, for the customer's history; null for a payer on a pay link. */
  actorUserId: string | null;
};

const entryErrors = {
  unknown: 'This entry was not found.',
  expired: 'This entry has expired. Start again.',
  unfinished: 'The card or bank account has not been saved yet.',
  used: 'This entry was already used.',
};

/**
 * Turns a finished entry into the customer's saved method, once: the same entry id again answers the same
 * method, never a second row. 400 `{entry_id: [...]}` when the entry is unknown to this merchant, customer and
 * reference, expired, or not finished at the processor.
 */
export async function finishEntry(ctx: AppContext, input: FinishEntryInput): Promise<PaymentMethodOption> {
  const processor = ctx.payments.name;
  const entry = await boundEntry(ctx.db, processor, input, false);
  if (entry.paymentMethodId) return savedMethodOf(ctx.db, entry);
  if (entry.expiresAt <= ctx.now()) throw fieldError('entry_id', entryErrors.expired);
  // Read before the transaction: no lock is held while the processor answers.
  const method = await ctx.payments
    .finishMethodEntry({ processorAccountId: entry.processorAccountId, entryId: entry.entryId })
    .catch(refusal);
  if (!method) throw fieldError('entry_id', entryErrors.unfinished);
  return inTransaction(ctx.db, async (tx) => {
    const locked = await boundEntry(tx, processor, input, true);
    if (locked.paymentMethodId) return savedMethodOf(tx, locked);
    const row = await insertPaymentMethod(tx, {
      merchantId: input.merchantId,
      customerId: input.customerId,
      nickname: input.nickname,
      ...maskOf(method),
      processor: entry.processor,
      processorAccountId: entry.processorAccountId,
      processorToken: method.token,
      createdAt: ctx.now(),
    });
    await markEntryUsed(tx, locked.id, row.id);
    await insertCustomerEvents(tx, [
      {
        merchantId: input.merchantId,
        customerId: input.customerId,
        kind: 'payment_method.added',
        actorUserId: input.actorUserId,
        details: {
          nickname: row.nickname,
          payment_type: row.paymentType,
          mask_end: method.last4,
        },
        at: ctx.now(),
      },
    ]);
    return toPaymentMethodOption(row);
  });
}

/** The entry, only if it was opened for this merchant, customer and reference (else unknown). */
async function boundEntry(
  db: Db,
  processor: 'sandbox' | 'stripe',
  input: FinishEntryInput,
  lock: boolean,
): Promise<MethodEntryRow> {
  const key = { merchantId: input.merchantId, processor, entryId: input.entryId };
  const entry = await findMethodEntry(db, key, lock);
  const isBound = entry && entry.customerId === input.customerId && entry.reference === input.reference;
  if (!isBound) throw fieldError('entry_id', entryErrors.unknown);
  return entry;
}

async function savedMethodOf(db: Db, entry: MethodEntryRow): Promise<PaymentMethodOption> {
  const row = await findLiveMethod(db, {
    merchantId: entry.merchantId,
    customerId: entry.customerId,
    id: entry.paymentMethodId ?? '',
  });
  // Saved from this entry and removed since: adding it back needs a new entry.
  if (!row) throw fieldError('entry_id', entryErrors.used);
  return toPaymentMethodOption(row);
}

const maskEnds = { card: '************', bank: '********' };

/** Only masks and labels: docs/product.md §3 shows the nickname and the mask's last 8 characters. */
function maskOf(method: ProcessorMethod) {
  if (method.kind === 'bank')
    return {
      paymentType: method.accountType === 'savings' ? ('SAVINGS' as const) : ('CHECKING' as const),
      cardType: null,
      maskedCardNumber: null,
      maskedAccountNumber: `${maskEnds.bank}${method.last4}`,
      funding: null,
    };
  const isDebit = method.funding === 'debit' || method.funding === 'prepaid';
  return {
    paymentType: isDebit ? ('DEBIT' as const) : ('CREDIT' as const),
    cardType: method.brand === 'unknown' ? null : method.brand.toUpperCase(),
    maskedCardNumber: `${maskEnds.card}${method.last4}`,
    maskedAccountNumber: null,
    funding: method.funding,
  };
}

/** A processor's refusal is the request's error; a failure it may not have seen is retried by the caller. */
function refusal(error: unknown): never {
  if (error instanceof ProcessorError)
    throw fieldError(
      'non_field_errors',
      error.isAmbiguous ? 'The payment processor did not answer. Try again.' : error.message,
    );
  throw error;
}
