import { customerImportSchema, IMPORT_FILE_FIELD } from '@paylane/shared/contracts/customer-imports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { customerImportKey, customerImportsPath } from './keys';

/** POST /api/merchants/{id}/customer_imports/ as multipart (one file). */
export async function uploadCustomerImport(merchantId: string, file: File) {
  const body = new FormData();
  body.append(IMPORT_FILE_FIELD, file, file.name);
  return apiRequest(customerImportsPath(merchantId), { method: 'POST', body, schema: customerImportSchema });
}

export function useUploadCustomerImport(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadCustomerImport(merchantId, file),
    // The drop zone shows 4xx answers itself (not a CSV, too large).
    meta: { showsClientErrors: true },
    onSuccess: (created) => queryClient.setQueryData(customerImportKey(merchantId, created.id), created),
  });
}
