import type { CustomerRef } from '@paylane/shared/contracts/customers';
import type {
  CustomerMoveCounts,
  MergeCustomersInput,
  MergeCustomersPreview,
  MergeCustomersResult,
  MergeFills,
} from '@paylane/shared/contracts/duplicates';
import { messages } from '@paylane/shared/messages';
import type { AppContext } from '../../context';
import { fieldError, notFound } from '../../kit/errors';
import { recordAudit } from '../audit/audit.service';
import { insertCustomerEvents } from '../customer-history/customer-events.service';
import { movePromisesToCustomer } from '../promises/promises.service';
import {
  countCustomerMoves,
  fillCustomer,
  findCustomers,
  lockCustomers,
  moveCustomerRecords,
  voidMergedCustomer,
  type CustomerFill,
  type CustomerRow,
} from './merge-customers.repository';
import { isUuid } from '@paylane/shared/validation';
import { inTransaction } from '../../kit/transaction';
import type { Actor } from '../../kit/actor';

type Pair = { survivor: CustomerRow; merged: CustomerRow };

export const toCustomerRef = (row: CustomerRow): CustomerRef => ({
  id: row.id,
  first_name: row.firstName,
  last_name: row.lastName,
  external_id: row.externalId,
  sms_phone_number: row.smsPhoneNumber,
});

/** Both customers of the merchant, or 404; a voided (or already merged) one is refused beside its picker. */
function pickPair(rows: CustomerRow[], input: MergeCustomersInput): Pair {
  if (input.survivor === input.merged) throw fieldError('merged', messages.mergeSameCustomer);
  const survivor = rows.find((row) => row.id === input.survivor);
  const merged = rows.find((row) => row.id === input.merged);
  if (!survivor || !merged) throw notFound();
  if (survivor.voidedAt) throw fieldError('survivor', messages.customerVoided);
  if (merged.voidedAt) throw fieldError('merged', messages.customerVoided);
  return { survivor, merged };
}

const idsOf = (input: MergeCustomersInput) => {
  if (!isUuid(input.survivor) || !isUuid(input.merged)) throw notFound();
  return [input.survivor, input.merged];
};

const isEmpty = (value: string | null) => value === null || value.trim() === '';
const singleFields = [
  ['email', 'email'],
  ['smsPhoneNumber', 'sms_phone_number'],
  ['externalId', 'external_id'],
  ['dateOfBirth', 'date_of_birth'],
] as const;
const addressFields = [
  ['addressLine1', 'address_line1'],
  ['addressLine2', 'address_line2'],
  ['city', 'city'],
  ['state', 'state'],
  ['postalCode', 'postal_code'],
] as const;

/**
 * The survivor's empty fields that take the merged customer's value. The address moves as a whole, and only
 * onto a survivor with no address at all, so two half addresses never mix. An opt-out travels with the phone
 * or email it was given for: a STOP from that number must keep holding.
 */
export function customerFills({ survivor, merged }: Pair): { data: CustomerFill; shown: MergeFills } {
  const data: CustomerFill = {};
  const shown: MergeFills = {};
  for (const [column, field] of singleFields) {
    const value = merged[column];
    if (isEmpty(survivor[column]) && value !== null && !isEmpty(value)) {
      data[column] = value;
      shown[field] = value;
    }
  }
  if (addressFields.every(([column]) => isEmpty(survivor[column]))) {
    for (const [column, field] of addressFields) {
      if (isEmpty(merged[column])) continue;
      data[column] = merged[column];
      shown[field] = merged[column];
    }
  }
  if (data.smsPhoneNumber && merged.smsOptedOutAt && !survivor.smsOptedOutAt) {
    data.smsOptedOutAt = merged.smsOptedOutAt;
    shown.sms_opted_out = true;
  }
  if (data.email && merged.emailOptedOutAt && !survivor.emailOptedOutAt) {
    data.emailOptedOutAt = merged.emailOptedOutAt;
    shown.email_opted_out = true;
  }
  return { data, shown };
}

/** POST .../merge_customers/preview/: what a merge would move and fill; nothing changes. */
export async function previewCustomerMerge(
  ctx: AppContext,
  merchantId: string,
  input: MergeCustomersInput,
): Promise<MergeCustomersPreview> {
  const pair = pickPair(await findCustomers(ctx.db, merchantId, idsOf(input)), input);
  const counts = await countCustomerMoves(ctx.db, {
    merchantId,
    survivorId: pair.survivor.id,
    mergedId: pair.merged.id,
  });
  return {
    survivor: toCustomerRef(pair.survivor),
    merged: toCustomerRef(pair.merged),
    moves: {
      accounts: counts.accounts,
      co_borrowed_accounts: counts.coBorrowedAccounts,
      co_borrower_links_dropped: counts.coBorrowerLinksDropped,
      notes: counts.notes,
      payment_methods: counts.paymentMethods,
    },
    fills: customerFills(pair).shown,
  };
}

/**
 * POST .../merge_customers/: all in one transaction, under row locks taken in id order, so of two merges of
 * the same customer the second waits, then finds it voided and is refused.
 */
export function mergeCustomers(
  ctx: AppContext,
  actor: Actor,
  input: MergeCustomersInput,
): Promise<MergeCustomersResult> {
  const ids = idsOf(input);
  return inTransaction(ctx.db, async (tx) => {
    const pair = pickPair(await lockCustomers(tx, actor.merchantId, ids), input);
    const { survivor, merged } = pair;
    const at = ctx.now();
    const ref = { merchantId: actor.merchantId, survivorId: survivor.id, mergedId: merged.id };
    const fills = customerFills(pair);
    const moved = await moveCustomerRecords(tx, { ...ref, at });
    // Promises to pay go with the accounts they were made on (issue 17).
    await movePromisesToCustomer(tx, {
      merchantId: actor.merchantId,
      fromCustomerIds: [merged.id],
      toCustomerId: survivor.id,
    });
    // The merged customer lets go of its unique values (external id; the phone by being voided) first.
    const mergedAfter = await voidMergedCustomer(tx, {
      ...ref,
      at,
      freeExternalId: fills.data.externalId !== undefined,
    });
    const survivorAfter = Object.keys(fills.data).length
      ? await fillCustomer(tx, { merchantId: actor.merchantId, id: survivor.id, data: fills.data, at })
      : survivor;
    const counts: CustomerMoveCounts = {
      accounts: moved.accountIds.length,
      co_borrowed_accounts: moved.coBorrowedAccountIds.length,
      co_borrower_links_dropped: moved.droppedLinkAccountIds.length,
      notes: moved.noteCount,
      payment_methods: moved.paymentMethodCount,
    };
    const after = { survivor: survivorAfter, merged: mergedAfter };
    await recordCustomerMerge({ ...ctx, db: tx }, actor, { pair, after, moved, counts, fills, at });
    return { survivor: survivor.id, merged: merged.id, moved: counts, filled: fills.shown };
  });
}

type MergeRecord = {
  pair: Pair;
  after: Pair;
  moved: Awaited<ReturnType<typeof moveCustomerRecords>>;
  counts: CustomerMoveCounts;
  fills: { shown: MergeFills };
  at: Date;
};

/** The history of both customers and the audit entry; `ctx.db` is the merge's transaction. */
async function recordCustomerMerge(ctx: AppContext, actor: Actor, merge: MergeRecord): Promise<void> {
  const { survivor, merged } = merge.pair;
  const facts = { survivor: toCustomerRef(survivor), merged: toCustomerRef(merged), moved: merge.counts };
  const event = { merchantId: actor.merchantId, kind: 'customer.merged', actorUserId: actor.userId };
  await insertCustomerEvents(ctx.db, [
    {
      ...event,
      at: merge.at,
      customerId: survivor.id,
      details: { role: 'survivor', ...facts, filled: merge.fills.shown },
    },
    { ...event, at: merge.at, customerId: merged.id, details: { role: 'merged', ...facts } },
  ]);
  await recordAudit(ctx, {
    merchantId: actor.merchantId,
    actorUserId: actor.userId,
    ip: actor.ip,
    action: 'customer.merged',
    entityType: 'customer',
    entityId: survivor.id,
    before: { survivor: snapshot(survivor), merged: snapshot(merged) },
    after: {
      survivor: snapshot(merge.after.survivor),
      merged: snapshot(merge.after.merged),
      moved: {
        account_ids: merge.moved.accountIds,
        co_borrowed_account_ids: merge.moved.coBorrowedAccountIds,
        dropped_co_borrower_account_ids: merge.moved.droppedLinkAccountIds,
        notes: merge.moved.noteCount,
        payment_methods: merge.moved.paymentMethodCount,
      },
    },
  });
}

/** The customer as the audit log keeps it. */
function snapshot(row: CustomerRow) {
  return {
    ...toCustomerRef(row),
    email: row.email,
    address_line1: row.addressLine1,
    address_line2: row.addressLine2,
    city: row.city,
    state: row.state,
    postal_code: row.postalCode,
    date_of_birth: row.dateOfBirth,
    sms_opted_out: row.smsOptedOutAt !== null,
    email_opted_out: row.emailOptedOutAt !== null,
    voided_at: row.voidedAt?.toISOString() ?? null,
    merged_into_id: row.mergedIntoId,
  };
}
