import {
  customerImportRowPageSchema,
  type CustomerImportRowsQuery,
} from '@paylane/shared/contracts/customer-imports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { customerImportKey, customerImportPath } from './keys';

/** GET .../customer_imports/{import_id}/rows/?page=&page_size=&errors_only=true — the preview. */
export function listCustomerImportRows(merchantId: string, importId: string, query: CustomerImportRowsQuery) {
  return apiRequest(`${customerImportPath(merchantId, importId)}rows/`, {
    query: { page: query.page, page_size: query.page_size, errors_only: query.errors_only },
    schema: customerImportRowPageSchema,
  });
}

export function useCustomerImportRows(
  merchantId: string,
  importId: string,
  query: CustomerImportRowsQuery,
  enabled = true,
) {
  return useQuery({
    queryKey: [...customerImportKey(merchantId, importId), 'rows', query],
    queryFn: () => listCustomerImportRows(merchantId, importId, query),
    placeholderData: keepPreviousData,
    enabled,
  });
}
