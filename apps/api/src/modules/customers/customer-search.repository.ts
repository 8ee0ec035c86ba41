import { or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Bind } from '../../db/client';
import { customers } from '../../db/schema';
import type { CustomerSearchPlan } from './customer-search.service';

// Each way of matching is its own subquery written with exactly the expression of its index, so PostgreSQL
// answers each from that index (an OR across tables could only filter a scan of the merchant's customers).
// The hits are unioned and the customers read by id: `customers.id = any(array(… union all …))`.

/** Live customers of the merchant whose E.164 phone starts with the pattern (customers_merchant_phone_key). */
const byPhone = (merchantId: string, pattern: string) =>
  sql`select id from customers where merchant_id = ${merchantId} and voided_at is null and sms_phone_number like ${pattern}`;

/** Customers whose own external id starts with the pattern (customers_merchant_external_prefix_idx). */
const byCustomerExternalId = (merchantId: string, pattern: string) =>
  sql`select id from customers where merchant_id = ${merchantId} and lower(external_id) like ${pattern}`;

/** Primary borrowers of accounts whose external id starts with the pattern (accounts_merchant_external_prefix_idx). */
const byAccountExternalId = (merchantId: string | Placeholder, pattern: string | Placeholder) =>
  sql`select customer_id from accounts where merchant_id = ${merchantId} and lower(external_id) like ${pattern}`;

/** customers_merchant_email_prefix_idx */
const byEmail = (merchantId: string, pattern: string) =>
  sql`select id from customers where merchant_id = ${merchantId} and lower(email) like ${pattern}`;

/** customers_full_name_trgm_idx (pg_trgm GIN over lower(first_name || ' ' || last_name)). */
const byName = (merchantId: string, pattern: string) =>
  sql`select id from customers where merchant_id = ${merchantId} and lower(first_name || ' ' || last_name) like ${pattern}`;

/**
 * The condition on `customerId` (a customers.id column) that keeps the customers a search plan matches.
 * An empty plan keeps nobody.
 */
export function customerSearchCondition(
  customerId: SQL | { getSQL(): SQL },
  merchantId: string,
  plan: CustomerSearchPlan,
): SQL {
  const parts: SQL[] = [];
  if (plan.phone) parts.push(byPhone(merchantId, plan.phone));
  if (plan.externalId) {
    parts.push(byCustomerExternalId(merchantId, plan.externalId));
    parts.push(byAccountExternalId(merchantId, plan.externalId));
  }
  if (plan.email) parts.push(byEmail(merchantId, plan.email));
  if (plan.name) parts.push(byName(merchantId, plan.name));
  if (parts.length === 0) return sql`false`;
  // `= any(array(...))` runs the search first and then reads just its hits by primary key; with `in (...)`
  // the planner may hash-join the search against every live customer of the merchant instead (10× slower
  // for a count on a merchant of 20,000).
  return sql`${customerId} = any(array(${sql.join(parts, sql` union all `)}))`;
}

/**
 * The same match as a condition on the `customers` row itself, for a query that reads the hits first and
 * sorts them after (the customer list's search): each customers-table way of matching is tested on the row
 * (PostgreSQL ORs their indexes in one bitmap), and only accounts are looked up by id. Reading the hits
 * whole once is 15× fewer buffers for a name search than finding their ids and reading each again by id.
 * In an ordered query with a LIMIT the planner may instead walk the name index testing every customer:
 * there use customerSearchCondition. `bind` gives the merchant and the plan's patterns (placeholders named
 * after the plan's keys).
 */
export function customerSearchMatch(merchantId: string, plan: CustomerSearchPlan, bind: Bind): SQL {
  const merchant = bind('merchantId', merchantId);
  const parts: SQL[] = [];
  if (plan.phone) {
    parts.push(
      sql`(${customers.voidedAt} is null and ${customers.smsPhoneNumber} like ${bind('phone', plan.phone)})`,
    );
  }
  if (plan.externalId) {
    const pattern = bind('externalId', plan.externalId);
    parts.push(sql`lower(${customers.externalId}) like ${pattern}`);
    parts.push(sql`${customers.id} = any(array(${byAccountExternalId(merchant, pattern)}))`);
  }
  if (plan.email) parts.push(sql`lower(${customers.email}) like ${bind('email', plan.email)}`);
  if (plan.name) {
    parts.push(
      sql`lower(${customers.firstName} || ' ' || ${customers.lastName}) like ${bind('name', plan.name)}`,
    );
  }
  return or(...parts) ?? sql`false`;
}
