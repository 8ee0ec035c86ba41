import { customerImportSchema } from '@paylane/shared/contracts/customer-imports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { customerImportKey, customerImportPath } from './keys';

/** POST .../customer_imports/{import_id}/start/ — queues the import job (once); answers 202 with the import. */
export function startCustomerImport(merchantId: string, importId: string) {
  return apiRequest(`${customerImportPath(merchantId, importId)}start/`, {
    method: 'POST',
    schema: customerImportSchema,
  });
}

export function useStartCustomerImport(merchantId: string, importId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => startCustomerImport(merchantId, importId),
    meta: { showsClientErrors: true },
    // Queued: the import query starts polling for progress.
    onSuccess: (started) => queryClient.setQueryData(customerImportKey(merchantId, importId), started),
  });
}
