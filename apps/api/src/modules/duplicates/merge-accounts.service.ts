import type {
  AccountMoveCounts,
  MergeAccountRef,
  MergeAccountsInput,
  MergeAccountsPreview,
  MergeAccountsResult,
  MergeFills,
} from '@paylane/shared/contracts/duplicates';
import { messages } from '@paylane/shared/messages';
import type { AppContext } from '../../context';
import { fieldError, notFound } from '../../kit/errors';
import { recordAudit } from '../audit/audit.service';
import { insertCustomerEvents } from '../customer-history/customer-events.service';
import {
  closeMergedAccount,
  countAccountMoves,
  fillAccount,
  findAccounts,
  lockAccounts,
  moveAccountRecords,
  type AccountFill,
  type AccountRow,
  type OwnerRow,
} from './merge-accounts.repository';
import { toCustomerRef } from './merge-customers.service';
import { isUuid } from '@paylane/shared/validation';
import { inTransaction } from '../../kit/transaction';
import type { Actor } from '../../kit/actor';

type Held = { account: AccountRow; owner: OwnerRow };
type Pair = { survivor: Held; merged: Held };

const toAccountRef = ({ account, owner }: Held): MergeAccountRef => ({
  id: account.id,
  external_id: account.externalId,
  status: account.status,
  amount_due_cents: account.amountDueCents,
  due_date: account.dueDate,
  vehicle_year: account.vehicleYear,
  vehicle_make: account.vehicleMake,
  vehicle_model: account.vehicleModel,
  customer: toCustomerRef(owner),
});

const idsOf = (input: MergeAccountsInput) => {
  if (!isUuid(input.survivor) || !isUuid(input.merged)) throw notFound();
  return [input.survivor, input.merged];
};

/** Both accounts of the merchant (open or not), or 404; an account merged before is refused beside its picker. */
function pickPair(rows: Held[], input: MergeAccountsInput): Pair {
  if (input.survivor === input.merged) throw fieldError('merged', messages.mergeSameAccount);
  const survivor = rows.find((row) => row.account.id === input.survivor);
  const merged = rows.find((row) => row.account.id === input.merged);
  if (!survivor || !merged) throw notFound();
  if (survivor.account.mergedIntoId) throw fieldError('survivor', messages.accountMerged);
  if (merged.account.mergedIntoId) throw fieldError('merged', messages.accountMerged);
  return { survivor, merged };
}

const fillable = [
  ['externalId', 'external_id'],
  ['vehicleYear', 'vehicle_year'],
  ['vehicleMake', 'vehicle_make'],
  ['vehicleModel', 'vehicle_model'],
] as const;
const isEmpty = (value: string | number | null) => value === null || String(value).trim() === '';

/** The survivor's empty external id and vehicle fields take the merged account's values. */
export function accountFills({ survivor, merged }: Pair): { data: AccountFill; shown: MergeFills } {
  const data: Record<string, string | number> = {};
  const shown: MergeFills = {};
  for (const [column, field] of fillable) {
    const value = merged.account[column];
    if (!isEmpty(survivor.account[column]) || value === null || isEmpty(value)) continue;
    data[column] = value;
    shown[field] = value;
  }
  return { data: data as AccountFill, shown };
}

const pairIds = (merchantId: string, { survivor, merged }: Pair) => ({
  merchantId,
  survivorId: survivor.account.id,
  mergedId: merged.account.id,
});

/** POST .../merge_accounts/preview/: what a merge would move and fill; nothing changes. */
export async function previewAccountMerge(
  ctx: AppContext,
  merchantId: string,
  input: MergeAccountsInput,
): Promise<MergeAccountsPreview> {
  const pair = pickPair(await findAccounts(ctx.db, merchantId, idsOf(input)), input);
  const counts = await countAccountMoves(ctx.db, pairIds(merchantId, pair), pair.survivor.owner.id);
  return {
    survivor: toAccountRef(pair.survivor),
    merged: toAccountRef(pair.merged),
    moves: { tags: counts.tags, co_borrowers: counts.coBorrowers, notes: counts.notes },
    fills: accountFills(pair).shown,
  };
}

/**
 * POST .../merge_accounts/: one transaction under row locks taken in id order. Tags, co-borrowers and notes
 * move here; the merged account's transactions will move with the payments issue, which brings them.
 */
export function mergeAccounts(
  ctx: AppContext,
  actor: Actor,
  input: MergeAccountsInput,
): Promise<MergeAccountsResult> {
  const ids = idsOf(input);
  return inTransaction(ctx.db, async (tx) => {
    const pair = pickPair(await lockAccounts(tx, actor.merchantId, ids), input);
    const at = ctx.now();
    const ref = pairIds(actor.merchantId, pair);
    const fills = accountFills(pair);
    const moved = await moveAccountRecords(tx, { ...ref, survivorOwnerId: pair.survivor.owner.id });
    // The merged account lets go of its external id before the survivor takes it (unique per merchant).
    const mergedAfter = await closeMergedAccount(tx, {
      ...ref,
      at,
      freeExternalId: fills.data.externalId !== undefined,
    });
    const survivorAfter = Object.keys(fills.data).length
      ? await fillAccount(tx, { merchantId: actor.merchantId, id: ref.survivorId, data: fills.data, at })
      : pair.survivor.account;
    const counts: AccountMoveCounts = {
      tags: moved.tagIds.length,
      co_borrowers: moved.coBorrowerIds.length,
      notes: moved.noteCount,
    };
    const after = { survivor: survivorAfter, merged: mergedAfter };
    await recordAccountMerge({ ...ctx, db: tx }, actor, { pair, after, moved, counts, fills, at });
    return {
      survivor: ref.survivorId,
      survivor_customer: pair.survivor.owner.id,
      merged: ref.mergedId,
      moved: counts,
      filled: fills.shown,
    };
  });
}

type MergeRecord = {
  pair: Pair;
  after: { survivor: AccountRow; merged: AccountRow };
  moved: Awaited<ReturnType<typeof moveAccountRecords>>;
  counts: AccountMoveCounts;
  fills: { shown: MergeFills };
  at: Date;
};

/** History on the owning customers (once when one customer holds both) and the audit entry, in `ctx.db`. */
async function recordAccountMerge(ctx: AppContext, actor: Actor, merge: MergeRecord): Promise<void> {
  const { survivor, merged } = merge.pair;
  const details = {
    survivor: toAccountRef(survivor),
    merged: toAccountRef(merged),
    moved: merge.counts,
    filled: merge.fills.shown,
  };
  const event = { merchantId: actor.merchantId, kind: 'account.merged', actorUserId: actor.userId };
  const owners = [
    { customerId: survivor.owner.id, accountId: survivor.account.id },
    { customerId: merged.owner.id, accountId: merged.account.id },
  ].filter((owner, index, all) => all.findIndex((o) => o.customerId === owner.customerId) === index);
  await insertCustomerEvents(
    ctx.db,
    owners.map((owner) => ({ ...event, ...owner, details, at: merge.at })),
  );
  await recordAudit(ctx, {
    merchantId: actor.merchantId,
    actorUserId: actor.userId,
    ip: actor.ip,
    action: 'account.merged',
    entityType: 'account',
    entityId: survivor.account.id,
    before: { survivor: snapshot(survivor.account), merged: snapshot(merged.account) },
    after: {
      survivor: snapshot(merge.after.survivor),
      merged: snapshot(merge.after.merged),
      moved: {
        tag_ids: merge.moved.tagIds,
        co_borrower_ids: merge.moved.coBorrowerIds,
        notes: merge.moved.noteCount,
      },
    },
  });
}

/** The account as the audit log keeps it. */
function snapshot(row: AccountRow) {
  return {
    id: row.id,
    customer_id: row.customerId,
    external_id: row.externalId,
    status: row.status,
    amount_due_cents: row.amountDueCents,
    due_date: row.dueDate,
    vehicle_year: row.vehicleYear,
    vehicle_make: row.vehicleMake,
    vehicle_model: row.vehicleModel,
    merged_into_id: row.mergedIntoId,
  };
}
