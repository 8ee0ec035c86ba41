import { and, asc, desc, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, customers, locations, merchantCustomerCounts } from '../../db/schema';
import type { AccountSummary } from '@paylane/shared/contracts/customers';
import type { CustomerSearchPlan } from './customer-search.service';
import { customerSearchCondition } from './customer-search.repository';
import { countWhere } from '../../kit/count';

export type CustomerOrdering =
  'last_name' | '-last_name' | 'external_id' | '-external_id' | 'created' | '-created';

export type CustomerListFilter = {
  merchantId: string;
  search: CustomerSearchPlan | null;
  locationId?: string | undefined;
  accountStatus?: string | undefined;
  tagId?: string | undefined;
  optedOut?: boolean | undefined;
};

/** The own accounts of each listed customer as the contract's summaries, open ones first (one index probe a row). */
const accountSummaries = sql<AccountSummary[]>`(
  select coalesce(json_agg(json_build_object(
    'id', a.id, 'external_id', a.external_id, 'status', a.status,
    'amount_due_cents', a.amount_due_cents, 'due_date', a.due_date
  ) order by case when a.status in ('active', 'pending') then 0 else 1 end, a.created_at, a.id), '[]'::json)
  from accounts a where a.merchant_id = ${customers.merchantId} and a.customer_id = ${customers.id}
)`;

const listColumns = {
  id: customers.id,
  firstName: customers.firstName,
  lastName: customers.lastName,
  externalId: customers.externalId,
  email: customers.email,
  smsPhoneNumber: customers.smsPhoneNumber,
  smsOptedOutAt: customers.smsOptedOutAt,
  emailOptedOutAt: customers.emailOptedOutAt,
  createdAt: customers.createdAt,
  locationId: locations.id,
  locationName: locations.name,
  accounts: accountSummaries,
};

/** Live customers of the merchant that pass the filters (voided ones never show in lists). */
export function customerListWhere(filter: CustomerListFilter): SQL {
  const { merchantId } = filter;
  const conditions: (SQL | undefined)[] = [eq(customers.merchantId, merchantId), isNull(customers.voidedAt)];
  if (filter.search) conditions.push(customerSearchCondition(customers.id, merchantId, filter.search));
  if (filter.locationId) conditions.push(eq(customers.locationId, filter.locationId));
  if (filter.accountStatus) {
    conditions.push(
      sql`exists (select 1 from accounts a where a.merchant_id = ${merchantId} and a.customer_id = ${customers.id} and a.status = ${filter.accountStatus})`,
    );
  }
  if (filter.tagId) {
    conditions.push(
      sql`exists (select 1 from accounts a join account_tag_links l on l.account_id = a.id where a.merchant_id = ${merchantId} and a.customer_id = ${customers.id} and l.merchant_id = ${merchantId} and l.tag_id = ${filter.tagId})`,
    );
  }
  if (filter.optedOut === true) {
    conditions.push(or(isNotNull(customers.smsOptedOutAt), isNotNull(customers.emailOptedOutAt)));
  } else if (filter.optedOut === false) {
    conditions.push(isNull(customers.smsOptedOutAt), isNull(customers.emailOptedOutAt));
  }
  return and(...conditions) as SQL;
}

/** Sort keys; the id comes last so pages are stable when names or external ids repeat. */
function orderOf(ordering: CustomerOrdering): SQL[] {
  const direction = ordering.startsWith('-') ? desc : asc;
  switch (ordering.replace('-', '')) {
    case 'external_id':
      return [sql`${customers.externalId} ${sql.raw(ordering.startsWith('-') ? 'desc' : 'asc')} nulls last`];
    case 'created':
      return [direction(customers.createdAt)];
    default:
      return [direction(customers.lastName), direction(customers.firstName)];
  }
}

export async function listCustomerRows(
  db: Db,
  query: { filter: CustomerListFilter; ordering: CustomerOrdering; limit: number; offset: number },
) {
  const where = customerListWhere(query.filter);
  const idOrder = query.ordering.startsWith('-') ? desc(customers.id) : asc(customers.id);
  const rows = await db
    .select(listColumns)
    .from(customers)
    .leftJoin(locations, eq(locations.id, customers.locationId))
    .where(where)
    .orderBy(...orderOf(query.ordering), idOrder)
    .limit(query.limit)
    .offset(query.offset);
  const total = isUnfiltered(query.filter)
    ? await countLiveCustomers(db, query.filter.merchantId)
    : await countMatching(db, where);
  return { rows, total };
}

const isUnfiltered = (filter: CustomerListFilter) =>
  !filter.search &&
  !filter.locationId &&
  !filter.accountStatus &&
  !filter.tagId &&
  filter.optedOut === undefined;

async function countMatching(db: Db, where: SQL): Promise<number> {
  return countWhere(db, customers, where);
}

/** The merchant's live customers, kept by triggers (migration 0005): one row instead of counting them all. */
async function countLiveCustomers(db: Db, merchantId: string): Promise<number> {
  const [row] = await db
    .select({ total: merchantCustomerCounts.liveCustomers })
    .from(merchantCustomerCounts)
    .where(eq(merchantCustomerCounts.merchantId, merchantId));
  return row?.total ?? 0;
}

export type CustomerListRow = Awaited<ReturnType<typeof listCustomerRows>>['rows'][number];

/** Open accounts (active, pending) before the others, then oldest first. */
export const openAccountsFirst = sql`case when ${accounts.status} in ('active', 'pending') then 0 else 1 end`;
