import type { Customer, CustomerListItem } from '@paylane/shared/contracts/customers';
import type { Merchant } from '@paylane/shared/contracts/merchants';
import type { Profile } from '@paylane/shared/contracts/profile';
import type { PermissionFlag } from '@paylane/shared/permissions';
import { makeProfile, merchantA } from './fixtures';

// Answers of the customer API as the contracts in packages/shared/src/contracts/customers.ts shape them.

export const customersApi = `/api/merchants/${merchantA.id}/customers/`;
export const LOCATION_NORTH = '3f1d7c2e-5a6b-4c8d-9e0f-1a2b3c4d5e6f';
export const LOCATION_SOUTH = '4a2e8d3f-6b7c-4d9e-8f1a-2b3c4d5e6f70';
export const TAG_VIP = '5b3f9e4a-7c8d-4e1f-9a2b-3c4d5e6f7081';
export const TAG_FLEET = '6c4a1f5b-8d9e-4f2a-8b3c-4d5e6f708192';

export const page = <T>(results: T[], count = results.length) => ({
  count,
  next: null,
  previous: null,
  results,
});

const location = (id: string, name: string) => ({
  id,
  name,
  address_line1: '1200 N Main St',
  address_line2: '',
  city: 'Dallas',
  state: 'TX',
  postal_code: '75201',
  phone: '+12145550100',
  time_zone: 'America/Chicago',
  status: 'active',
  created: '2026-01-01T00:00:00.000Z',
  updated: '2026-01-01T00:00:00.000Z',
});
export const locations = [location(LOCATION_NORTH, 'North Lot'), location(LOCATION_SOUTH, 'South Lot')];
export const tags = [
  { id: TAG_VIP, name: 'VIP' },
  { id: TAG_FLEET, name: 'Fleet' },
];

export function makeListItem(overrides: Partial<CustomerListItem> = {}): CustomerListItem {
  return {
    id: 'cust-1',
    first_name: 'Ada',
    last_name: 'Lovelace',
    external_id: 'C-1001',
    email: 'ada@example.com',
    sms_phone_number: '+12145550123',
    location: { id: LOCATION_NORTH, name: 'North Lot' },
    sms_opted_out: false,
    email_opted_out: false,
    accounts: [
      {
        id: 'acct-1',
        external_id: 'A-1',
        status: 'active',
        amount_due_cents: 12_550,
        due_date: '2026-12-05',
      },
    ],
    created: '2026-03-04T15:00:00.000Z',
    ...overrides,
  };
}

export function makeCustomer(overrides: Partial<Customer> = {}): Customer {
  return {
    id: 'cust-1',
    first_name: 'Ada',
    last_name: 'Lovelace',
    external_id: 'C-1001',
    email: 'ada@example.com',
    sms_phone_number: '+12145550123',
    location: { id: LOCATION_NORTH, name: 'North Lot' },
    address_line1: '1 Main St',
    address_line2: '',
    city: 'Dallas',
    state: 'TX',
    postal_code: '75201',
    date_of_birth: '1980-07-04',
    language: 'en-US',
    sms_opted_out: false,
    email_opted_out: false,
    last_viewed_at: null,
    voided_at: null,
    merged_into_id: null,
    accounts: [],
    created: '2026-03-04T15:00:00.000Z',
    updated: '2026-03-04T15:00:00.000Z',
    ...overrides,
  };
}

/** A member of merchant A with these roles (and custom-role flags). */
export function memberProfile(
  roles: string[],
  flags: Partial<Record<PermissionFlag, boolean>> = {},
): Profile {
  const customRole = roles.length > 1 ? { id: 'role-custom', role_name: roles[0]! } : null;
  return makeProfile({
    roles,
    memberships: [
      {
        merchant: { id: merchantA.id, name: merchantA.name, logo: null },
        roles,
        custom_role: customRole,
        permissions: flags,
      },
    ],
  });
}

export const integratedMerchant: Merchant = { ...merchantA, integration_type: 'frazer', is_integrated: true };

/** The lists the customer pages read besides the customers: locations (1000 a page) and tags (40). */
export const customerLookupHandlers = {
  [`GET /api/merchants/${merchantA.id}/merchant_locations/`]: { body: page(locations) },
  [`GET /api/merchants/${merchantA.id}/account-tags/`]: { body: page(tags) },
};
