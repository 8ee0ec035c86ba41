import { cleanup, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Profile } from '@paylane/shared/contracts/profile';
import {
  expectedAccess,
  matrixSubjects,
  type MatrixSubject,
} from '@paylane/shared/permission-matrix.fixture';
import { capabilities, type Capability, type PermissionSubject } from '@paylane/shared/permissions';
import { stubWebSocket } from '../test/fake-web-socket';
import { stubFetch } from '../test/fetch-stub';
import { makeProfile, merchantA, signedInApi, storeSession } from '../test/fixtures';
import { renderApp } from '../test/render-app';
import { customerLookupHandlers, makeCustomer, makeListItem, page } from '../test/customer-list-fixtures';

// docs/product.md §6 in the browser: for every subject and both kinds of merchant, the real app renders, and each
// capability's link or settings tab shows exactly when the hand-written table says so (the same table the
// API test checks). Capabilities whose screens come with later issues are listed as such and must gain
// their probe when those screens land.
type UiProbe =
  | { kind: 'nav' | 'tab'; name: string }
  /** A control on a page: the page is opened and the control looked for once its heading shows. */
  | { kind: 'page'; page: keyof typeof probedPages; role: 'link' | 'button'; name: string }
  /** A text box on a page that is editable only with the capability (read-only without it). */
  | { kind: 'editable'; page: keyof typeof probedPages; name: string };

const customerId = 'cust-1';
/** Pages whose controls prove a capability, with the heading that says the page has loaded. */
const probedPages = {
  customers: { path: `/merchants/${merchantA.id}/customers`, heading: 'Customers' },
  customer: { path: `/merchants/${merchantA.id}/customers/${customerId}`, heading: 'Ada Lovelace' },
  notes: { path: `/merchants/${merchantA.id}/customers/${customerId}/notes`, heading: 'Ada Lovelace' },
  messages: { path: `/merchants/${merchantA.id}/customers/${customerId}/messages`, heading: 'Ada Lovelace' },
};
const uiProbes: Partial<Record<Capability, UiProbe>> = {
  manageTemplates: { kind: 'nav', name: 'Message Templates' },
  viewPaymentReports: { kind: 'nav', name: 'Payment Report' },
  groupMessage: { kind: 'page', page: 'customers', role: 'button', name: 'Group Message' },
  createCustomer: { kind: 'page', page: 'customers', role: 'link', name: 'Create Customer' },
  importCustomers: { kind: 'page', page: 'customers', role: 'link', name: 'Import Customers' },
  updateCustomer: { kind: 'page', page: 'customer', role: 'link', name: 'Edit' },
  updateNotes: { kind: 'page', page: 'notes', role: 'button', name: 'Add Note' },
  freeText: { kind: 'editable', page: 'messages', name: 'Message' },
  mergeRecords: { kind: 'nav', name: 'Merge Customers' },
  correctPayments: { kind: 'nav', name: 'Move Payment' },
  manageMerchantSetup: { kind: 'nav', name: 'Locations' },
  manageMerchants: { kind: 'nav', name: 'Merchants' },
  manageMerchantSettings: { kind: 'tab', name: 'General' },
  manageUsers: { kind: 'tab', name: 'Users' },
  manageRoles: { kind: 'tab', name: 'Roles' },
  manageTags: { kind: 'tab', name: 'Tags' },
  manageIntegrations: { kind: 'tab', name: 'Integrations' },
  manageApiKeys: { kind: 'tab', name: 'API Keys' },
  managePasstime: { kind: 'tab', name: 'PassTime' },
  manageIturan: { kind: 'tab', name: 'Ituran' },
};
/**
 * Screens of later issues: the action and DMS reports and the success dashboard. Their links join the
 * navigation with their screens (no link may open 'Page Not Found'), and their probes with them.
 */
const screensOfLaterIssues: Capability[] = [
  'viewActionReport',
  'viewDmsReport',
  'viewSuccessDashboard',
  // Parts of the take-payment form (issue 16), checked there when the form lands.
  'waivePaymentFee',
  'exceedRolePaymentLimits',
];

function profileFor(subject: MatrixSubject): Profile {
  const { roles, isSuperAdmin } = matrixSubjects[subject];
  const definition: PermissionSubject = matrixSubjects[subject];
  const flags = definition.flags ?? {};
  if (isSuperAdmin) {
    return makeProfile({ roles: ['super_admin'], is_super_admin: true, memberships: [], organization: null });
  }
  const customRole = roles[1] ? { id: `role-${roles[1]}`, role_name: roles[1] } : null;
  const membershipRoles = customRole ? [customRole.role_name, roles[0]!] : [...roles];
  return makeProfile({
    roles: membershipRoles,
    memberships: [
      {
        merchant: { id: merchantA.id, name: merchantA.name, logo: null },
        roles: membershipRoles,
        custom_role: customRole,
        permissions: flags,
      },
    ],
  });
}

/** The capabilities whose link, tab or page control this subject sees in the rendered app. */
async function visibleCapabilities(subject: MatrixSubject, checkCustomRoles: boolean) {
  const isSuperAdmin = matrixSubjects[subject].isSuperAdmin;
  window.localStorage.setItem('paylane.merchant_id', merchantA.id);
  storeSession({ groups: isSuperAdmin ? ['super'] : [] });
  stubWebSocket(); // the chat window's live socket
  const merchant = { ...merchantA, check_custom_roles: checkCustomRoles, allow_group_message: true };
  stubFetch({
    ...signedInApi({ profile: profileFor(subject), merchants: [merchant] }),
    ...customerPageApi,
  });
  const { user, app } = renderApp('/');
  const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
  await within(nav).findByRole('link', { name: 'Customers' });
  const navLinks = within(nav)
    .queryAllByRole('link')
    .map((link) => link.textContent ?? '');
  let tabs: string[] = [];
  if (navLinks.includes('Settings')) {
    await user.click(within(nav).getByRole('link', { name: 'Settings' }));
    tabs = (await screen.findAllByRole('tab')).map((tab) => tab.textContent ?? '');
  }
  app.dispose();
  const visible: Capability[] = [];
  for (const [capability, probe] of Object.entries(uiProbes) as [Capability, UiProbe][]) {
    if (
      probe.kind === 'page' || probe.kind === 'editable'
        ? await showsOnPage(probe)
        : (probe.kind === 'nav' ? navLinks : tabs).includes(probe.name)
    )
      visible.push(capability);
  }
  return visible;
}

async function showsOnPage(probe: Extract<UiProbe, { kind: 'page' | 'editable' }>): Promise<boolean> {
  const target = probedPages[probe.page];
  const { app } = renderApp(target.path);
  await screen.findByRole('heading', { level: 1, name: target.heading });
  const shown =
    probe.kind === 'editable'
      ? !(await screen.findByRole('textbox', { name: probe.name })).hasAttribute('readonly')
      : screen.queryByRole(probe.role, { name: probe.name }) !== null;
  app.dispose();
  cleanup();
  return shown;
}

/** What the probed customer pages read. */
const customerPageApi = {
  ...customerLookupHandlers,
  [`GET /api/merchants/${merchantA.id}/customers/`]: { body: page([makeListItem({ id: customerId })]) },
  [`GET /api/merchants/${merchantA.id}/customers/${customerId}/`]: {
    body: makeCustomer({ id: customerId, first_name: 'Ada', last_name: 'Lovelace' }),
  },
  [`POST /api/merchants/${merchantA.id}/customers/${customerId}/update_last_viewed/`]: {
    body: { last_viewed_at: '2026-11-23T12:00:00.000Z' },
  },
  [`GET /api/merchants/${merchantA.id}/customers/${customerId}/notes/`]: { body: page([]) },
  [`GET /api/merchants/${merchantA.id}/customers/${customerId}/messages/`]: {
    body: { next: null, previous: null, results: [] },
  },
  [`GET /api/merchants/${merchantA.id}/message_templates/`]: { body: page([]) },
};

describe('the capability table of docs/product.md §6, shown or hidden by the web', () => {
  it('has a screen probe for every capability whose screens exist', () => {
    const probed = [...Object.keys(uiProbes), ...screensOfLaterIssues].sort();
    expect(probed).toEqual(Object.keys(capabilities).sort());
  });

  for (const kind of ['standard', 'custom'] as const) {
    for (const subject of Object.keys(matrixSubjects) as MatrixSubject[]) {
      it(`${subject} on a ${kind} merchant sees exactly what docs/product.md §6 allows`, async () => {
        const visible = await visibleCapabilities(subject, kind === 'custom');
        const expected = (Object.keys(uiProbes) as Capability[]).filter((capability) =>
          expectedAccess[capability][kind].includes(subject),
        );
        expect(visible.sort()).toEqual(expected.sort());
      });
    }
  }
});
