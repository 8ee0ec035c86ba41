import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Merchant } from '@paylane/shared/contracts/merchants';
import type { Profile } from '@paylane/shared/contracts/profile';
import { memberProfile } from '../../../test/customer-list-fixtures';
import { stubFetch, type StubRequest } from '../../../test/fetch-stub';
import { merchantA, signedInApi, storeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { page, reminder, scheduled, templatesApi, templatesPage, welcome } from './template-test-fixtures';

function openList(options: { profile?: Profile; merchants?: Merchant[]; count?: number } = {}) {
  storeSession();
  let templates = [reminder, welcome, scheduled];
  const api = stubFetch({
    ...signedInApi({ profile: options.profile ?? memberProfile(['staff']), merchants: options.merchants }),
    [`GET ${templatesApi}`]: () => ({ body: page(templates, options.count) }),
    [`PUT ${templatesApi}${reminder.id}/`]: (request: StubRequest) => {
      const body = request.body as { active: boolean };
      templates = templates.map((item) =>
        item.id === reminder.id ? { ...item, active: body.active } : item,
      );
      return { body: templates[0] };
    },
    [`PUT ${templatesApi}${welcome.id}/`]: {
      status: 400,
      body: { active: ['Auto generated templates must remain active'] },
    },
    [`DELETE ${templatesApi}${reminder.id}/`]: () => {
      templates = templates.filter((item) => item.id !== reminder.id);
      return { status: 204 };
    },
  });
  return { api, ...renderApp(templatesPage) };
}

describe('template list', () => {
  it('lists templates 50 a page with Create Template, and a row opens the template', async () => {
    const { api, user, location } = openList();
    expect(await screen.findByRole('heading', { name: 'Message Templates' })).toBeInTheDocument();
    await screen.findByRole('row', { name: /Friendly reminder/ });
    expect(Object.fromEntries(api.callsTo(`GET ${templatesApi}`).at(-1)!.search)).toEqual({
      page: '1',
      page_size: '50',
    });
    expect(screen.getByRole('link', { name: 'Create Template' })).toHaveAttribute(
      'href',
      `${templatesPage}/create`,
    );
    await user.click(
      within(screen.getByRole('row', { name: /Three days before/ })).getByText('Three days before'),
    );
    await waitFor(() => expect(location()).toBe(`${templatesPage}/${scheduled.id}`));
  });

  it('saves the Active checkbox at once, and keeps system templates active and undeletable', async () => {
    const { api, user } = openList();
    const row = await screen.findByRole('row', { name: /Friendly reminder/ });
    const active = within(row).getByRole('checkbox', { name: 'Active: Friendly reminder' });
    expect(active).toBeChecked();
    await user.click(active);
    await waitFor(() => expect(api.callsTo(`PUT ${templatesApi}${reminder.id}/`)).toHaveLength(1));
    expect(api.callsTo(`PUT ${templatesApi}${reminder.id}/`)[0]!.body).toMatchObject({
      name: 'Friendly reminder',
      active: false,
      message_bodies: reminder.message_bodies,
    });
    await waitFor(() =>
      expect(within(row).getByRole('checkbox', { name: 'Active: Friendly reminder' })).not.toBeChecked(),
    );

    const systemRow = screen.getByRole('row', { name: /Welcome/ });
    const systemBox = within(systemRow).getByRole('checkbox', { name: 'Active: Welcome' });
    expect(systemBox).toBeChecked();
    expect(systemBox).toBeDisabled();
    expect(within(systemRow).getByTitle('Auto generated templates must remain active')).toBeInTheDocument();
    expect(within(systemRow).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(api.callsTo(`PUT ${templatesApi}${welcome.id}/`)).toHaveLength(0);
  });

  it('deletes a template after the confirmation of docs/product.md §8', async () => {
    const { api, user } = openList();
    const row = await screen.findByRole('row', { name: /Friendly reminder/ });
    await user.click(within(row).getByRole('button', { name: 'Delete Friendly reminder' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete this template?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo(`DELETE ${templatesApi}${reminder.id}/`)).toHaveLength(0);

    await user.click(within(row).getByRole('button', { name: 'Delete Friendly reminder' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo(`DELETE ${templatesApi}${reminder.id}/`)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Friendly reminder/ })).toBeNull());
  });

  it('searches by name and pages by 50 or 100 (docs/product.md §9)', async () => {
    const { api, user, location } = openList({ count: 120 });
    await screen.findByRole('row', { name: /Friendly reminder/ });
    await user.type(screen.getByRole('textbox', { name: 'Search templates' }), 'remind{Enter}');
    await waitFor(() =>
      expect(api.callsTo(`GET ${templatesApi}`).at(-1)!.search.get('search')).toBe('remind'),
    );
    await user.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['50', '100']);
    await user.click(screen.getByRole('option', { name: '100' }));
    await waitFor(() =>
      expect(api.callsTo(`GET ${templatesApi}`).at(-1)!.search.get('page_size')).toBe('100'),
    );
    expect(location()).toBe(`${templatesPage}?search=remind&page_size=100`);
  });

  it('sends a user without the template right home (docs/product.md §6)', async () => {
    const { location } = openList({
      profile: memberProfile(['Viewer', 'staff'], {}),
      merchants: [{ ...merchantA, check_custom_roles: true }],
    });
    await waitFor(() => expect(location()).toBe('/'));
  });
});
