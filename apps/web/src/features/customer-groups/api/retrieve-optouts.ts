import { retrieveOptoutsAnswerSchema } from '@paylane/shared/contracts/customers';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/merchants/{id}/customers/retrieve_optouts/ (spec §7): which of these customers may be messaged,
 * which opted out, and which ids match nobody. With find_by_external the ids are the merchant's own
 * (a CSV's key column).
 */
export function retrieveOptouts(merchantId: string, customers: string[], findByExternal: boolean) {
  return apiRequest(`/api/merchants/${encodeURIComponent(merchantId)}/customers/retrieve_optouts/`, {
    method: 'POST',
    body: { customers, find_by_external: findByExternal },
    schema: retrieveOptoutsAnswerSchema,
  });
}
