import { tokenPairSchema, type TokenPair } from '@paylane/shared/contracts/auth';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/sso-auth/: a single-use SSO link (user id and token) for a token pair. */
export function exchangeSsoToken(input: { id: string; token: string }): Promise<TokenPair> {
  return apiRequest('/api/sso-auth/', {
    method: 'POST',
    body: input,
    schema: tokenPairSchema,
    authenticated: false,
  });
}
