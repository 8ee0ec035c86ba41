import { transactionSchema, type miscPaymentSchema } from '@paylane/shared/contracts/payments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { miscPaymentsKey, miscPaymentsPath } from './list-misc-payments';

/** The form's values as typed (amount in dollars): the server converts and checks them again. */
export type MiscPaymentInput = z.input<typeof miscPaymentSchema>;

type Variables = { idempotencyKey: string; input: MiscPaymentInput };

/**
 * POST /api/merchants/{m}/misc-payment/ with an Idempotency-Key (docs/conventions.md §4): the same key sent
 * again answers the first payment and records nothing more.
 */
export function takeMiscPayment(merchantId: string, variables: Variables) {
  return apiRequest(miscPaymentsPath(merchantId), {
    method: 'POST',
    body: variables.input,
    headers: { 'Idempotency-Key': variables.idempotencyKey },
    schema: transactionSchema,
  });
}

export function useTakeMiscPayment(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: Variables) => takeMiscPayment(merchantId, variables),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: miscPaymentsKey(merchantId) }),
    meta: { showsClientErrors: true },
  });
}
