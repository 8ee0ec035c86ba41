import type { CustomerAccountRow, RetrieveOptoutsAnswer } from '@paylane/shared/contracts/customer-lookups';
import type { CustomerRef } from '@paylane/shared/contracts/customers';
import { isUuid } from '@paylane/shared/validation';
import type { AppContext } from '../../context';
import { toCustomerRef } from '../customers/accounts.service';
import { findLiveCustomersAmong, listCustomerAccountRows } from './customer-lookups.repository';
import { planCustomerSearch } from '../customers/customer-search.service';
import { rowsOfPage, type PageSlice } from '../../kit/paging';

/**
 * docs/product.md §7 retrieve customer optouts: which of these customers (our ids, or the merchant's external ids)
 * may be texted. Known live customers split into opted out and messageable, in the order sent; ids
 * matching none (a malformed id included) come back as sent. Repeated ids count once.
 */
export async function retrieveOptouts(
  ctx: AppContext,
  merchantId: string,
  input: { customers: string[]; find_by_external: boolean },
): Promise<RetrieveOptoutsAnswer> {
  const byExternalId = input.find_by_external;
  const sent = [...new Set(input.customers)];
  // Our ids are UUIDs, compared without case; external ids are the merchant's text, compared as is.
  const keyOf = (id: string) => (byExternalId ? id : id.toLowerCase());
  const ids = byExternalId ? sent : sent.filter(isUuid);
  const rows = await findLiveCustomersAmong(ctx.db, { merchantId, ids, byExternalId });
  const found = new Map(rows.map((row) => [byExternalId ? (row.externalId ?? '') : row.id, row]));
  const answer: RetrieveOptoutsAnswer = { optout_customers: [], customers: [], unknown_customers: [] };
  const seen = new Set<string>();
  for (const id of sent) {
    const row = found.get(keyOf(id));
    if (!row) {
      answer.unknown_customers.push(id);
    } else if (!seen.has(row.id)) {
      seen.add(row.id);
      const ref: CustomerRef = toCustomerRef(row);
      (row.smsOptedOutAt ? answer.optout_customers : answer.customers).push(ref);
    }
  }
  return answer;
}

/** docs/product.md §7 list merchant customer accounts (a POST): rows of (customer, own account) for pickers. */
export async function listMerchantCustomerAccounts(
  ctx: AppContext,
  merchantId: string,
  query: {
    search?: string | undefined;
    customers?: string[] | undefined;
    page: number;
    page_size: number;
  },
): Promise<PageSlice<CustomerAccountRow>> {
  const { rows, total } = await listCustomerAccountRows(ctx.db, {
    merchantId,
    search: planCustomerSearch(query.search),
    // A malformed id is no customer of the merchant: it narrows the list to nobody, like an unknown one.
    customerIds: query.customers ? query.customers.filter(isUuid) : null,
    ...rowsOfPage(query),
  });
  return {
    count: total,
    results: rows.map((row) => ({
      first_name: row.firstName,
      last_name: row.lastName,
      customer: row.customerId,
      account: row.accountId,
      customer_external_id: row.customerExternalId,
      account_external_id: row.accountExternalId,
      sms_phone_number: row.smsPhoneNumber,
      status: row.status,
      amount_due_cents: row.amountDueCents,
      due_date: row.dueDate,
    })),
  };
}
