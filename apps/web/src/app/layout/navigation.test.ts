import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { merchantA } from '../../test/fixtures';
import { createQueryClient } from '../query-client';
import { buildRoutes } from '../router';
import { NAV_ICONS } from './nav-icons';
import { buildNavigation, isNavItemActive, type NavigationInput } from './navigation';

const labels = (input: NavigationInput) =>
  buildNavigation(input).flatMap((section) => section.items.map((item) => item.label));
const base = { merchantId: merchantA.id, merchant: merchantA };

describe('buildNavigation', () => {
  it('gives staff the merchant pages and reports, but not settings or merchants', () => {
    const shown = labels({ ...base, isSuperAdmin: false, roles: ['staff'] });
    expect(shown).toEqual(
      expect.arrayContaining(['Home', 'Inbox', 'Customers', 'Message Templates', 'Message Report']),
    );
    expect(shown).not.toContain('Settings');
    expect(shown).not.toContain('Merchants');
    expect(shown).not.toContain('Merge Customers');
  });

  it('gives admins settings but not the merchants list', () => {
    const shown = labels({ ...base, isSuperAdmin: false, roles: ['admin'] });
    expect(shown).toContain('Settings');
    expect(shown).toContain('Merge Customers');
    expect(shown).not.toContain('Merchants');
  });

  it('on a custom-role merchant, shows staff exactly what their custom role flags allow', () => {
    const custom = { merchantId: merchantA.id, merchant: { ...merchantA, check_custom_roles: true } };
    const withoutFlags = labels({ ...custom, isSuperAdmin: false, roles: ['Viewer', 'staff'], flags: {} });
    expect(withoutFlags).not.toContain('Message Templates');
    expect(withoutFlags).not.toContain('Customer Groups');
    expect(withoutFlags).toContain('Message Report');
    const writer = labels({
      ...custom,
      isSuperAdmin: false,
      roles: ['Writer', 'staff'],
      flags: { is_template_update_allowed: true },
    });
    expect(writer).toContain('Message Templates');
    expect(writer).not.toContain('Customer Groups');
  });

  it('links the Payment Report beside the Message Report for who may see payment reports (docs/product.md §6)', () => {
    const reports = (input: NavigationInput) =>
      buildNavigation(input).find((section) => section.label === 'Reports')?.items ?? [];
    expect(reports({ ...base, isSuperAdmin: false, roles: ['staff'] })).toEqual([
      { label: 'Message Report', to: '/message-report' },
      { label: 'Payment Report', to: '/payment-report' },
      { label: 'Promises', to: '/promises' },
      { label: 'Autopay Summary', to: '/autopay-summary' },
      { label: 'Autopay Failures', to: `/${merchantA.id}/autopay-failures` },
      { label: 'ACH Returns', to: '/ach-return' },
      { label: 'Failed Actions', to: `/merchants/${merchantA.id}/failed-actions` },
    ]);
    const custom = { merchantId: merchantA.id, merchant: { ...merchantA, check_custom_roles: true } };
    const without = labels({ ...custom, isSuperAdmin: false, roles: ['Viewer', 'staff'], flags: {} });
    expect(without).not.toContain('Payment Report');
    expect(without).not.toContain('ACH Returns');
    expect(without).toContain('Promises'); // every member (docs/product.md §2 navigation)
    const allowed = labels({
      ...custom,
      isSuperAdmin: false,
      roles: ['Cashier', 'staff'],
      flags: { is_merchant_payment_report_allowed: true },
    });
    expect(allowed).toContain('Payment Report');
    expect(allowed).toContain('ACH Returns');
  });

  it('gives super admins everything', () => {
    const shown = labels({ ...base, isSuperAdmin: true, roles: ['super_admin'] });
    expect(shown).toEqual(
      expect.arrayContaining(['Settings', 'Merchants', 'Message Report', 'Message Templates']),
    );
  });

  it('applies custom roles: staff without flags lose templates and group messages', () => {
    const merchant = { ...merchantA, check_custom_roles: true };
    const shown = labels({ merchantId: merchant.id, merchant, isSuperAdmin: false, roles: ['staff'] });
    expect(shown).not.toContain('Message Templates');
    expect(shown).not.toContain('Customer Groups');
    expect(shown).toContain('Message Report'); // every member reads it (docs/product.md §2 reports)
  });

  it('links merchant pages to the spec routes of the current merchant', () => {
    const sections = buildNavigation({ ...base, isSuperAdmin: false, roles: ['admin'] });
    const links = Object.fromEntries(
      sections.flatMap((section) => section.items.map((item) => [item.label, item.to])),
    );
    expect(links).toMatchObject({
      Home: '/',
      Inbox: '/merchants/merchant-a/inbox',
      Customers: '/merchants/merchant-a/customers/',
      'Message Templates': '/merchants/merchant-a/message-templates',
      Settings: '/merchants/merchant-a/settings/general',
    });
  });

  it('shows only Home (and Merchants for super admins) without a current merchant', () => {
    expect(labels({ merchantId: null, merchant: null, isSuperAdmin: false, roles: ['staff'] })).toEqual([
      'Home',
    ]);
    expect(labels({ merchantId: null, merchant: null, isSuperAdmin: true, roles: ['super_admin'] })).toEqual([
      'Home',
      'Merchants',
    ]);
  });
});

describe('only built screens', () => {
  // Issue 14: five report links opened 'Page Not Found'. A screen joins the navigation when it is built.
  const routes = buildRoutes(createQueryClient());
  const everyone: NavigationInput[] = [
    { ...base, isSuperAdmin: true, roles: ['super_admin'] },
    { ...base, isSuperAdmin: false, roles: ['admin'] },
    { ...base, isSuperAdmin: false, roles: ['staff'] },
    { ...base, merchant: { ...merchantA, check_custom_roles: true }, isSuperAdmin: false, roles: ['staff'] },
    { merchantId: null, merchant: null, isSuperAdmin: true, roles: ['super_admin'] },
    { ...base, isSuperAdmin: false, isPartner: true, roles: [] },
  ];

  it('links every role only to paths a page of the router answers, never the catch-all', () => {
    for (const input of everyone) {
      for (const item of buildNavigation(input).flatMap((section) => section.items)) {
        const matched = matchRoutes(routes, item.to) ?? [];
        const page = matched[matched.length - 1]?.route;
        expect(page, `${item.label} → ${item.to}`).toBeDefined();
        expect(page?.path, `${item.label} → ${item.to}`).not.toBe('*');
      }
    }
  });

  it('gives every link any role can see its icon (issue 20 item 5)', () => {
    const shown = new Set(everyone.flatMap(labels));
    expect(shown.size).toBeGreaterThan(15);
    expect([...shown].filter((label) => !(label in NAV_ICONS))).toEqual([]);
  });

  it('leaves out the reports whose screens are not built yet', () => {
    const shown = labels({ ...base, isSuperAdmin: true, roles: ['super_admin'] });
    for (const unbuilt of ['Payment Request Report', 'Action Report', 'DMS Notification Report']) {
      expect(shown).not.toContain(unbuilt);
    }
  });
});

describe('Misc Payments', () => {
  it('links every member to the merchant’s misc payments, as Take Payment (any member, custom roles too)', () => {
    const custom = { ...base, merchant: { ...merchantA, check_custom_roles: true } };
    for (const input of [
      { ...base, isSuperAdmin: true, roles: ['super_admin'] },
      { ...base, isSuperAdmin: false, roles: ['admin'] },
      { ...base, isSuperAdmin: false, roles: ['staff'] },
      { ...custom, isSuperAdmin: false, roles: ['staff'], flags: {} },
    ]) {
      const items = buildNavigation(input).flatMap((section) => section.items);
      expect(items).toContainEqual({ label: 'Misc Payments', to: '/merchants/merchant-a/misc-payment' });
    }
    expect(
      labels({ merchantId: null, merchant: null, isSuperAdmin: true, roles: ['super_admin'] }),
    ).not.toContain('Misc Payments');
  });
});

describe('Customer Groups', () => {
  it('shows under Customers for who may send a group message (docs/product.md §6, allow_group_message)', () => {
    const staff = labels({ ...base, isSuperAdmin: false, roles: ['staff'] });
    expect(staff.slice(staff.indexOf('Customers'), staff.indexOf('Customers') + 2)).toEqual([
      'Customers',
      'Customer Groups',
    ]);
    const closed = { merchantId: merchantA.id, merchant: { ...merchantA, allow_group_message: false } };
    expect(labels({ ...closed, isSuperAdmin: true, roles: ['super_admin'] })).not.toContain(
      'Customer Groups',
    );
    const custom = { merchantId: merchantA.id, merchant: { ...merchantA, check_custom_roles: true } };
    expect(labels({ ...custom, isSuperAdmin: false, roles: ['staff'], flags: {} })).not.toContain(
      'Customer Groups',
    );
  });
});

describe('the Tools section', () => {
  const tools = (input: NavigationInput) =>
    buildNavigation(input).find((section) => section.label === 'Tools')?.items ?? [];
  const mergeLinks = [
    { label: 'Merge Customers', to: '/tools/merge-customers' },
    { label: 'Merge Accounts', to: '/tools/merge-accounts' },
  ];

  const moveLink = { label: 'Move Payment', to: '/customers/move-payment' };

  it('gives admins and super admins the merge tools (mergeRecords) and Move Payment (correctPayments)', () => {
    const adminTools = [...mergeLinks, moveLink];
    expect(tools({ ...base, isSuperAdmin: false, roles: ['admin'] })).toEqual(adminTools);
    expect(tools({ ...base, isSuperAdmin: true, roles: ['super_admin'] })).toEqual(adminTools);
    const custom = { ...base, merchant: { ...merchantA, check_custom_roles: true } };
    expect(tools({ ...custom, isSuperAdmin: false, roles: ['admin'] })).toEqual(adminTools);
  });

  it('gives a custom role allowed to refund Move Payment alone', () => {
    const custom = { ...base, merchant: { ...merchantA, check_custom_roles: true } };
    const flags = { is_payment_refund_allowed: true };
    expect(tools({ ...custom, isSuperAdmin: false, roles: ['Cashier', 'staff'], flags })).toEqual([moveLink]);
  });

  it('leaves the section out for staff, custom roles and without a merchant', () => {
    expect(tools({ ...base, isSuperAdmin: false, roles: ['staff'] })).toEqual([]);
    const custom = { ...base, merchant: { ...merchantA, check_custom_roles: true } };
    const flags = { is_customer_update_allowed: true, is_note_update_allowed: true };
    expect(tools({ ...custom, isSuperAdmin: false, roles: ['Closer', 'staff'], flags })).toEqual([]);
    expect(tools({ merchantId: null, merchant: null, isSuperAdmin: true, roles: ['super_admin'] })).toEqual(
      [],
    );
  });
});

describe('isNavItemActive', () => {
  it('lights Home on its sub-pages and other links on their sub-paths', () => {
    expect(isNavItemActive('/', '/failed-payments')).toBe(true);
    expect(isNavItemActive('/', '/merchants')).toBe(false);
    expect(isNavItemActive('/merchants/m/customers/', '/merchants/m/customers/12')).toBe(true);
    expect(isNavItemActive('/merchants', '/merchants-x')).toBe(false);
  });
});
