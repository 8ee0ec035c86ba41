// The contracts a browser needs to sign in and keep its session: written with zod/mini so that /login does not
// load zod's classic core (docs/conventions.md §7). contracts/auth re-exports them for the server.
import * as z from 'zod/mini';
import { emailSchema } from '../email';
import { validationMessages } from '../validation-messages';

// POST /api/token/
export const tokenRequestSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: validationMessages.required })
    .check(z.minLength(1, { error: validationMessages.required })),
});
export type TokenRequest = z.input<typeof tokenRequestSchema>;

export const tokenPairSchema = z.object({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;

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
