import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Merchant } from '@paylane/shared/contracts/merchants';
import {
  customerLookupHandlers,
  customersApi,
  integratedMerchant,
  LOCATION_NORTH,
  makeCustomer,
  memberProfile,
  TAG_VIP,
} from '../../../test/customer-list-fixtures';
import { storageKeys } from '../../../lib/session-storage';
import { stubFetch } from '../../../test/fetch-stub';
import { merchantA, signedInApi, storeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

type Handlers = Parameters<typeof stubFetch>[0];
type User = ReturnType<typeof renderApp>['user'];

const created = makeCustomer({ id: 'cust-9' });

async function openCreate(handlers: Handlers = {}, merchants?: Merchant[]) {
  storeSession();
  // /customers/create works in the current merchant, which a previous visit left stored.
  window.localStorage.setItem(storageKeys.merchantId, merchantA.id);
  const api = stubFetch({
    ...signedInApi({ profile: memberProfile(['staff']), merchants }),
    ...customerLookupHandlers,
    [`GET ${customersApi}cust-9/`]: { body: created },
    [`POST ${customersApi}cust-9/update_last_viewed/`]: { body: { last_viewed_at: created.created } },
    ...handlers,
  });
  const view = renderApp('/customers/create');
  return { api, ...view };
}

const input = (label: string) => screen.getByLabelText(label, { exact: false, selector: 'input' });
const select = (label: string) => screen.getByLabelText(label, { exact: false, selector: 'select' });

async function fill(user: User, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    await user.clear(input(label));
    await user.type(input(label), value);
  }
}

async function fillValidCustomer(user: User) {
  await fill(user, {
    'First Name': 'Ada',
    'Last Name': 'Lovelace',
    'Customer ID': 'C-1001',
    'Mobile Phone': '2145550123',
    Email: 'ada@example.com',
    'Postal Code': '75201',
    'Date of Birth': '07/04/1980',
  });
  await user.selectOptions(select('Location'), 'North Lot');
  await user.selectOptions(select('State'), 'PR');
}

const submit = (user: User) => user.click(screen.getByRole('button', { name: 'Create Customer' }));

describe('create customer', () => {
  it('shows the messages of docs/product.md §5 beside the fields and sends nothing', async () => {
    const { user, api } = await openCreate();
    await screen.findByRole('heading', { name: 'Create Customer' });
    await submit(user);
    await waitFor(() => expect(input('First Name')).toHaveAccessibleDescription('Required'));
    expect(input('Last Name')).toHaveAccessibleDescription('Required');
    expect(select('Location')).toHaveAccessibleDescription('Required');

    await fill(user, {
      'Mobile Phone': '555',
      Email: 'ada@',
      'Postal Code': '7520',
      'Date of Birth': '12/31/2999',
    });
    expect(input('Mobile Phone')).toHaveValue('(555)');
    await user.click(screen.getByRole('switch', { name: 'Add the first account' }));
    await fill(user, { 'Vehicle Year': '19' });
    await submit(user);
    await waitFor(() =>
      expect(input('Mobile Phone')).toHaveAccessibleDescription('Phone number is not valid'),
    );
    expect(input('Email')).toHaveAccessibleDescription('Email is not valid');
    expect(input('Postal Code')).toHaveAccessibleDescription(
      'Please enter a valid postal code (e.g., 12345 or 12345-6789)',
    );
    expect(input('Date of Birth')).toHaveAccessibleDescription('Date of Birth Can Not Be in The Future');
    expect(input('Amount Due')).toHaveAccessibleDescription('Amount Due is Required');
    expect(input('Vehicle Year')).toHaveAccessibleDescription('Vehicle year is not valid');
    expect(api.callsTo(`POST ${customersApi}`)).toHaveLength(0);
  });

  it('shows the server’s messages beside their fields, the account number’s too', async () => {
    const { user } = await openCreate({
      [`POST ${customersApi}`]: {
        status: 400,
        body: {
          external_id: ['Customer with provided external ID already exists'],
          sms_phone_number: ['Phone Number is Already in Use'],
          location: ['Customer does not belong to provided merchant location'],
          'account.external_id': ['Account with provided external ID already exists'],
        },
      },
    });
    await screen.findByRole('heading', { name: 'Create Customer' });
    await fillValidCustomer(user);
    await user.click(screen.getByRole('switch', { name: 'Add the first account' }));
    await fill(user, { 'Account Number': 'A-1', 'Amount Due': '10' });
    await submit(user);
    await waitFor(() =>
      expect(input('Customer ID')).toHaveAccessibleDescription(
        'Customer with provided external ID already exists',
      ),
    );
    expect(input('Mobile Phone')).toHaveAccessibleDescription('Phone Number is Already in Use');
    expect(select('Location')).toHaveAccessibleDescription(
      'Customer does not belong to provided merchant location',
    );
    expect(input('Account Number')).toHaveAccessibleDescription(
      'Account with provided external ID already exists',
    );
  });

  it('sends the customer and first account as typed, then opens the new customer', async () => {
    const { user, api, location } = await openCreate({
      [`POST ${customersApi}`]: { status: 201, body: created },
    });
    await screen.findByRole('heading', { name: 'Create Customer' });
    await fillValidCustomer(user);
    await user.click(screen.getByRole('switch', { name: 'Add the first account' }));
    await fill(user, {
      'Account Number': 'A-1',
      'Amount Due': '125.50',
      'Due Date': '12/05/2026',
      'Vehicle Year': '2021',
      'Vehicle Make': 'Ford',
    });
    await user.selectOptions(select('Cadence'), 'Monthly');
    await user.click(screen.getByRole('combobox', { name: 'Tags' }));
    await user.click(await screen.findByRole('option', { name: 'VIP' }));
    await submit(user);
    await waitFor(() => expect(location()).toBe(`/merchants/${merchantA.id}/customers/cust-9`));
    expect(api.callsTo(`POST ${customersApi}`)[0]?.body).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      external_id: 'C-1001',
      sms_phone_number: '(214) 555-0123',
      email: 'ada@example.com',
      location: LOCATION_NORTH,
      address_line1: '',
      address_line2: '',
      city: '',
      state: 'PR',
      postal_code: '75201',
      date_of_birth: '1980-07-04',
      language: 'en-US',
      account: {
        external_id: 'A-1',
        amount_due: '125.50',
        due_date: '2026-12-05',
        cadence: 'monthly',
        status: 'active',
        vehicle_year: '2021',
        vehicle_make: 'Ford',
        vehicle_model: '',
        tags: [TAG_VIP],
      },
    });
  });

  it('sends no account unless the first account is added', async () => {
    const { user, api, location } = await openCreate({
      [`POST ${customersApi}`]: { status: 201, body: created },
    });
    await screen.findByRole('heading', { name: 'Create Customer' });
    await fillValidCustomer(user);
    // Opened and closed again: what was typed there is not sent.
    await user.click(screen.getByRole('switch', { name: 'Add the first account' }));
    await fill(user, { 'Vehicle Year': '19' });
    await user.click(screen.getByRole('switch', { name: 'Add the first account' }));
    await submit(user);
    await waitFor(() => expect(location()).toBe(`/merchants/${merchantA.id}/customers/cust-9`));
    expect(api.callsTo(`POST ${customersApi}`)[0]?.body).not.toHaveProperty('account');
  });

  it('sends users of an integrated merchant home', async () => {
    const { location } = await openCreate({}, [integratedMerchant]);
    await waitFor(() => expect(location()).toBe('/'));
    expect(screen.queryByRole('heading', { name: 'Create Customer' })).toBeNull();
  });
});
