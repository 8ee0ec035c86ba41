import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  ada,
  alan,
  composeApi,
  composeHandlers,
  emptyGroup,
  lateGroup,
} from '../../../features/mass-messages/compose-test-fixtures';
import { memberProfile, page } from '../../../test/customer-list-fixtures';
import { stubFetch, type StubRequest } from '../../../test/fetch-stub';
import { merchantA, signedInApi, storeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const groupsPage = `/merchants/${merchantA.id}/customer-groups`;
const written = (request: StubRequest, id = 'grp-new') => {
  const body = request.body as { name?: string; customers?: string[] };
  return {
    status: 201,
    body: {
      id,
      name: body.name ?? lateGroup.name,
      customer_count: body.customers?.length ?? 0,
      created: '2026-11-23T12:00:00.000Z',
      unknown_customers: (body.customers ?? []).filter((item) => item.startsWith('C-9')),
    },
  };
};

function open(path: string, extra: Parameters<typeof stubFetch>[0] = {}) {
  storeSession();
  const api = stubFetch({
    ...signedInApi({ profile: memberProfile(['staff']) }),
    ...composeHandlers,
    [`POST ${composeApi.groups}`]: (request: StubRequest) => written(request),
    [`PUT ${composeApi.groups}${lateGroup.id}/`]: (request: StubRequest) => ({
      ...written(request, lateGroup.id),
      status: 200,
    }),
    [`DELETE ${composeApi.groups}${emptyGroup.id}/`]: { status: 204 },
    [`DELETE ${composeApi.groups}${lateGroup.id}/members/${alan.id}/`]: { status: 204 },
    [`POST ${composeApi.groups}grp-new/members/`]: (request: StubRequest) => ({
      ...written(request),
      status: 200,
    }),
    [`POST ${composeApi.groups}${lateGroup.id}/members/`]: (request: StubRequest) => ({
      ...written(request, lateGroup.id),
      status: 200,
    }),
    [`GET ${composeApi.groups}${lateGroup.id}/members/`]: {
      body: page(
        [ada, alan].map(({ id, first_name, last_name, external_id, sms_phone_number }) => ({
          id,
          first_name,
          last_name,
          external_id,
          sms_phone_number,
        })),
      ),
    },
    ...extra,
  });
  return { api, ...renderApp(path) };
}

describe('customer groups', () => {
  it('creates a group from a CSV key column (find_by_external) and reports unknown ids', async () => {
    const { api, user } = open(groupsPage);
    expect(await screen.findByRole('row', { name: /Late payers/ })).toHaveTextContent('2');
    await user.click(screen.getByRole('button', { name: 'Create Group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Group' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /^Group Name/ }), 'From file');
    const csv = 'id,name\nC-1001,Ada\nC-9999,Nobody\nC-1001,Ada again\n';
    await user.upload(
      within(dialog).getByLabelText('CSV file'),
      new File([csv], 'g.csv', { type: 'text/csv' }),
    );
    await user.selectOptions(await within(dialog).findByRole('combobox', { name: /^Key column/ }), 'id');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(`POST ${composeApi.groups}`)).toHaveLength(1));
    expect(api.callsTo(`POST ${composeApi.groups}`)[0]!.body).toEqual({
      name: 'From file',
      customers: ['C-1001', 'C-9999'],
      find_by_external: true,
    });
    expect(await screen.findByText('Unable to find 1 customer(s)')).toBeInTheDocument();
  });

  it('shows when each group was created on the merchant’s clock, not UTC', async () => {
    open(groupsPage);
    const row = await screen.findByRole('row', { name: /Late payers/ });
    // 15:00 UTC on March 4 is 9:00 AM in Chicago (merchantA.time_zone), before daylight saving starts.
    expect(await within(row).findByText('03/04/2026 9:00 AM CST')).toBeInTheDocument();
    expect(within(row).queryByText(/UTC/)).not.toBeInTheDocument();
  });

  it('renames and deletes groups after confirmation', async () => {
    const { api, user } = open(groupsPage);
    await screen.findByRole('row', { name: /Late payers/ });
    await user.click(screen.getByRole('button', { name: 'Rename Late payers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename Group' });
    const name = within(dialog).getByRole('textbox', { name: /^Group Name/ });
    await user.clear(name);
    await user.type(name, 'Very late');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(`PUT ${composeApi.groups}${lateGroup.id}/`)).toHaveLength(1));
    expect(api.callsTo(`PUT ${composeApi.groups}${lateGroup.id}/`)[0]!.body).toEqual({ name: 'Very late' });

    await user.click(screen.getByRole('button', { name: 'Delete Nobody yet' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Group' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo(`DELETE ${composeApi.groups}${emptyGroup.id}/`)).toHaveLength(1));
  });

  it('lists a group’s members and removes one after the confirmation of docs/product.md §8', async () => {
    const { api, user } = open(`${groupsPage}/${lateGroup.id}`);
    const row = await screen.findByRole('row', { name: /Alan Turing/ });
    expect(screen.getByRole('heading', { name: 'Late payers' })).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Remove Alan Turing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Customer' });
    expect(dialog).toHaveTextContent('Are you sure you would like to remove Alan Turing?');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    // One member out by its own request, not the whole list again (a group may hold 100,000).
    const removal = `DELETE ${composeApi.groups}${lateGroup.id}/members/${alan.id}/`;
    await waitFor(() => expect(api.callsTo(removal)).toHaveLength(1));
    expect(api.callsTo(`PUT ${composeApi.groups}${lateGroup.id}/`)).toHaveLength(0);
  });

  it('sends a CSV of more than 10,000 ids in slices: the group is created with the first, the rest added', async () => {
    const { api, user } = open(groupsPage);
    await screen.findByRole('row', { name: /Late payers/ });
    await user.click(screen.getByRole('button', { name: 'Create Group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Group' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Group Name/ }), 'Whole book');
    const ids = Array.from({ length: 10_001 }, (_, i) => `C-9${String(i).padStart(6, '0')}`);
    await user.upload(
      within(dialog).getByLabelText('CSV file'),
      new File([`id\n${ids.join('\n')}\n`], 'book.csv', { type: 'text/csv' }),
    );
    await user.selectOptions(await within(dialog).findByRole('combobox', { name: /^Key column/ }), 'id');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(`POST ${composeApi.groups}grp-new/members/`)).toHaveLength(1));
    expect(api.callsTo(`POST ${composeApi.groups}`)[0]!.body).toEqual({
      name: 'Whole book',
      customers: ids.slice(0, 10_000),
      find_by_external: true,
    });
    expect(api.callsTo(`POST ${composeApi.groups}grp-new/members/`)[0]!.body).toEqual({
      customers: ids.slice(10_000),
      find_by_external: true,
    });
    expect(await screen.findByText('Unable to find 10001 customer(s)')).toBeInTheDocument();
  });

  it('adds a CSV’s customers to a group by their Customer IDs (find_by_external)', async () => {
    const { api, user } = open(`${groupsPage}/${lateGroup.id}`);
    await screen.findByRole('row', { name: /Alan Turing/ });
    await user.click(screen.getByRole('button', { name: 'Add from CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Customers from CSV' });
    await user.upload(
      within(dialog).getByLabelText('CSV file'),
      new File(['id\nC-1002\nC-9999\n'], 'more.csv', { type: 'text/csv' }),
    );
    await user.selectOptions(await within(dialog).findByRole('combobox', { name: /^Key column/ }), 'id');
    await user.click(within(dialog).getByRole('button', { name: 'Add Customers' }));
    await waitFor(() =>
      expect(api.callsTo(`POST ${composeApi.groups}${lateGroup.id}/members/`)).toHaveLength(1),
    );
    expect(api.callsTo(`POST ${composeApi.groups}${lateGroup.id}/members/`)[0]!.body).toEqual({
      customers: ['C-1002', 'C-9999'],
      find_by_external: true,
    });
    expect(await screen.findByText('Unable to find 1 customer(s)')).toBeInTheDocument();
  });

  it('saves the customer list selection as a group', async () => {
    const { api, user } = open(`/merchants/${merchantA.id}/customers`);
    await screen.findByRole('row', { name: /Ada Lovelace/ });
    await user.click(screen.getByRole('checkbox', { name: 'Select Ada Lovelace' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Alan Turing' }));
    expect(screen.getByRole('region', { name: 'Selected customers' })).toHaveTextContent(
      '2 customers selected',
    );
    await user.click(screen.getByRole('button', { name: 'Save as Group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save as Group' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Group Name/ }), 'Picked');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(`POST ${composeApi.groups}`)).toHaveLength(1));
    expect(api.callsTo(`POST ${composeApi.groups}`)[0]!.body).toEqual({
      name: 'Picked',
      customers: [ada.id, alan.id],
      find_by_external: false,
    });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Selected customers' })).toBeNull());
  });

  it('sends a user without Group Message home', async () => {
    const { location } = open(groupsPage, {
      ...signedInApi({
        profile: memberProfile(['staff']),
        merchants: [{ ...merchantA, allow_group_message: false }],
      }),
    });
    await waitFor(() => expect(location()).toBe('/'));
  });
});
