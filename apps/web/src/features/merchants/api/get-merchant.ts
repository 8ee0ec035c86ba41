import { merchantSchema, type Merchant } from '@paylane/shared/contracts/merchants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function getMerchant(id: string): Promise<Merchant> {
  return apiRequest(`/api/merchants/${encodeURIComponent(id)}/`, { schema: merchantSchema });
}

export const merchantQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['merchants', id], queryFn: () => getMerchant(id), staleTime: 5 * 60_000 });

export function useMerchant(id: string | null) {
  return useQuery({ ...merchantQueryOptions(id ?? ''), enabled: id !== null });
}
