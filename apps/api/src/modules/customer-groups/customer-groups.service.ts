import type { CustomerGroup, CustomerGroupDetail } from '@paylane/shared/contracts/customer-groups';
import type { CustomerRef } from '@paylane/shared/contracts/customers';
import { messages } from '@paylane/shared/messages';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { invalid, fieldError, notFound } from '../../kit/errors';
import {
  deleteGroup,
  findGroup,
  insertGroup,
  isGroupNameTaken,
  listGroups,
  listMemberIds,
  listMembers,
  renameGroup,
  replaceGroupMembers,
  addGroupMembers,
  deleteGroupMember,
  type GroupRow,
  type GroupWithCount,
} from './customer-groups.repository';
import { isUuid } from '@paylane/shared/validation';
import { inTransaction } from '../../kit/transaction';
import { rowsOfPage, type PageSlice } from '../../kit/paging';
import type { Actor } from '../../kit/actor';

type GroupWriteAnswer = CustomerGroup & { unknown_customers: string[] };
type MemberInput = { customers: string[]; find_by_external: boolean };

function toCustomerGroup(row: GroupWithCount): CustomerGroup {
  return {
    id: row.id,
    name: row.name,
    customer_count: row.customerCount,
    created: row.createdAt.toISOString(),
  };
}

async function getGroup(db: Db, merchantId: string, id: string, lock = false): Promise<GroupWithCount> {
  const row = isUuid(id) ? await findGroup(db, { merchantId, id, lock }) : null;
  if (!row) throw notFound();
  return row;
}

/** Routes call it before validation, so another merchant's group id is refused whatever the body says. */
export async function checkGroupPath(ctx: AppContext, merchantId: string, id: string): Promise<void> {
  await getGroup(ctx.db, merchantId, id);
}

export async function listCustomerGroups(
  ctx: AppContext,
  merchantId: string,
  query: { search?: string | undefined; page: number; page_size: number },
): Promise<PageSlice<CustomerGroup>> {
  const { rows, total } = await listGroups(ctx.db, {
    merchantId,
    search: query.search || undefined,
    ...rowsOfPage(query),
  });
  return {
    count: total,
    results: rows.map(toCustomerGroup),
  };
}

export async function getCustomerGroup(
  ctx: AppContext,
  merchantId: string,
  id: string,
): Promise<CustomerGroupDetail> {
  const group = await getGroup(ctx.db, merchantId, id);
  const ids = await listMemberIds(ctx.db, { merchantId, groupId: group.id });
  return { ...toCustomerGroup(group), customer_m2m: ids };
}

export async function listCustomerGroupMembers(
  ctx: AppContext,
  merchantId: string,
  id: string,
  query: { page: number; page_size: number },
): Promise<PageSlice<CustomerRef>> {
  const group = await getGroup(ctx.db, merchantId, id);
  const { rows, total } = await listMembers(ctx.db, {
    merchantId,
    groupId: group.id,
    ...rowsOfPage(query),
  });
  return {
    count: total,
    results: rows.map((row) => ({
      id: row.id,
      first_name: row.firstName,
      last_name: row.lastName,
      external_id: row.externalId,
      sms_phone_number: row.smsPhoneNumber,
    })),
  };
}

/**
 * Sets the group's members to the live customers these ids name (our ids, or the merchant's external ids
 * with find_by_external: a CSV), and answers the ids that named no one, as sent, each once. A malformed
 * id of ours names no one.
 */
async function setMembers(db: Db, merchantId: string, group: GroupRow, input: MemberInput, add = false) {
  const byExternalId = input.find_by_external;
  // Our ids are UUIDs, compared without case; external ids are the merchant's text, compared as is.
  const keyOf = (id: string) => (byExternalId ? id : id.toLowerCase());
  const sent = [...new Set(input.customers)];
  const keys = byExternalId ? sent : sent.filter(isUuid).map(keyOf);
  const write = add ? addGroupMembers : replaceGroupMembers;
  const unmatched = await write(db, { merchantId, groupId: group.id, keys, byExternalId });
  return sent.filter((id) => (byExternalId || isUuid(id) ? unmatched.has(keyOf(id)) : true));
}

async function checkName(db: Db, merchantId: string, name: string, exceptId?: string) {
  if (await isGroupNameTaken(db, { merchantId, name, exceptId })) {
    throw fieldError('name', messages.groupNameTaken);
  }
}

function isNameViolation(error: unknown): boolean {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505' && constraint === 'customer_groups_merchant_name_key') return true;
  }
  return false;
}

/** Runs a write; a racing writer's duplicate name (23505) becomes the same 400 as the check's. */
async function answeringNameViolation<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw isNameViolation(error) ? invalid({ name: [messages.groupNameTaken] }) : error;
  }
}

/** docs/product.md §7 create group: a name and its members (from a selection, or a CSV's external ids). */
export async function createCustomerGroup(
  ctx: AppContext,
  actor: Actor,
  input: MemberInput & { name: string },
): Promise<GroupWriteAnswer> {
  const { merchantId } = actor;
  return answeringNameViolation(() =>
    inTransaction(ctx.db, async (db) => {
      await checkName(db, merchantId, input.name);
      const at = ctx.now();
      const group = await insertGroup(db, {
        merchantId,
        name: input.name,
        createdByUserId: actor.userId,
        at,
      });
      const unknown = await setMembers(db, merchantId, group, input);
      const saved = await getGroup(db, merchantId, group.id);
      return { ...toCustomerGroup(saved), unknown_customers: unknown };
    }),
  );
}

/** docs/product.md §7 update group: a new name and/or a new member list (which replaces the old one). */
export async function updateCustomerGroup(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: { name?: string | undefined; customers?: string[] | undefined; find_by_external: boolean },
): Promise<GroupWriteAnswer> {
  const { merchantId } = actor;
  return answeringNameViolation(() =>
    inTransaction(ctx.db, async (db) => {
      const group = await getGroup(db, merchantId, id, true);
      if (input.name !== undefined && input.name !== group.name) {
        await checkName(db, merchantId, input.name, group.id);
        await renameGroup(db, { merchantId, id: group.id, name: input.name, at: ctx.now() });
      }
      const unknown =
        input.customers === undefined
          ? []
          : await setMembers(db, merchantId, group, {
              customers: input.customers,
              find_by_external: input.find_by_external,
            });
      const saved = await getGroup(db, merchantId, group.id);
      return { ...toCustomerGroup(saved), unknown_customers: unknown };
    }),
  );
}

/**
 * Adds customers to the group (POST .../members/): how a member list longer than one request's ids is sent,
 * and how a CSV's customers join a group. Members already there stay; the answer is the write answer.
 */
export async function addCustomerGroupMembers(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: MemberInput,
): Promise<GroupWriteAnswer> {
  return inTransaction(ctx.db, async (db) => {
    const group = await getGroup(db, actor.merchantId, id, true);
    const unknown = await setMembers(db, actor.merchantId, group, input, true);
    const saved = await getGroup(db, actor.merchantId, group.id);
    return { ...toCustomerGroup(saved), unknown_customers: unknown };
  });
}

/** Takes one customer out of the group (DELETE .../members/{customer_id}/); 404 when not a member. */
export async function removeCustomerGroupMember(
  ctx: AppContext,
  merchantId: string,
  id: string,
  customerId: string,
): Promise<void> {
  const group = await getGroup(ctx.db, merchantId, id);
  const removed = isUuid(customerId)
    ? await deleteGroupMember(ctx.db, { merchantId, groupId: group.id, customerId })
    : false;
  if (!removed) throw notFound();
}

export async function deleteCustomerGroup(ctx: AppContext, merchantId: string, id: string): Promise<void> {
  const group = await getGroup(ctx.db, merchantId, id);
  await deleteGroup(ctx.db, { merchantId, id: group.id });
}
