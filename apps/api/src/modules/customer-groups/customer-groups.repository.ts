import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customerGroupMembers, customerGroups, customers } from '../../db/schema';
import { escapeLike } from '../../kit/like';

// Every query carries the merchant id. Members are written and read set-based: a group of 20,000 customers
// is one statement, its ids travelling as one array parameter, never one round trip per customer.

export type GroupRow = typeof customerGroups.$inferSelect;
export type GroupWithCount = GroupRow & { customerCount: number };

// Members who are still live customers (a customer voided later stays a row but receives nothing). Written
// out in full: inside a select list drizzle names columns without their table.
const liveMemberCount = sql<number>`(
  select count(*)::int from "customer_group_members" m
  join "customers" c on c."id" = m."customer_id" and c."voided_at" is null
  where m."group_id" = "customer_groups"."id" and m."merchant_id" = "customer_groups"."merchant_id"
)`;

export async function listGroups(
  db: Db,
  query: { merchantId: string; search?: string | undefined; limit: number; offset: number },
): Promise<{ rows: GroupWithCount[]; total: number }> {
  const where = and(
    eq(customerGroups.merchantId, query.merchantId),
    query.search
      ? sql`lower(${customerGroups.name}) like ${`%${escapeLike(query.search.toLowerCase())}%`}`
      : undefined,
  );
  const rows = await db
    .select({ group: customerGroups, customerCount: liveMemberCount })
    .from(customerGroups)
    .where(where)
    .orderBy(sql`lower(${customerGroups.name})`, asc(customerGroups.id))
    .limit(query.limit)
    .offset(query.offset);
  const [totals] = await db.select({ total: count() }).from(customerGroups).where(where);
  return {
    rows: rows.map((row) => ({ ...row.group, customerCount: row.customerCount })),
    total: totals?.total ?? 0,
  };
}

/** One group of the merchant with its live member count; `lock` holds it (FOR UPDATE) for a change. */
export async function findGroup(
  db: Db,
  { merchantId, id, lock = false }: { merchantId: string; id: string; lock?: boolean },
): Promise<GroupWithCount | null> {
  const query = db
    .select({ group: customerGroups, customerCount: liveMemberCount })
    .from(customerGroups)
    .where(and(eq(customerGroups.merchantId, merchantId), eq(customerGroups.id, id)))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: customerGroups }) : await query;
  return row ? { ...row.group, customerCount: row.customerCount } : null;
}

export async function isGroupNameTaken(
  db: Db,
  input: { merchantId: string; name: string; exceptId?: string | undefined },
): Promise<boolean> {
  const [row] = await db
    .select({ id: customerGroups.id })
    .from(customerGroups)
    .where(
      and(
        eq(customerGroups.merchantId, input.merchantId),
        sql`lower(${customerGroups.name}) = lower(${input.name})`,
        input.exceptId ? sql`${customerGroups.id} <> ${input.exceptId}` : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertGroup(
  db: Db,
  input: { merchantId: string; name: string; createdByUserId: string | null; at: Date },
): Promise<GroupRow> {
  const [row] = await db
    .insert(customerGroups)
    .values({ ...input, createdAt: input.at, updatedAt: input.at })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function renameGroup(
  db: Db,
  input: { merchantId: string; id: string; name: string; at: Date },
): Promise<void> {
  await db
    .update(customerGroups)
    .set({ name: input.name, updatedAt: input.at })
    .where(and(eq(customerGroups.merchantId, input.merchantId), eq(customerGroups.id, input.id)));
}

export async function deleteGroup(db: Db, input: { merchantId: string; id: string }) {
  await db
    .delete(customerGroups)
    .where(and(eq(customerGroups.merchantId, input.merchantId), eq(customerGroups.id, input.id)));
}

/**
 * Makes the group's members exactly the live customers of the merchant matching `keys` (our ids, lower-case
 * UUIDs, or external ids with `byExternalId`) and answers the keys that matched no one. The old members are
 * removed first rather than compared with the new list: an anti-join against a list the planner cannot size
 * (an unnested parameter) may run as a nested loop, 20,000 × 20,000 comparisons, while each lookup here is an
 * index probe or a hash.
 */
export async function replaceGroupMembers(
  db: Db,
  input: { merchantId: string; groupId: string; keys: string[]; byExternalId: boolean },
): Promise<Set<string>> {
  await db
    .delete(customerGroupMembers)
    .where(
      and(
        eq(customerGroupMembers.merchantId, input.merchantId),
        eq(customerGroupMembers.groupId, input.groupId),
      ),
    );
  return addGroupMembers(db, input);
}

/**
 * Adds the live customers of the merchant matching `keys` to the group (members already there stay) and
 * answers the keys that matched no one: one statement whatever the number of keys.
 */
export async function addGroupMembers(
  db: Db,
  input: { merchantId: string; groupId: string; keys: string[]; byExternalId: boolean },
): Promise<Set<string>> {
  const { merchantId, groupId } = input;
  const matches = input.byExternalId ? sql`c."external_id" = w.key` : sql`c."id" = w.key::uuid`;
  const live = sql`c."merchant_id" = ${merchantId}::uuid and c."voided_at" is null and ${matches}`;
  const result = await db.execute<{ key: string }>(sql`
    with wanted as (
      select distinct key from unnest(${sql.param(input.keys)}::text[]) as key
    ),
    added as (
      insert into "customer_group_members" ("merchant_id", "group_id", "customer_id")
      select ${merchantId}::uuid, ${groupId}::uuid, c."id" from wanted w join "customers" c on ${live}
      on conflict do nothing
    )
    select w.key from wanted w where not exists (select 1 from "customers" c where ${live})
  `);
  return new Set(result.rows.map((row) => row.key));
}

/** Takes one customer out of the group; answers whether they were a member. */
export async function deleteGroupMember(
  db: Db,
  input: { merchantId: string; groupId: string; customerId: string },
): Promise<boolean> {
  const removed = await db
    .delete(customerGroupMembers)
    .where(
      and(
        eq(customerGroupMembers.merchantId, input.merchantId),
        eq(customerGroupMembers.groupId, input.groupId),
        eq(customerGroupMembers.customerId, input.customerId),
      ),
    )
    .returning({ customerId: customerGroupMembers.customerId });
  return removed.length > 0;
}

/** The group's live members' ids (docs/product.md §3 customer_m2m). */
export async function listMemberIds(db: Db, input: { merchantId: string; groupId: string }) {
  const rows = await db
    .select({ id: customerGroupMembers.customerId })
    .from(customerGroupMembers)
    .innerJoin(customers, eq(customers.id, customerGroupMembers.customerId))
    .where(
      and(
        eq(customerGroupMembers.merchantId, input.merchantId),
        eq(customerGroupMembers.groupId, input.groupId),
        isNull(customers.voidedAt),
      ),
    )
    .orderBy(asc(customerGroupMembers.customerId));
  return rows.map((row) => row.id);
}

/** A page of the group's live members by name. */
export async function listMembers(
  db: Db,
  input: { merchantId: string; groupId: string; limit: number; offset: number },
) {
  const where = and(
    eq(customerGroupMembers.merchantId, input.merchantId),
    eq(customerGroupMembers.groupId, input.groupId),
    eq(customers.merchantId, input.merchantId),
    isNull(customers.voidedAt),
  );
  const rows = await db
    .select({
      id: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      externalId: customers.externalId,
      smsPhoneNumber: customers.smsPhoneNumber,
    })
    .from(customerGroupMembers)
    .innerJoin(customers, eq(customers.id, customerGroupMembers.customerId))
    .where(where)
    .orderBy(asc(customers.lastName), asc(customers.firstName), asc(customers.id))
    .limit(input.limit)
    .offset(input.offset);
  const [totals] = await db
    .select({ total: count() })
    .from(customerGroupMembers)
    .innerJoin(customers, eq(customers.id, customerGroupMembers.customerId))
    .where(where);
  return { rows, total: totals?.total ?? 0 };
}
