import { basisPointsToPercent } from '@paylane/shared/format';
import {
  merchantAccountMessages,
  type MerchantAccount,
  type MerchantAccountWrite,
} from '@paylane/shared/contracts/merchant-accounts';
import { isUuid } from '@paylane/shared/validation';
import type { AppContext } from '../../context';
import { fieldError, notFound } from '../../kit/errors';
import { recordAudit } from '../audit/audit.service';
import { findLocation } from '../locations/locations.service';
import {
  findMerchantAccount,
  insertMerchantAccount,
  listMerchantAccounts as listMerchantAccountRows,
  updateMerchantAccount as updateMerchantAccountRow,
  type MerchantAccountData,
  type MerchantAccountRow,
} from './merchant-accounts.repository';
import { rowsOfPage, type PageSlice } from '../../kit/paging';
import type { Actor } from '../../kit/actor';

export function toMerchantAccount(row: MerchantAccountRow): MerchantAccount {
  return {
    id: row.id,
    location: row.locationId,
    location_name: row.locationName,
    name: row.name,
    processor: row.processor,
    processor_account_id: row.processorAccountId,
    status: row.status,
    card_fee_bps: row.cardFeeBasisPoints,
    card_fee: basisPointsToPercent(row.cardFeeBasisPoints),
    ach_fee_bps: row.achFeeBasisPoints,
    ach_fee: basisPointsToPercent(row.achFeeBasisPoints),
    convenience_fee_cents: row.convenienceFeeCents,
    monthly_volume_cents: row.monthlyVolumeCents,
    max_transaction_amount_cents: row.maxTransactionAmountCents,
    created: row.createdAt.toISOString(),
    updated: row.updatedAt.toISOString(),
  };
}

const toData = (input: MerchantAccountWrite): MerchantAccountData => ({
  locationId: input.location,
  name: input.name,
  processor: input.processor,
  processorAccountId: input.processor_account_id,
  status: input.status,
  cardFeeBasisPoints: input.card_fee,
  achFeeBasisPoints: input.ach_fee,
  convenienceFeeCents: input.convenience_fee,
  monthlyVolumeCents: input.monthly_volume,
  maxTransactionAmountCents: input.max_transaction_amount,
});

/** An account belongs to a location of its own merchant; any other id is refused on the field. */
async function assertOwnLocation(ctx: AppContext, merchantId: string, locationId: string): Promise<void> {
  const isLocationUuid = isUuid(locationId);
  if (!isLocationUuid || !(await findLocation(ctx, merchantId, locationId))) {
    throw fieldError('location', merchantAccountMessages.locationMismatch);
  }
}

export async function listMerchantAccounts(
  ctx: AppContext,
  merchantId: string,
  query: { location?: string | undefined; page: number; page_size: number },
): Promise<PageSlice<MerchantAccount>> {
  const { rows, total } = await listMerchantAccountRows(ctx.db, {
    merchantId,
    locationId: query.location,
    ...rowsOfPage(query),
  });
  return {
    count: total,
    results: rows.map(toMerchantAccount),
  };
}

export async function getMerchantAccount(
  ctx: AppContext,
  merchantId: string,
  id: string,
): Promise<MerchantAccount> {
  const row = await findMerchantAccount(ctx.db, merchantId, id);
  if (!row) throw notFound();
  return toMerchantAccount(row);
}

export async function createMerchantAccount(
  ctx: AppContext,
  actor: Actor,
  input: MerchantAccountWrite,
): Promise<MerchantAccount> {
  await assertOwnLocation(ctx, actor.merchantId, input.location);
  const id = await insertMerchantAccount(ctx.db, actor.merchantId, toData(input));
  const account = await getMerchantAccount(ctx, actor.merchantId, id);
  await audit(ctx, actor, 'merchant_account.created', id, { before: null, after: account });
  return account;
}

export async function updateMerchantAccount(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: MerchantAccountWrite,
): Promise<MerchantAccount> {
  const before = await getMerchantAccount(ctx, actor.merchantId, id);
  await assertOwnLocation(ctx, actor.merchantId, input.location);
  const data = toData(input);
  const isUpdated = await updateMerchantAccountRow(ctx.db, {
    merchantId: actor.merchantId,
    id,
    data,
    at: ctx.now(),
  });
  if (!isUpdated) throw notFound();
  const after = await getMerchantAccount(ctx, actor.merchantId, id);
  await audit(ctx, actor, 'merchant_account.updated', id, { before, after });
  return after;
}

function audit(
  ctx: AppContext,
  actor: Actor,
  action: string,
  accountId: string,
  change: { before: MerchantAccount | null; after: MerchantAccount | null },
) {
  return recordAudit(ctx, {
    merchantId: actor.merchantId,
    actorUserId: actor.userId,
    ip: actor.ip,
    action,
    entityType: 'merchant_account',
    entityId: accountId,
    ...change,
  });
}
