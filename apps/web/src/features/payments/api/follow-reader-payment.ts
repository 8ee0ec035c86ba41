import type { TakePaymentAnswer } from '@paylane/shared/contracts/payments';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { customersKey } from '../../customers/api/get-customer';
import { takePayment, type TakePaymentVariables } from './take-payment';

/** How often a card-present payment is asked about while the reader waits for the card. */
export const READER_POLL_MS = 2000;

// Not under the customer's key: refreshing the customer after the outcome must not send the request again.
export const readerPaymentKey = (merchantId: string, idempotencyKey: string) =>
  ['reader-payment', merchantId, idempotencyKey] as const;

const isWaiting = (answer: TakePaymentAnswer | undefined) => answer?.status === 'PENDING';

/**
 * A card-present payment waiting on the merchant's reader: the same take-payment request is sent again with
 * the same Idempotency-Key (docs/product.md §7 'the same request sent again answers the outcome') every
 * couple of seconds until it is no longer PENDING — polled like an import's progress. Nothing is charged twice:
 * the server answers the one payment.
 */
export function useReaderPayment(
  merchantId: string,
  customerId: string,
  attempt: TakePaymentVariables,
  first: TakePaymentAnswer,
) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: readerPaymentKey(merchantId, attempt.idempotencyKey),
    queryFn: () => takePayment(merchantId, customerId, attempt),
    // The first answer is fresh: the first ask again comes one interval later.
    initialData: first,
    initialDataUpdatedAt: () => Date.now(),
    staleTime: READER_POLL_MS,
    refetchInterval: (current) => (isWaiting(current.state.data) ? READER_POLL_MS : false),
  });
  const isDone = !isWaiting(query.data);
  // Paid or declined: the account's amount due and payments list show it.
  useEffect(() => {
    if (isDone) void queryClient.invalidateQueries({ queryKey: customersKey(merchantId) });
  }, [isDone, merchantId, queryClient]);
  return query;
}
