// The tabs of /merchants/{merchantID}/settings/ (docs/product.md §2) and who may open each (docs/product.md §6; general and the
// audit log are for admins, decided with issue 3). Pure, so navigation and the layout share it.
import type { Capability } from '@paylane/shared/permissions';

export type SettingsTab = { label: string; path: string; needs: Capability };

export const settingsTabs: readonly SettingsTab[] = [
  { label: 'General', path: 'general', needs: 'manageMerchantSettings' },
  { label: 'Users', path: 'users', needs: 'manageUsers' },
  { label: 'Roles', path: 'roles', needs: 'manageRoles' },
  { label: 'Tags', path: 'tags', needs: 'manageTags' },
  { label: 'Integrations', path: 'integrations', needs: 'manageIntegrations' },
  { label: 'PassTime', path: 'passtime', needs: 'managePasstime' },
  { label: 'Ituran', path: 'ituran', needs: 'manageIturan' },
  { label: 'API Keys', path: 'api-keys', needs: 'manageApiKeys' },
  { label: 'Audit Log', path: 'audit-log', needs: 'manageMerchantSettings' },
];

/** The tabs this user may open, in order. */
export function allowedSettingsTabs(isAllowed: (capability: Capability) => boolean): SettingsTab[] {
  return settingsTabs.filter((tab) => isAllowed(tab.needs));
}
