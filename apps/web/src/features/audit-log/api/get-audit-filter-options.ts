import { auditFilterOptionsSchema } from '@paylane/shared/contracts/audit';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/merchants/{id}/audit-log/filter_options/: the actions and entity types in this merchant's log. */
export function getAuditFilterOptions(merchantId: string) {
  return apiRequest(`/api/merchants/${encodeURIComponent(merchantId)}/audit-log/filter_options/`, {
    schema: auditFilterOptionsSchema,
  });
}

export const auditFilterOptionsQueryOptions = (merchantId: string) =>
  queryOptions({
    queryKey: ['merchants', merchantId, 'audit-log-filter-options'],
    queryFn: () => getAuditFilterOptions(merchantId),
  });

export const useAuditFilterOptions = (merchantId: string) =>
  useQuery(auditFilterOptionsQueryOptions(merchantId));
