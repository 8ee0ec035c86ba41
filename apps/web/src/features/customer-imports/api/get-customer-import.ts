import { customerImportSchema, type CustomerImport } from '@paylane/shared/contracts/customer-imports';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { customerImportKey, customerImportPath } from './keys';

/** How often the page asks for progress while the import job is queued or running. */
export const PROGRESS_POLL_MS = 1000;

const isWorking = (current: CustomerImport | undefined) =>
  current?.status === 'queued' || current?.status === 'running';

/** GET /api/merchants/{id}/customer_imports/{import_id}/ — polled while the job works. */
export function getCustomerImport(merchantId: string, importId: string) {
  return apiRequest(customerImportPath(merchantId, importId), { schema: customerImportSchema });
}

export function useCustomerImport(merchantId: string, importId: string | null) {
  return useQuery({
    queryKey: customerImportKey(merchantId, importId ?? ''),
    queryFn: () => getCustomerImport(merchantId, importId ?? ''),
    enabled: Boolean(importId),
    staleTime: 0,
    refetchInterval: (query) => (isWorking(query.state.data) ? PROGRESS_POLL_MS : false),
  });
}
