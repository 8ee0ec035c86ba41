import { detailSchema } from '@paylane/shared/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/password-reset/: the answer is the same whether or not the email exists. */
export function requestPasswordReset(input: { email: string }) {
  return apiRequest('/api/password-reset/', {
    method: 'POST',
    body: input,
    schema: detailSchema,
    authenticated: false,
  });
}

export const useRequestPasswordReset = () =>
  useMutation({ mutationFn: requestPasswordReset, meta: { showsClientErrors: true } });
