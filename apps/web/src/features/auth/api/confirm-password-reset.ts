import { detailSchema } from '@paylane/shared/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type ConfirmPasswordResetInput = {
  id: string;
  token: string;
  password: string;
  password_confirm: string;
};

/** POST /api/password-reset/confirm/: 400 {token: ["Invalid Token"]} when the link is spent or wrong. */
export function confirmPasswordReset(input: ConfirmPasswordResetInput) {
  return apiRequest('/api/password-reset/confirm/', {
    method: 'POST',
    body: input,
    schema: detailSchema,
    authenticated: false,
  });
}

export const useConfirmPasswordReset = () =>
  useMutation({ mutationFn: confirmPasswordReset, meta: { showsClientErrors: true } });
