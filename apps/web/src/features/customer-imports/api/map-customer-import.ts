import {
  customerImportSchema,
  type CustomerImportMappingWrite,
} from '@paylane/shared/contracts/customer-imports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { customerImportKey, customerImportPath } from './keys';

/** PUT .../customer_imports/{import_id}/mapping/ — checks every row; answers the import with its counts. */
export function mapCustomerImport(merchantId: string, importId: string, input: CustomerImportMappingWrite) {
  return apiRequest(`${customerImportPath(merchantId, importId)}mapping/`, {
    method: 'PUT',
    body: input,
    schema: customerImportSchema,
  });
}

export function useMapCustomerImport(merchantId: string, importId: string) {
  const queryClient = useQueryClient();
  const key = customerImportKey(merchantId, importId);
  return useMutation({
    mutationFn: (input: CustomerImportMappingWrite) => mapCustomerImport(merchantId, importId, input),
    meta: { showsClientErrors: true },
    onSuccess: async (mapped) => {
      queryClient.setQueryData(key, mapped);
      // The preview's rows and their messages changed with the mapping.
      await queryClient.invalidateQueries({ queryKey: [...key, 'rows'] });
    },
  });
}
