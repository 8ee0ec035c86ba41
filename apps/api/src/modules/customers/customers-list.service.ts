import type { CustomerListItem } from '@paylane/shared/contracts/customers';
import type { AppContext } from '../../context';
import { planCustomerSearch } from './customer-search.service';
import { localDateAt } from '../../jobs/zoned-time';
import { needsToday } from './customers-list-order';
import {
  findMerchantTimeZone,
  listCustomerRows,
  type CustomerListRow,
  type CustomerOrdering,
} from './customers-list.repository';
import { rowsOfPage, type PageSlice } from '../../kit/paging';

export type CustomersListQuery = {
  search?: string | undefined;
  field?: 'name' | 'external_id' | 'phone' | 'email' | undefined;
  location?: string | undefined;
  account_status?: string | undefined;
  tag?: string | undefined;
  opted_out?: boolean | undefined;
  ordering: CustomerOrdering;
  page: number;
  page_size: number;
};

function toListItem(row: CustomerListRow): CustomerListItem {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    external_id: row.externalId,
    email: row.email,
    sms_phone_number: row.smsPhoneNumber,
    location: row.locationId ? { id: row.locationId, name: row.locationName ?? '' } : null,
    sms_opted_out: row.smsOptedOutAt !== null,
    email_opted_out: row.emailOptedOutAt !== null,
    // Already in the contract's shape (json_build_object in the page query).
    accounts: row.accounts,
    created: row.createdAt.toISOString(),
  };
}

/** docs/product.md §2 customer list: live customers, searched, filtered, sorted and paged, each with its accounts. */
export async function listCustomers(
  ctx: AppContext,
  merchantId: string,
  query: CustomersListQuery,
): Promise<PageSlice<CustomerListItem>> {
  // Days late counts to today on the merchant's calendar (the row's rule); the other orders read no date.
  const zone = needsToday(query.ordering) ? await findMerchantTimeZone(ctx.db, merchantId) : 'UTC';
  const { rows, total } = await listCustomerRows(ctx.db, {
    filter: {
      merchantId,
      search: planCustomerSearch(query.search, query.field),
      locationId: query.location,
      accountStatus: query.account_status,
      tagId: query.tag,
      optedOut: query.opted_out,
    },
    ordering: query.ordering,
    today: localDateAt(zone, ctx.now()),
    ...rowsOfPage(query),
  });
  return {
    count: total,
    results: rows.map(toListItem),
  };
}
