import { payLinkSessionSchema, type payLinkVerifySchema } from '@paylane/shared/contracts/pay-links';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { payLinkPath } from './get-pay-link';

/** The account's PIN, or last name and date of birth: either proves the payer. */
export type VerifyPayLinkInput = z.output<typeof payLinkVerifySchema>;

/**
 * POST /api/pay/{token}/verify/: 400 'Provided information does not match customer record', or pin 'Pins do
 * not match'; 429 when 5 wrong answers (either way) locked the link.
 */
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
