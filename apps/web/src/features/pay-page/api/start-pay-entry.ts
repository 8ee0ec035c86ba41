import { methodEntrySchema } from '@paylane/shared/contracts/payment-methods';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { payLinkPath } from './get-pay-link';

export type StartPayEntryInput = { session: string; kind: 'card' | 'bank' };

/** POST /api/pay/{token}/entry/: the processor's hosted entry for the payer's card or bank account. */
export function startPayEntry(token: string, input: StartPayEntryInput) {
  return apiRequest(`${payLinkPath(token)}entry/`, {
    method: 'POST',
    body: { kind: input.kind },
    headers: { 'X-Pay-Session': input.session },
    schema: methodEntrySchema,
    authenticated: false,
  });
}

export const useStartPayEntry = (token: string) =>
  useMutation({
    mutationFn: (input: StartPayEntryInput) => startPayEntry(token, input),
    meta: { showsClientErrors: true },
  });
