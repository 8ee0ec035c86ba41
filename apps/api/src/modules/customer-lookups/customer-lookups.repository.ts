import { and, asc, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, customers } from '../../db/schema';
import type { CustomerSearchPlan } from '../customers/customer-search.service';
import { customerSearchCondition } from '../customers/customer-search.service';

const optoutColumns = {
  id: customers.id,
  firstName: customers.firstName,
  lastName: customers.lastName,
  externalId: customers.externalId,
  smsPhoneNumber: customers.smsPhoneNumber,
  smsOptedOutAt: customers.smsOptedOutAt,
};

/**
 * Live customers of the merchant among these ids (our ids, or external ids when `byExternalId`), in one
 * query whatever the number: the ids travel as one array parameter (`= any($1)`), not one per id.
 */
export function findLiveCustomersAmong(
  db: Db,
  { merchantId, ids, byExternalId }: { merchantId: string; ids: string[]; byExternalId: boolean },
) {
  if (ids.length === 0) return Promise.resolve([]);
  const among = byExternalId
    ? sql`${customers.externalId} = any(${sql.param(ids)}::text[])`
    : sql`${customers.id} = any(${sql.param(ids)}::uuid[])`;
  return db
    .select(optoutColumns)
    .from(customers)
    .where(and(eq(customers.merchantId, merchantId), isNull(customers.voidedAt), among));
}

/**
 * docs/product.md §7 list merchant customer accounts: one row per live customer and account they hold, sorted by
 * name. A search keeps the customers the list's search would find.
 */
export async function listCustomerAccountRows(
  db: Db,
  query: {
    merchantId: string;
    search: CustomerSearchPlan | null;
    customerIds: string[] | null;
    limit: number;
    offset: number;
  },
) {
  const { merchantId } = query;
  const conditions: SQL[] = [
    eq(customers.merchantId, merchantId),
    isNull(customers.voidedAt),
    eq(accounts.merchantId, merchantId),
  ];
  if (query.search) conditions.push(customerSearchCondition(customers.id, merchantId, query.search));
  if (query.customerIds) {
    conditions.push(sql`${customers.id} = any(${sql.param(query.customerIds)}::uuid[])`);
  }
  const where = and(...conditions);
  const rows = await db
    .select({
      firstName: customers.firstName,
      lastName: customers.lastName,
      customerId: customers.id,
      accountId: accounts.id,
      customerExternalId: customers.externalId,
      accountExternalId: accounts.externalId,
      smsPhoneNumber: customers.smsPhoneNumber,
      status: accounts.status,
      amountDueCents: accounts.amountDueCents,
      dueDate: accounts.dueDate,
    })
    .from(customers)
    .innerJoin(accounts, eq(accounts.customerId, customers.id))
    .where(where)
    .orderBy(
      asc(customers.lastName),
      asc(customers.firstName),
      asc(customers.id),
      asc(accounts.createdAt),
      asc(accounts.id),
    )
    .limit(query.limit)
    .offset(query.offset);
  const [totals] = await db
    .select({ total: count() })
    .from(customers)
    .innerJoin(accounts, eq(accounts.customerId, customers.id))
    .where(where);
  return { rows, total: totals?.total ?? 0 };
}
