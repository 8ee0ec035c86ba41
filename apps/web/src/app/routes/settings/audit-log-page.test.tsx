import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@paylane/shared/contracts/audit';
import { stubFetch, type StubRequest } from '../../../test/fetch-stub';
import { makeProfile, merchantA, signedInApi, storeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const LOG_PATH = `/api/merchants/${merchantA.id}/audit-log/`;

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

const entries: AuditEntry[] = [
  {
    id: 2,
    created: '2026-03-05T15:04:00Z',
    actor: { id: 'user-1', first_name: 'Jane', last_name: 'Doe', email: 'jane@acme.test' },
    action: 'user.updated',
    entity_type: 'user',
    entity_id: 'user-2',
    before: { roles: ['staff'], is_active: true },
    after: { roles: ['admin'], is_active: true },
  },
  {
    id: 1,
    created: '2026-03-04T10:00:00Z',
    actor: null,
    action: 'role.created',
    entity_type: 'custom_role',
    entity_id: 'role-1',
    before: null,
    after: { role_name: 'Collector' },
  },
];

function renderAuditLog() {
  storeSession();
  const api = stubFetch({
    ...signedInApi({ profile: adminProfile }),
    [`GET ${LOG_PATH}`]: (request: StubRequest) => {
      const action = request.search.get('action');
      const results = action ? entries.filter((entry) => entry.action === action) : entries;
      return { body: { count: results.length, next: null, previous: null, results } };
    },
    [`GET ${LOG_PATH}filter_options/`]: {
      body: { actions: ['role.created', 'user.updated'], entity_types: ['custom_role', 'user'], actors: [] },
    },
  });
  return { api, ...renderApp(`/merchants/${merchantA.id}/settings/audit-log`) };
}

const findLogTable = () => screen.findByRole('table');

describe('settings audit log page', () => {
  it('shows who did what and opens the before/after of an entry', async () => {
    const { user } = renderAuditLog();
    const table = await findLogTable();
    const row = within(table).getByText('user.updated').closest('tr')!;
    expect(within(row).getByText('Jane Doe')).toBeInTheDocument();
    expect(within(table).getByText('role.created').closest('tr')).toHaveTextContent('System');

    const toggle = within(row).getByRole('button', { name: 'Show changes' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const changes = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(within(changes).getByText('roles').closest('tr')).toHaveTextContent('["staff"]["admin"]');
    expect(within(changes).queryByText('is_active')).not.toBeInTheDocument(); // unchanged fields stay out
  });

  it('filters by action', async () => {
    const { api, user } = renderAuditLog();
    const table = await findLogTable();
    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByRole('option', { name: 'user.updated' }));
    await waitFor(() => expect(within(table).queryByText('role.created')).not.toBeInTheDocument());
    const last = api.callsTo(`GET ${LOG_PATH}`).at(-1);
    expect(last?.search.get('action')).toBe('user.updated');
    expect(last?.search.get('page')).toBe('1');
  });
});
