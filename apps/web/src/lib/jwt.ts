import { accessClaimsSchema, type AccessClaims } from '@paylane/shared/contracts/sign-in';

/** The JSON payload of a JWT, unverified: the server verifies; the client only reads exp, user and groups. */
export function decodeJwtPayload(token: string): unknown {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes)) as unknown;
  } catch {
    return null;
  }
}

export function readAccessClaims(token: string | null): AccessClaims | null {
  if (!token) return null;
  const parsed = accessClaimsSchema.safeParse(decodeJwtPayload(token));
  return parsed.success ? parsed.data : null;
}

/** Expiry of an access token in milliseconds, or null when it cannot be read. */
export function accessExpiresAt(token: string | null): number | null {
  const claims = readAccessClaims(token);
  return claims ? claims.exp * 1000 : null;
}

/** docs/product.md §6: a super user is detected by the 'super' group in the access token. */
export const isSuperUser = (claims: AccessClaims | null) => Boolean(claims?.groups.includes('super'));
