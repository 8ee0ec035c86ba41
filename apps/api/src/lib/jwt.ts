import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { z } from 'zod';
import { accessClaimsSchema } from '@paylane/shared/contracts/auth';

const refreshClaimsSchema = z.object({
  token_type: z.literal('refresh'),
  user_id: z.string(),
  jti: z.string(),
  fid: z.string(),
  exp: z.number(),
});
export type RefreshClaims = z.infer<typeof refreshClaimsSchema>;

// The server's view of an access token: `fid` names its session (the refresh family it was issued with), so a
// revoked session's access tokens are refused and its sockets closed. Optional: tokens signed before the
// claim existed stay valid for their few minutes (refusing them would log every user out at deploy).
const serverAccessClaimsSchema = z.object({ ...accessClaimsSchema.shape, fid: z.uuid().optional() });
export type ServerAccessClaims = z.infer<typeof serverAccessClaimsSchema>;

/** How many verified access tokens a process remembers (a few per signed-in user within a token's lifetime). */
const VERIFIED_TOKENS_KEPT = 10_000;

export type TokenSigner = {
  signAccess(input: { userId: string; groups: string[]; familyId: string }): Promise<string>;
  signRefresh(input: { userId: string; jti: string; familyId: string; expiresAt: Date }): Promise<string>;
  /** The claims of a valid, unexpired access token, or null. */
  verifyAccess(token: string): Promise<ServerAccessClaims | null>;
  verifyRefresh(token: string): Promise<RefreshClaims | null>;
};

export function createTokenSigner(
  secret: string,
  accessLifetimeSeconds: number,
  now: () => Date,
): TokenSigner {
  const key = new TextEncoder().encode(secret);
  const seconds = () => Math.floor(now().getTime() / 1000);

  const sign = (claims: Record<string, unknown>, expiresAtSeconds: number) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(seconds())
      .setExpirationTime(expiresAtSeconds)
      .sign(key);

  const verifiedAccess = new Map<string, ServerAccessClaims>();
  const rememberVerified = (token: string, claims: ServerAccessClaims) => {
    // Bounded: past the cap the oldest goes (a Map iterates in insertion order, so the soonest to expire).
    if (verifiedAccess.size >= VERIFIED_TOKENS_KEPT)
      verifiedAccess.delete(verifiedAccess.keys().next().value!);
    verifiedAccess.set(token, claims);
  };

  async function verify<T>(token: string, schema: z.ZodType<T>): Promise<T | null> {
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: now() });
      const parsed = schema.safeParse(payload);
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  return {
    signAccess: ({ userId, groups, familyId }) =>
      sign(
        { token_type: 'access', user_id: userId, groups, jti: randomUUID(), fid: familyId },
        seconds() + accessLifetimeSeconds,
      ),
    signRefresh: ({ userId, jti, familyId, expiresAt }) =>
      sign(
        { token_type: 'refresh', user_id: userId, jti, fid: familyId },
        Math.floor(expiresAt.getTime() / 1000),
      ),
    verifyAccess: async (token) => {
      // A token whose signature was checked once is not checked again on each request (issue 19: the HMAC
      // through WebCrypto was a measurable share of every request); its expiry still is, on every use.
      const known = verifiedAccess.get(token);
      if (known) return known.exp > seconds() ? known : null;
      const claims = await verify(token, serverAccessClaimsSchema);
      if (claims) rememberVerified(token, claims);
      return claims;
    },
    verifyRefresh: (token) => verify(token, refreshClaimsSchema),
  };
}
