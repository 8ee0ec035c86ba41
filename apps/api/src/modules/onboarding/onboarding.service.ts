import type { OnboardingItem, OnboardingSummary } from '@paylane/shared/contracts/merchants';
import type { AppContext } from '../../context';
import { forbidden } from '../../kit/errors';
import type { MerchantAccess } from '../../plugins/access';
import { countOnboardingItems, type OnboardingCounts } from './onboarding.repository';

/** The summary is for whoever sets merchants up: super admins, the merchant's admins and its partner. */
const SUMMARY_ROLES = ['super_admin', 'admin', 'partner'];

function item(
  input: Omit<OnboardingItem, 'is_complete' | 'link' | 'is_optional'> & {
    base: string;
    isOptional?: boolean;
    /** Where to fix a missing item, and where to see the items once there are some. */
    links: { missing: string; done: string };
  },
): OnboardingItem {
  const isComplete = input.count > 0;
  return {
    key: input.key,
    label: input.label,
    count: input.count,
    is_complete: isComplete,
    is_optional: input.isOptional ?? false,
    link: `${input.base}${isComplete ? input.links.done : input.links.missing}`,
  };
}

function merchantAccountLinks(counts: OnboardingCounts): { missing: string; done: string } {
  // Merchant accounts are created under a location; without one, the locations page comes first.
  if (!counts.firstLocationId) return { missing: '/locations', done: '/locations' };
  const accounts = `/locations/${counts.firstLocationId}/merchant-accounts`;
  return { missing: `${accounts}/create`, done: accounts };
}

export function buildOnboardingItems(merchantId: string, counts: OnboardingCounts): OnboardingItem[] {
  const base = `/merchants/${merchantId}`;
  return [
    item({
      key: 'owners',
      label: 'Owners',
      count: counts.owners,
      base,
      links: { missing: '/owners/create', done: '/owners' },
    }),
    item({
      key: 'locations',
      label: 'Locations',
      count: counts.locations,
      base,
      links: { missing: '/locations/create', done: '/locations' },
    }),
    item({
      key: 'merchant_accounts',
      label: 'Merchant Accounts',
      count: counts.merchantAccounts,
      base,
      links: merchantAccountLinks(counts),
    }),
    item({
      key: 'users',
      label: 'Users',
      count: counts.users,
      base,
      links: { missing: '/settings/users', done: '/settings/users' },
    }),
    // Not every merchant runs a DMS or a tracker, so integrations never hold the onboarding back.
    item({
      key: 'integrations',
      label: 'Integrations',
      count: counts.integrations,
      base,
      isOptional: true,
      links: { missing: '/settings/integrations', done: '/settings/integrations' },
    }),
  ];
}

export async function getOnboardingSummary(
  ctx: AppContext,
  access: MerchantAccess,
): Promise<OnboardingSummary> {
  if (!access.roles.some((role) => SUMMARY_ROLES.includes(role))) throw forbidden();
  const { merchant } = access;
  const items = buildOnboardingItems(merchant.id, await countOnboardingItems(ctx.db, merchant.id));
  return {
    merchant: { id: merchant.id, name: merchant.name, status: merchant.status },
    is_complete: items.every((entry) => entry.is_complete || entry.is_optional),
    items,
  };
}
