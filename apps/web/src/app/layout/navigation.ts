// The left navigation by role (docs/product.md §2 routes, §6 capabilities). Pure, so role visibility is tested directly.
import {
  can,
  type Capability,
  type PermissionFlag,
  type PermissionMerchant,
} from '@paylane/shared/permissions';
import { allowedSettingsTabs } from '../routes/settings/settings-tabs';

export type NavItem = { label: string; to: string };
export type NavSection = { label: string | null; items: NavItem[] };

export type NavigationInput = {
  isSuperAdmin: boolean;
  /** Partners see the merchants they onboarded. */
  isPartner?: boolean;
  /** The user's roles in the current merchant. */
  roles: readonly string[];
  /** The flags of the user's custom role in the current merchant (docs/product.md §3), if any. */
  flags?: Partial<Record<PermissionFlag, boolean>>;
  merchantId: string | null;
  /** The current merchant's record; capability-gated links wait for it. */
  merchant: PermissionMerchant | null;
};

type Candidate = NavItem & { needs?: Capability | 'superAdminOrPartner' | 'merchant' };

function candidates(
  merchantId: string | null,
  settingsPath: string | null,
): { label: string | null; items: Candidate[] }[] {
  const id = merchantId ? encodeURIComponent(merchantId) : '';
  const scoped = (path: string) => `/merchants/${id}${path}`;
  return [
    {
      label: null,
      items: [
        { label: 'Home', to: '/' },
        { label: 'Inbox', to: scoped('/inbox'), needs: 'merchant' },
        { label: 'Customers', to: scoped('/customers/'), needs: 'merchant' },
        // Not a route of docs/product.md §2: the groups a mass text goes to, for who may send one (docs/product.md §6).
        { label: 'Customer Groups', to: scoped('/customer-groups'), needs: 'groupMessage' },
        // docs/product.md §2 /merchants/{merchantID}/misc-payment/** (down payment): who may take a payment on an
        // account may take one here, any member of the merchant.
        { label: 'Misc Payments', to: scoped('/misc-payment'), needs: 'merchant' },
        { label: 'Message Templates', to: scoped('/message-templates'), needs: 'manageTemplates' },
      ],
    },
    {
      label: 'Reports',
      // A screen joins the navigation when it is built (no link may open 'Page Not Found'). docs/product.md §2 reports
      // still to come, with the capability each needs (docs/product.md §6), to add here when their issue lands:
      //   { label: 'Payment Request Report', to: '/payment-request-report', needs: 'viewPaymentReports' },
      //   { label: 'Action Report', to: '/action-report', needs: 'viewActionReport' },
      //   { label: 'DMS Notification Report', to: `/${id}/dms-notification-report`, needs: 'viewDmsReport' },
      items: [
        { label: 'Message Report', to: '/message-report', needs: 'merchant' },
        { label: 'Payment Report', to: '/payment-report', needs: 'viewPaymentReports' },
        // docs/product.md §2 /promises (issue 17 item 4): every member of the merchant.
        { label: 'Promises', to: '/promises', needs: 'merchant' },
        // docs/product.md §2 /autopay-summary and /{merchantID}/autopay-failures (issue 18 item 5): every member.
        { label: 'Autopay Summary', to: '/autopay-summary', needs: 'merchant' },
        { label: 'Autopay Failures', to: `/${id}/autopay-failures`, needs: 'merchant' },
        // docs/product.md §2 /ach-return (issue 18 item 3): returned bank payments, a payment report.
        { label: 'ACH Returns', to: '/ach-return', needs: 'viewPaymentReports' },
        // docs/product.md §2 /merchants/{merchantID}/failed-actions (issue 18 item 4): every member.
        { label: 'Failed Actions', to: scoped('/failed-actions'), needs: 'merchant' },
      ],
    },
    {
      // docs/product.md §2 Tools: they work in the current merchant.
      label: 'Tools',
      items: [
        { label: 'Merge Customers', to: '/tools/merge-customers', needs: 'mergeRecords' },
        { label: 'Merge Accounts', to: '/tools/merge-accounts', needs: 'mergeRecords' },
        // docs/product.md §2 /customers/move-payment: moving money between amounts due, for who may undo money.
        { label: 'Move Payment', to: '/customers/move-payment', needs: 'correctPayments' },
      ],
    },
    {
      label: 'Administration',
      items: [
        { label: 'Locations', to: scoped('/locations'), needs: 'manageMerchantSetup' },
        { label: 'Owners', to: scoped('/owners'), needs: 'manageMerchantSetup' },
        ...(settingsPath
          ? [{ label: 'Settings', to: scoped(`/settings/${settingsPath}`), needs: 'merchant' as const }]
          : []),
        { label: 'Merchants', to: '/merchants', needs: 'superAdminOrPartner' },
      ],
    },
  ];
}

function isAllowed(candidate: Candidate, input: NavigationInput): boolean {
  const { needs } = candidate;
  if (!needs) return true;
  if (needs === 'superAdminOrPartner') return input.isSuperAdmin || input.isPartner === true;
  if (!input.merchantId) return false;
  if (needs === 'merchant') return true;
  return canIn(input, needs);
}

function canIn(input: NavigationInput, capability: Capability): boolean {
  if (!input.merchant) return false;
  const subject = { isSuperAdmin: input.isSuperAdmin, roles: input.roles, flags: input.flags };
  return can(subject, input.merchant, capability);
}

/** The sections and links this user may see in the current merchant; empty sections are left out. */
export function buildNavigation(input: NavigationInput): NavSection[] {
  // Settings opens on the first tab the user may see; without any, there is no Settings link.
  const settingsPath = allowedSettingsTabs((capability) => canIn(input, capability))[0]?.path ?? null;
  return candidates(input.merchantId, settingsPath)
    .map((section) => ({
      label: section.label,
      items: section.items.filter((item) => isAllowed(item, input)).map(({ label, to }) => ({ label, to })),
    }))
    .filter((section) => section.items.length > 0);
}

/** Home's link stays lit on the home sub-pages; other links on their own sub-paths. */
const HOME_PATHS = ['/', '/failed-payments', '/missed-messages', '/auto-messages', '/customer-replies'];

export function isNavItemActive(to: string, pathname: string): boolean {
  if (to === '/') return HOME_PATHS.includes(pathname);
  const base = to.endsWith('/') ? to.slice(0, -1) : to;
  return pathname === base || pathname.startsWith(`${base}/`);
}
