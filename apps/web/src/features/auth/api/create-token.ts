import { tokenPairSchema, type TokenPair } from '@paylane/shared/contracts/sign-in';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/token/: email and password for a token pair. A 401 here is the answer to show, not a logout. */
export function createToken(credentials: { email: string; password: string }): Promise<TokenPair> {
  return apiRequest('/api/token/', {
    method: 'POST',
    body: credentials,
    schema: tokenPairSchema,
    authenticated: false,
  });
}

export const useCreateToken = () =>
  useMutation({ mutationFn: createToken, meta: { showsClientErrors: true } });
