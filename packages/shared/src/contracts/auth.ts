import { z } from 'zod';
import { emailSchema, newPasswordFields, passwordsMatch, requiredString } from '../validation';

export {
  accessClaimsSchema,
  tokenPairSchema,
  tokenRequestSchema,
  type AccessClaims,
  type TokenPair,
  type TokenRequest,
} from './sign-in';

// POST /api/token/refresh/
export const refreshRequestSchema = z.object({ refresh: requiredString() });
// POST /api/token/blacklist/
export const blacklistRequestSchema = z.object({ refresh_token: requiredString() });
// POST /api/sso-auth/ — id is the user id, token the single-use SSO secret.
export const ssoAuthRequestSchema = z.object({ id: requiredString(), token: requiredString() });
// POST /api/sso-tokens/ (super admin): issues a short-lived single-use token for a DMS deep link.
export const ssoTokenCreateSchema = z.object({ user_id: z.uuid() });
export const ssoTokenSchema = z.object({ id: z.string(), token: z.string(), expires_at: z.string() });

// POST /api/password-reset/ — the answer is the same whether or not the email exists.
export const passwordResetRequestSchema = z.object({ email: emailSchema });
// POST /api/password-reset/confirm/
export const passwordResetConfirmSchema = z
  .object({ id: requiredString(), token: requiredString(), ...newPasswordFields })
  .superRefine(passwordsMatch);
export type PasswordResetConfirm = z.input<typeof passwordResetConfirmSchema>;

// GET /api/partner-invites/{id}/{token}/ — what the invite page shows.
export const partnerInviteSchema = z.object({ email: z.string(), invited_by: z.string() });
// POST /api/partner-invites/ (super admin)
export const partnerInviteCreateSchema = z.object({ email: emailSchema });
// POST /api/partner-signup/
export const partnerSignupSchema = z
  .object({
    id: requiredString(),
    token: requiredString(),
    first_name: requiredString(),
    last_name: requiredString(),
    ...newPasswordFields,
  })
  .superRefine(passwordsMatch);
export type PartnerSignup = z.input<typeof partnerSignupSchema>;

export const detailSchema = z.object({ detail: z.string() });
