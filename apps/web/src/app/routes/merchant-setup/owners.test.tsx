import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub';
import { makeProfile, merchantA, signedInApi, storeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const ownersPath = `/api/merchants/${merchantA.id}/business_owners/`;
const adminProfile = makeProfile({
  roles: ['admin'],
  memberships: [
    {
      merchant: { id: merchantA.id, name: merchantA.name, logo: null },
      roles: ['admin'],
      custom_role: null,
      permissions: {},
    },
  ],
});

const storedOwner = {
  id: 'owner-1',
  full_name: 'Dana Owner',
  title: 'CEO',
  email: 'dana@example.com',
  phone: '+12145550123',
  ssn_masked: '***-**-6789',
  date_of_birth: '1980-07-04',
  ownership_percentage: 60,
  address_line1: '1 Main St',
  city: 'Dallas',
  state: 'TX',
  postal_code: '75201',
  created: '2026-01-01T00:00:00.000Z',
  updated: '2026-01-01T00:00:00.000Z',
};

async function openCreateForm(handlers: Parameters<typeof stubFetch>[0] = {}) {
  storeSession();
  const api = stubFetch({
    ...signedInApi({ profile: adminProfile }),
    [`GET ${ownersPath}`]: { body: { count: 0, next: null, previous: null, results: [] } },
    ...handlers,
  });
  const view = renderApp(`/merchants/${merchantA.id}/owners/create`);
  expect(await screen.findByRole('heading', { name: 'Create Owner' })).toBeInTheDocument();
  return { api, ...view };
}

type User = ReturnType<typeof renderApp>['user'];

async function fillOwner(user: User, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const input = screen.getByLabelText(label, { exact: false, selector: 'input' });
    await user.clear(input);
    await user.type(input, value);
  }
}

async function chooseState(user: User, state: string) {
  await user.selectOptions(screen.getByLabelText('State', { exact: false, selector: 'select' }), state);
}

const validOwner = {
  'Full Name': 'Dana Owner',
  Email: 'dana@example.com',
  Phone: '2145550123',
  SSN: '123456789',
  'Date of Birth': '07/04/1980',
  'Ownership Percentage': '60',
  Address: '1 Main St',
  City: 'Dallas',
  'Postal Code': '75201',
};

describe('owner form', () => {
  it('formats the phone as it is typed, in national format', async () => {
    const { user } = await openCreateForm();
    const phone = screen.getByLabelText('Phone');
    await user.type(phone, '214');
    expect(phone).toHaveValue('(214)');
    await user.type(phone, '5550123');
    expect(phone).toHaveValue('(214) 555-0123');
    await user.type(phone, '99');
    expect(phone).toHaveValue('(214) 555-0123');
    await user.type(phone, '{Backspace}{Backspace}{Backspace}{Backspace}{Backspace}');
    expect(phone).toHaveValue('(214) 55');
    await user.clear(phone);
    await user.type(phone, '+1 416 555 0199');
    expect(phone).toHaveValue('(416) 555-0199');
  });

  it('shows the spec messages for bad input before calling the server', async () => {
    const { user, api } = await openCreateForm();
    const future = new Date(Date.now() + 3 * 86_400_000);
    const mmddyyyy = `${String(future.getMonth() + 1).padStart(2, '0')}/${String(future.getDate()).padStart(2, '0')}/${future.getFullYear()}`;
    await fillOwner(user, {
      ...validOwner,
      'Full Name': 'Dana',
      Phone: '5551234567',
      SSN: '123-45-6789',
      'Date of Birth': mmddyyyy,
      'Ownership Percentage': '10.555',
      'Postal Code': '7520',
    });
    await user.click(screen.getByRole('button', { name: 'Create Owner' }));
    expect(await screen.findByText('This field must be a full name')).toBeInTheDocument();
    expect(screen.getByText('Phone number is not valid')).toBeInTheDocument();
    expect(screen.getByText('SSN must be 9 digits, no dashes')).toBeInTheDocument();
    expect(screen.getByText('Date of Birth Can Not Be in The Future')).toBeInTheDocument();
    expect(screen.getByText('Ownership Percentage is Invalid')).toBeInTheDocument();
    expect(
      screen.getByText('Please enter a valid postal code (e.g., 12345 or 12345-6789)'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('SSN', { exact: false, selector: 'input' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(api.callsTo(`POST ${ownersPath}`)).toHaveLength(0);
  });

  it('shows the date as MM/DD/YYYY and says when typed text is not a date', async () => {
    const { user } = await openCreateForm();
    await fillOwner(user, { ...validOwner, 'Date of Birth': '02/31/1980' });
    await chooseState(user, 'TX');
    await user.click(screen.getByRole('button', { name: 'Create Owner' }));
    expect(await screen.findByText('Date is not valid')).toBeInTheDocument();
    expect(screen.getByLabelText('Date of Birth', { exact: false, selector: 'input' })).toHaveAttribute(
      'maxlength',
      '10',
    );
  });

  it('puts a server field error under its field, then saves and returns to the list', async () => {
    let answer = {
      status: 400,
      body: { ownership_percentage: ['Ownership Percentage is Invalid'] } as unknown,
    };
    const { user, api, location } = await openCreateForm({ [`POST ${ownersPath}`]: () => answer });
    await fillOwner(user, validOwner);
    await chooseState(user, 'TX');
    await user.click(screen.getByRole('button', { name: 'Create Owner' }));
    expect(await screen.findByText('Ownership Percentage is Invalid')).toBeInTheDocument();
    const share = screen.getByLabelText('Ownership Percentage', { exact: false, selector: 'input' });
    expect(share).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo(`POST ${ownersPath}`)[0]?.body).toEqual({
      full_name: 'Dana Owner',
      title: '',
      email: 'dana@example.com',
      phone: '+12145550123',
      ssn: '123456789',
      date_of_birth: '1980-07-04',
      ownership_percentage: 60,
      address_line1: '1 Main St',
      city: 'Dallas',
      state: 'TX',
      postal_code: '75201',
    });
    expect(screen.queryByText('Oops! Something Went Wrong...')).not.toBeInTheDocument();

    answer = { status: 201, body: storedOwner };
    await fillOwner(user, { 'Ownership Percentage': '40' });
    await user.click(screen.getByRole('button', { name: 'Create Owner' }));
    await waitFor(() => expect(location()).toBe(`/merchants/${merchantA.id}/owners`));
  });

  it('edits an owner showing only the SSN mask, keeping the SSN when left empty', async () => {
    storeSession();
    const api = stubFetch({
      ...signedInApi({ profile: adminProfile }),
      [`GET ${ownersPath}owner-1/`]: { body: storedOwner },
      [`PUT ${ownersPath}owner-1/`]: ({ body }) => ({ body: { ...storedOwner, ...(body as object) } }),
      [`GET ${ownersPath}`]: { body: { count: 1, next: null, previous: null, results: [storedOwner] } },
    });
    const { user } = renderApp(`/merchants/${merchantA.id}/owners/owner-1`);
    expect(await screen.findByRole('heading', { name: 'Dana Owner' })).toBeInTheDocument();
    expect(screen.getByText('Stored: ***-**-6789. Leave empty to keep it.')).toBeInTheDocument();
    expect(screen.getByLabelText('Phone')).toHaveValue('(214) 555-0123');
    expect(screen.getByLabelText('Date of Birth', { exact: false, selector: 'input' })).toHaveValue(
      '07/04/1980',
    );
    await fillOwner(user, { Title: 'President' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(`PUT ${ownersPath}owner-1/`)).toHaveLength(1));
    const sent = api.callsTo(`PUT ${ownersPath}owner-1/`)[0]?.body as Record<string, unknown>;
    expect(sent.title).toBe('President');
    expect(sent).not.toHaveProperty('ssn');
  });
});
