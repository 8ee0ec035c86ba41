import {
  retrieveOptoutsAnswerSchema,
  type RetrieveOptoutsAnswer,
} from '@paylane/shared/contracts/customer-lookups';
import { idChunks } from '@paylane/shared/contracts/id-lists';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/merchants/{id}/customers/retrieve_optouts/ (docs/product.md §7): which of these customers may be messaged,
 * which opted out, and which ids match nobody. With find_by_external the ids are the merchant's own
 * (a CSV's key column). A request carries at most MAX_IDS_PER_REQUEST ids, so a longer list (a CSV of a
 * whole book) is asked one slice after another and the answers joined.
 */
export async function retrieveOptouts(
  merchantId: string,
  customers: readonly string[],
  findByExternal: boolean,
): Promise<RetrieveOptoutsAnswer> {
  const joined: RetrieveOptoutsAnswer = { optout_customers: [], customers: [], unknown_customers: [] };
  const seen = new Set<string>();
  for (const chunk of idChunks(customers)) {
    const answer = await apiRequest(
      `/api/merchants/${encodeURIComponent(merchantId)}/customers/retrieve_optouts/`,
      {
        method: 'POST',
        body: { customers: chunk, find_by_external: findByExternal },
        schema: retrieveOptoutsAnswerSchema,
      },
    );
    // Two slices may name the same customer (our ids compare without case): each is listed once.
    for (const key of ['optout_customers', 'customers'] as const) {
      for (const customer of answer[key]) {
        if (!seen.has(customer.id)) joined[key].push(customer);
        seen.add(customer.id);
      }
    }
    joined.unknown_customers.push(...answer.unknown_customers);
  }
  return joined;
}
