import { returnRatesSchema } from '@paylane/shared/contracts/bank-returns';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { bankReturnsKey, returnRatesPath } from './keys';

/** GET /api/merchants/{m}/ach_return_rates/ — the return-rate gauge over the last 60 days of bank debits. */
export const getReturnRates = (merchantId: string) =>
  apiRequest(returnRatesPath(merchantId), { schema: returnRatesSchema });

export const useReturnRates = (merchantId: string) =>
  useQuery({ queryKey: [...bankReturnsKey(merchantId), 'rates'], queryFn: () => getReturnRates(merchantId) });
