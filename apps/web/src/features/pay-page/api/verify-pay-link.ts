import { payLinkSessionSchema } from '@paylane/shared/contracts/pay-links';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { payLinkPath } from './get-pay-link';

export type VerifyPayLinkInput = { last_name: string; date_of_birth: string };

/** POST /api/pay/{token}/verify/: 400 'Provided information does not match customer record'; 429 when locked. */
export function verifyPayLink(token: string, input: VerifyPayLinkInput) {
  return apiRequest(`${payLinkPath(token)}verify/`, {
    method: 'POST',
    body: input,
    schema: payLinkSessionSchema,
    authenticated: false,
  });
}

export const useVerifyPayLink = (token: string) =>
  useMutation({
    mutationFn: (input: VerifyPayLinkInput) => verifyPayLink(token, input),
    meta: { showsClientErrors: true },
  });
