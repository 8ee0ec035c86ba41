import type { CustomerAccountRow } from '@paylane/shared/contracts/customer-lookups';
import type { CustomerListItem, CustomerRef } from '@paylane/shared/contracts/customers';
import type { MergeAccountRef } from '@paylane/shared/contracts/duplicates';
import type { Profile } from '@paylane/shared/contracts/profile';
import { storageKeys } from '../../../lib/session-storage';
import { stubFetch } from '../../../test/fetch-stub';
import { makeProfile, merchantA, signedInApi, storeSession } from '../../../test/fixtures';

// Answers of the customer and merge APIs as packages/shared/src/contracts shape them, for the merge pages.

export const api = `/api/merchants/${merchantA.id}`;
export const page = <T>(results: T[]) => ({ count: results.length, next: null, previous: null, results });

export const profileWithRoles = (roles: string[]): Profile =>
  makeProfile({
    roles,
    memberships: [
      {
        merchant: { id: merchantA.id, name: merchantA.name, logo: null },
        roles,
        custom_role: null,
        permissions: {},
      },
    ],
  });

export const ref = (
  id: string,
  first: string,
  last: string,
  external: string,
  phone: string,
): CustomerRef => ({
  id,
  first_name: first,
  last_name: last,
  external_id: external,
  sms_phone_number: phone,
});

export const listItem = (customer: CustomerRef): CustomerListItem => ({
  ...customer,
  email: null,
  location: null,
  sms_opted_out: false,
  email_opted_out: false,
  accounts: [],
  created: '2026-03-04T15:00:00.000Z',
});

export const accountRow = (
  account: string,
  external: string,
  holder: CustomerRef,
  status: CustomerAccountRow['status'] = 'active',
): CustomerAccountRow => ({
  first_name: holder.first_name,
  last_name: holder.last_name,
  customer: holder.id,
  account,
  customer_external_id: holder.external_id,
  account_external_id: external,
  sms_phone_number: holder.sms_phone_number,
  status,
  amount_due_cents: 12_550,
  due_date: '2026-12-05',
});

export const accountRef = (row: CustomerAccountRow, holder: CustomerRef): MergeAccountRef => ({
  id: row.account,
  external_id: row.account_external_id,
  status: row.status,
  amount_due_cents: row.amount_due_cents,
  due_date: row.due_date,
  vehicle_year: null,
  vehicle_make: 'Ford',
  vehicle_model: null,
  customer: holder,
});

/** A signed-in user of merchant A with these roles, and the API answers of the test. */
export function signedIn(roles: string[], handlers: Parameters<typeof stubFetch>[0] = {}) {
  storeSession();
  window.localStorage.setItem(storageKeys.merchantId, merchantA.id);
  return stubFetch({ ...signedInApi({ profile: profileWithRoles(roles) }), ...handlers });
}

/** Answers a search with the records whose label contains the text (an empty search lists them all). */
export const searched =
  <T>(records: T[], text: (record: T) => string) =>
  (search: string | null) =>
    records.filter((record) => !search || text(record).toLowerCase().includes(search.toLowerCase()));
