import { auditEntrySchema } from '@paylane/shared/contracts/audit';
import { pageOf } from '@paylane/shared/contracts/paging';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const auditPageSchema = pageOf(auditEntrySchema);

/** The filters as the page holds them: null is no filter; dates are YYYY-MM-DD in the merchant's zone. */
export type AuditLogFilter = {
  action: string | null;
  entityType: string | null;
  start: string | null;
  end: string | null;
  page: number;
  pageSize: number;
};

/** GET /api/merchants/{id}/audit-log/: newest first. */
export function listAuditLog(merchantId: string, filter: AuditLogFilter) {
  return apiRequest(`/api/merchants/${encodeURIComponent(merchantId)}/audit-log/`, {
    query: {
      action: filter.action,
      entity_type: filter.entityType,
      start: filter.start,
      end: filter.end,
      page: filter.page,
      page_size: filter.pageSize,
    },
    schema: auditPageSchema,
  });
}

export const auditLogQueryOptions = (merchantId: string, filter: AuditLogFilter) =>
  queryOptions({
    queryKey: ['merchants', merchantId, 'audit-log', filter],
    queryFn: () => listAuditLog(merchantId, filter),
    placeholderData: keepPreviousData,
  });

export const useAuditLog = (merchantId: string, filter: AuditLogFilter) =>
  useQuery(auditLogQueryOptions(merchantId, filter));
