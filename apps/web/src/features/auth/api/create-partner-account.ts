import { tokenPairSchema, type PartnerSignup } from '@paylane/shared/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/partner-signup/: creates the invited partner's user and answers a token pair (signed in). */
export function createPartnerAccount(input: PartnerSignup) {
  return apiRequest('/api/partner-signup/', {
    method: 'POST',
    body: input,
    schema: tokenPairSchema,
    authenticated: false,
  });
}

export const useCreatePartnerAccount = () =>
  useMutation({ mutationFn: createPartnerAccount, meta: { showsClientErrors: true } });
