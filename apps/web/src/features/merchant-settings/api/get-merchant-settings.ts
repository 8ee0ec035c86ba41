import { merchantSettingsSchema } from '@paylane/shared/contracts/merchant-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/merchants/{id}/settings/ (admins): contact details, quiet hours and payment limits in cents. */
export function getMerchantSettings(merchantId: string) {
  return apiRequest(`/api/merchants/${encodeURIComponent(merchantId)}/settings/`, {
    schema: merchantSettingsSchema,
  });
}

export const merchantSettingsQueryOptions = (merchantId: string) =>
  queryOptions({
    queryKey: ['merchant-settings', merchantId],
    queryFn: () => getMerchantSettings(merchantId),
  });

export const useMerchantSettings = (merchantId: string) => useQuery(merchantSettingsQueryOptions(merchantId));
