import { z } from 'zod';
import { emailSchema, newPasswordFields, passwordsMatch, requiredString } from '../validation';

// POST /api/token/
export const tokenRequestSchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'Required' }).min(1, { error: 'Required' }),
});
export type TokenRequest = z.input<typeof tokenRequestSchema>;

export const tokenPairSchema = z.object({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;

// POST /api/token/refresh/
export const refreshRequestSchema = z.object({ refresh: requiredString() });
// POST /api/token/blacklist/
export const blacklistRequestSchema = z.object({ refresh_token: requiredString() });
// POST /api/sso-auth/ — id is the user id, token the single-use SSO secret.
export const ssoAuthRequestSchema = z.object({ id: requiredString(), token: requiredString() });
// POST /api/sso-tokens/ (super admin): issues a short-lived single-use token for a DMS deep link.
export const ssoTokenCreateSchema = z.object({ user_id: z.uuid() });
export const ssoTokenSchema = z.object({ id: z.string(), token: z.string(), expires_at: z.string() });

/** Claims of an access token. `groups` is ["super"] for super admins (docs/product.md §6). */
export const accessClaimsSchema = z.object({
  token_type: z.literal('access'),
  user_id: z.string(),
  groups: z.array(z.string()),
  exp: z.number(),
  iat: z.number(),
  jti: z.string(),
});
export type AccessClaims = z.infer<typeof accessClaimsSchema>;

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
