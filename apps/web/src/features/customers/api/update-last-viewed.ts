import { lastViewedAnswerSchema } from '@paylane/shared/contracts/customers';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { customerPath } from './get-customer';

/** POST /api/merchants/{id}/customers/{customer_id}/update_last_viewed/ → {last_viewed_at} */
export function updateLastViewed(merchantId: string, customerId: string) {
  return apiRequest(`${customerPath(merchantId, customerId)}update_last_viewed/`, {
    method: 'POST',
    schema: lastViewedAnswerSchema,
  });
}

/**
 * Marks the customer as viewed once per visit: when the page opens and when it switches to another
 * customer, not on every tab or re-render. A failure stays quiet: the customer's own query reports a
 * missing customer, and a lost "last viewed" mark is not worth a toast.
 */
export function useUpdateLastViewedOnOpen(merchantId: string, customerId: string) {
  const { mutate } = useMutation({
    mutationFn: () => updateLastViewed(merchantId, customerId),
    meta: { showsClientErrors: true },
  });
  const sentFor = useRef<string | null>(null);
  const visit = `${merchantId}/${customerId}`;
  useEffect(() => {
    // The ref survives StrictMode's second effect run, so a visit sends one call.
    if (!merchantId || !customerId || sentFor.current === visit) return;
    sentFor.current = visit;
    mutate();
  }, [merchantId, customerId, visit, mutate]);
}
