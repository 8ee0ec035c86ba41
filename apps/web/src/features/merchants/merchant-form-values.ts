import {
  merchantIntegrationNames,
  merchantIntegrationTypes,
  type Merchant,
  type MerchantIntegrationType,
  type merchantUpdateSchema,
} from '@paylane/shared/contracts/merchants';
import type { z } from 'zod';

export type MerchantFormInput = z.input<typeof merchantUpdateSchema>;

const isIntegrationType = (value: string | null): value is MerchantIntegrationType =>
  (merchantIntegrationTypes as readonly (string | null)[]).includes(value);

/** A new merchant starts pending (it is being onboarded) in the server's default zone. */
export const newMerchantValues: MerchantFormInput = {
  name: '',
  integration_type: null,
  is_integrated: false,
  check_custom_roles: false,
  allow_group_message: false,
  time_zone: 'America/New_York',
  status: 'pending',
};

export function toMerchantFormInput(merchant: Merchant): MerchantFormInput {
  return {
    name: merchant.name,
    // A type this version does not know is shown as none rather than silently kept.
    integration_type: isIntegrationType(merchant.integration_type) ? merchant.integration_type : null,
    is_integrated: merchant.is_integrated,
    check_custom_roles: merchant.check_custom_roles,
    allow_group_message: merchant.allow_group_message,
    time_zone: merchant.time_zone,
    status: merchant.status,
  };
}

export const integrationOptions = merchantIntegrationTypes.map((value) => ({
  value,
  label: merchantIntegrationNames[value],
}));

export const statusOptions = [
  { value: 'active', label: 'Active' },
  { value: 'pending', label: 'Pending' },
  { value: 'inactive', label: 'Inactive' },
];
