import type { CustomerAccount, CustomerRef } from '@paylane/shared/contracts/customers';
import type { Merchant } from '@paylane/shared/contracts/merchants';
import type { Profile } from '@paylane/shared/contracts/profile';
import { customerLookupHandlers, makeCustomer, LOCATION_NORTH, TAG_VIP } from './customer-list-fixtures';
import { stubFetch } from './fetch-stub';
import { merchantA, merchantB, signedInApi, storeSession } from './fixtures';
import { renderApp } from './render-app';

// The customer page (/merchants/{merchantID}/customers/{customerID}) as its calls answer it.

export const customerApi = `/api/merchants/${merchantA.id}/customers/cust-1/`;
export const customerPagePath = `/merchants/${merchantA.id}/customers/cust-1`;

export const refOf = (
  id: string,
  first_name: string,
  last_name: string,
  phone: string | null = null,
): CustomerRef => ({
  id,
  first_name,
  last_name,
  external_id: null,
  sms_phone_number: phone,
});
export const ada = refOf('cust-1', 'Ada', 'Lovelace', '+12145550123');
export const grace = refOf('cust-2', 'Grace', 'Hopper', '+14695550188');
export const alan = refOf('cust-3', 'Alan', 'Turing');

export function makeAccount(overrides: Partial<CustomerAccount> = {}): CustomerAccount {
  return {
    id: 'acct-1',
    customer_id: 'cust-1',
    role: 'primary',
    primary_customer: ada,
    external_id: 'A-1',
    location: { id: LOCATION_NORTH, name: 'North Lot' },
    status: 'active',
    amount_due_cents: 12_550,
    due_date: '2026-12-05',
    cadence: 'biweekly',
    vehicle_year: 2019,
    vehicle_make: 'Toyota',
    vehicle_model: 'Camry',
    autopay_enabled: true,
    has_pin: false,
    tags: [{ id: TAG_VIP, name: 'VIP' }],
    co_borrowers: [grace],
    merged_into_id: null,
    created: '2026-03-04T15:00:00.000Z',
    updated: '2026-03-04T15:00:00.000Z',
    ...overrides,
  };
}

/** Ada holds A-1 (Grace co-borrows it) and co-borrows Alan's A-9. */
export const adaWithAccounts = makeCustomer({
  accounts: [
    makeAccount(),
    makeAccount({
      id: 'acct-9',
      customer_id: 'cust-3',
      role: 'co_borrower',
      primary_customer: alan,
      external_id: 'A-9',
      status: 'pending',
      amount_due_cents: -4_000,
      due_date: null,
      cadence: null,
      vehicle_year: null,
      vehicle_make: null,
      vehicle_model: null,
      autopay_enabled: false,
      tags: [],
      co_borrowers: [ada],
    }),
  ],
});

type Handlers = Parameters<typeof stubFetch>[0];

/** Signs in with `profile`, answers the customer and its lookups, and opens `path`. */
export function openCustomerPage(
  path: string,
  options: { profile: Profile; customer?: unknown; merchant?: Merchant; handlers?: Handlers },
) {
  storeSession();
  const api = stubFetch({
    ...signedInApi({ profile: options.profile, merchants: [options.merchant ?? merchantA, merchantB] }),
    ...customerLookupHandlers,
    [`GET ${customerApi}`]: { body: options.customer ?? adaWithAccounts },
    [`POST ${customerApi}update_last_viewed/`]: { body: { last_viewed_at: '2026-07-04T20:05:00.000Z' } },
    // The Account Details tab lists each own account's payments; none unless a test says otherwise.
    [`GET ${customerApi}accounts/acct-1/transactions/`]: {
      body: { count: 0, next: null, previous: null, results: [], card_fee: null },
    },
    // …and its promises to pay: none unless a test says otherwise.
    [`GET ${customerApi}accounts/acct-1/promises/`]: {
      body: { count: 0, next: null, previous: null, results: [] },
    },
    ...options.handlers,
  });
  return { api, ...renderApp(path) };
}
