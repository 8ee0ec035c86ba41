import { maskSsn, type Owner, type OwnerCreate, type OwnerUpdate } from '@paylane/shared/contracts/owners';
import { isOwnershipTotalValid, validationMessages } from '@paylane/shared/validation';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { fieldError, notFound } from '../../kit/errors';
import { recordAudit } from '../audit/audit.service';
import {
  deleteOwner as deleteOwnerRow,
  findOwner,
  insertOwner,
  listOwners as listOwnerRows,
  sumOwnershipHundredths,
  updateOwner as updateOwnerRow,
  withOwnersLocked,
  type OwnerRow,
} from './owners.repository';
import { rowsOfPage, type PageSlice } from '../../kit/paging';
import type { Actor } from '../../kit/actor';

export function toOwner(row: OwnerRow): Owner {
  return {
    id: row.id,
    full_name: row.fullName,
    title: row.title,
    email: row.email,
    phone: row.phone,
    ssn_masked: maskSsn(row.ssnLast4),
    date_of_birth: row.dateOfBirth,
    ownership_percentage: row.ownershipHundredths / 100,
    address_line1: row.addressLine1,
    city: row.city,
    state: row.state,
    postal_code: row.postalCode,
    created: row.createdAt.toISOString(),
    updated: row.updatedAt.toISOString(),
  };
}

/** What the audit log keeps of an owner: everything but the SSN, not even its mask. */
type AuditedOwner = Omit<Owner, 'ssn_masked'>;
const forAudit = ({ ssn_masked: _ssn, ...rest }: Owner): AuditedOwner => rest;

const hundredthsOf = (percentage: number) => Math.round(percentage * 100);

function toData(input: OwnerCreate | OwnerUpdate) {
  return {
    fullName: input.full_name,
    title: input.title,
    email: input.email,
    phone: input.phone,
    dateOfBirth: input.date_of_birth,
    ownershipHundredths: hundredthsOf(input.ownership_percentage),
    addressLine1: input.address_line1,
    city: input.city,
    state: input.state,
    postalCode: input.postal_code,
  };
}

/** The SSN is kept only sealed, plus its last four digits for the mask. */
const sealSsn = (ctx: AppContext, ssn: string) => ({
  ssnEncrypted: ctx.cipher.encrypt(ssn),
  ssnLast4: ssn.slice(-4),
});

/** docs/product.md §8 'Ownership Percentage is Invalid': all owners of the merchant together hold at most 100 %. */
async function assertOwnershipFits(
  db: Db,
  input: { merchantId: string; exceptId?: string; hundredths: number },
): Promise<void> {
  const others = await sumOwnershipHundredths(db, input);
  if (!isOwnershipTotalValid([others / 100, input.hundredths / 100])) {
    throw fieldError('ownership_percentage', validationMessages.ownershipInvalid);
  }
}

export async function listOwners(
  ctx: AppContext,
  merchantId: string,
  query: { page: number; page_size: number },
): Promise<PageSlice<Owner>> {
  const { rows, total } = await listOwnerRows(ctx.db, {
    merchantId,
    ...rowsOfPage(query),
  });
  return {
    count: total,
    results: rows.map(toOwner),
  };
}

export async function getOwner(ctx: AppContext, merchantId: string, id: string): Promise<Owner> {
  const row = await findOwner(ctx.db, merchantId, id);
  if (!row) throw notFound();
  return toOwner(row);
}

export function createOwner(ctx: AppContext, actor: Actor, input: OwnerCreate): Promise<Owner> {
  const { merchantId } = actor;
  const data = { ...toData(input), ...sealSsn(ctx, input.ssn) };
  // The check, the write and its audit entry commit together, one owner write of the merchant at a time.
  return withOwnersLocked(ctx.db, merchantId, async (db) => {
    await assertOwnershipFits(db, { merchantId, hundredths: data.ownershipHundredths });
    const owner = toOwner(await insertOwner(db, merchantId, data));
    await audit({ ...ctx, db }, actor, 'owner.created', owner.id, { before: null, after: forAudit(owner) });
    return owner;
  });
}

export function updateOwner(ctx: AppContext, actor: Actor, id: string, input: OwnerUpdate): Promise<Owner> {
  const { merchantId } = actor;
  const data = { ...toData(input), ...(input.ssn ? sealSsn(ctx, input.ssn) : {}) };
  return withOwnersLocked(ctx.db, merchantId, async (db) => {
    const before = await findOwner(db, merchantId, id);
    if (!before) throw notFound();
    await assertOwnershipFits(db, { merchantId, exceptId: id, hundredths: data.ownershipHundredths });
    const row = await updateOwnerRow(db, { merchantId, id, data, at: ctx.now() });
    if (!row) throw notFound();
    const owner = toOwner(row);
    await audit({ ...ctx, db }, actor, 'owner.updated', id, {
      before: forAudit(toOwner(before)),
      // Whether the SSN was replaced is worth knowing; its value is not.
      after: { ...forAudit(owner), ssn_changed: Boolean(input.ssn) },
    });
    return owner;
  });
}

export async function deleteOwner(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  const row = await deleteOwnerRow(ctx.db, actor.merchantId, id);
  if (!row) throw notFound();
  await audit(ctx, actor, 'owner.deleted', id, { before: forAudit(toOwner(row)), after: null });
}

function audit(
  ctx: AppContext,
  actor: Actor,
  action: string,
  ownerId: string,
  change: { before: AuditedOwner | null; after: (AuditedOwner & { ssn_changed?: boolean }) | null },
) {
  return recordAudit(ctx, {
    merchantId: actor.merchantId,
    actorUserId: actor.userId,
    ip: actor.ip,
    action,
    entityType: 'business_owner',
    entityId: ownerId,
    ...change,
  });
}
