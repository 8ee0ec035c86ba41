import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Merchant } from '@paylane/shared/contracts/merchants';
import type { Profile } from '@paylane/shared/contracts/profile';
import {
  customerLookupHandlers,
  customersApi,
  LOCATION_NORTH,
  LOCATION_SOUTH,
  makeCustomer,
  memberProfile,
  page,
} from '../../../test/customer-list-fixtures';
import { stubFetch } from '../../../test/fetch-stub';
import { merchantA, signedInApi, storeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

type Handlers = Parameters<typeof stubFetch>[0];
type User = ReturnType<typeof renderApp>['user'];

const ada = makeCustomer();
const customerApi = `${customersApi}${ada.id}/`;
const customerPage = `/merchants/${merchantA.id}/customers/${ada.id}`;

async function openEdit(
  handlers: Handlers = {},
  options: { profile?: Profile; merchants?: Merchant[] } = {},
) {
  storeSession();
  const api = stubFetch({
    ...signedInApi({ profile: options.profile ?? memberProfile(['staff']), merchants: options.merchants }),
    ...customerLookupHandlers,
    [`GET ${customersApi}`]: { body: page([]) },
    [`GET ${customerApi}`]: { body: ada },
    [`POST ${customerApi}update_last_viewed/`]: { body: { last_viewed_at: ada.created } },
    ...handlers,
  });
  const view = renderApp(`${customerPage}/detail`);
  await screen.findByRole('heading', { name: 'Customer Details' });
  // The locations arrive after the customer: the location select shows the customer's once they have.
  await waitFor(() => expect(select('Location')).toHaveValue(LOCATION_NORTH));
  return { api, ...view };
}

const input = (label: string) => screen.getByLabelText(label, { exact: false, selector: 'input' });
const select = (label: string) => screen.getByLabelText(label, { exact: false, selector: 'select' });

async function retype(user: User, label: string, value: string) {
  await user.clear(input(label));
  await user.type(input(label), value);
}

describe('edit customer', () => {
  it('shows the customer’s details as they are typed and saves them with PUT bp_information', async () => {
    const { user, api, location } = await openEdit({
      [`PUT ${customerApi}bp_information/`]: { body: { ...ada, last_name: 'King' } },
    });
    expect(input('First Name')).toHaveValue('Ada');
    expect(input('Mobile Phone')).toHaveValue('(214) 555-0123');
    expect(input('Date of Birth')).toHaveValue('07/04/1980');
    expect(select('State')).toHaveValue('TX');
    expect(screen.queryByRole('switch', { name: 'Add the first account' })).toBeNull();

    await retype(user, 'Last Name', 'King');
    await user.selectOptions(select('Location'), 'South Lot');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe(customerPage));
    expect(api.callsTo(`PUT ${customerApi}bp_information/`)[0]?.body).toEqual({
      first_name: 'Ada',
      last_name: 'King',
      external_id: 'C-1001',
      sms_phone_number: '(214) 555-0123',
      email: 'ada@example.com',
      location: LOCATION_SOUTH,
      address_line1: '1 Main St',
      address_line2: '',
      city: 'Dallas',
      state: 'TX',
      postal_code: '75201',
      date_of_birth: '1980-07-04',
      language: 'en-US',
    });
    // Saved: leaving asked nothing.
    expect(screen.queryByRole('dialog', { name: 'Leave Page?' })).toBeNull();
  });

  it('shows the rules of docs/product.md §5 and the server’s messages beside the fields', async () => {
    const { user, api } = await openEdit({
      [`PUT ${customerApi}bp_information/`]: {
        status: 400,
        body: { sms_phone_number: ['Phone Number is Already in Use'] },
      },
    });
    await user.clear(input('First Name'));
    await retype(user, 'Email', 'ada@example');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(input('First Name')).toHaveAccessibleDescription('Required'));
    expect(input('Email')).toHaveAccessibleDescription('Email is not valid');
    expect(api.callsTo(`PUT ${customerApi}bp_information/`)).toHaveLength(0);

    await user.type(input('First Name'), 'Ada');
    await retype(user, 'Email', 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(input('Mobile Phone')).toHaveAccessibleDescription('Phone Number is Already in Use'),
    );
  });

  it('asks before leaving with unsaved changes', async () => {
    const { user, location } = await openEdit();
    await retype(user, 'City', 'Austin');
    const sections = screen.getByRole('navigation', { name: 'Customer sections' });
    await user.click(within(sections).getByRole('link', { name: 'History' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave Page?' });
    expect(within(dialog).getByText('Changes you made may not be saved.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(location()).toBe(`${customerPage}/detail`);
    expect(input('City')).toHaveValue('Austin');

    await user.click(within(sections).getByRole('link', { name: 'History' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Leave Page?' })).getByRole('button', {
        name: 'Leave',
      }),
    );
    await waitFor(() => expect(location()).toBe(`${customerPage}/history`));
  });

  it('voids the customer after the confirmation, then shows the list', async () => {
    const { user, api, location } = await openEdit({ [`DELETE ${customerApi}`]: { status: 204 } });
    await user.click(screen.getByRole('button', { name: 'Void Customer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Void Customer' });
    expect(
      within(dialog).getByText('Are you sure you would like to remove Ada Lovelace?'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo(`DELETE ${customerApi}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Void Customer' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Void Customer' })).getByRole('button', {
        name: 'Void Customer',
      }),
    );
    await waitFor(() => expect(location()).toBe(`/merchants/${merchantA.id}/customers`));
    expect(api.callsTo(`DELETE ${customerApi}`)).toHaveLength(1);
  });

  it('shows the details read-only to a custom role without is_customer_update_allowed', async () => {
    await openEdit(
      {},
      {
        merchants: [{ ...merchantA, check_custom_roles: true }],
        profile: memberProfile(['Collector', 'staff'], { is_customer_update_allowed: false }),
      },
    );
    expect(input('First Name')).toBeDisabled();
    expect(input('Mobile Phone')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Void Customer' })).toBeNull();
  });
});
