import { messages } from '@paylane/shared/messages';
import type { AppContext } from '../../context';
import { rateLimited } from '../../kit/errors';
import {
  clearLoginFailuresOfEmail,
  reserveLoginAttempt,
  type LoginFailureCounts,
} from './login-failures.repository';

/**
 * Takes one of the email's (5 by default) and the IP's (50) attempts in the sliding window before the
 * password is checked: the attempt is written as a failure now and cleared by `clearLoginAttempts` when the
 * password is right. Refuses with 429 and Retry-After (the seconds until the oldest failure leaves the window)
 * when either has none left. Reserving first is what keeps parallel guesses within the limit: a count read
 * before the ~40 ms hash and written after it let 30 parallel guesses get 17 checks.
 */
export async function reserveLoginAttemptOrThrow(ctx: AppContext, email: string, ip: string): Promise<void> {
  const { maxFailuresPerEmail, maxFailuresPerIp, windowSeconds } = ctx.config.loginThrottle;
  const now = ctx.now();
  const since = new Date(now.getTime() - windowSeconds * 1000);
  const isUnder = (failures: LoginFailureCounts) =>
    failures.email.total < maxFailuresPerEmail && failures.ip.total < maxFailuresPerIp;
  const { isReserved, failures } = await reserveLoginAttempt(ctx.db, { email, ip, at: now, since }, isUnder);
  if (isReserved) return;
  const blocked = [
    failures.email.total >= maxFailuresPerEmail ? failures.email.oldest : null,
    failures.ip.total >= maxFailuresPerIp ? failures.ip.oldest : null,
  ].filter((oldest): oldest is Date => oldest !== null);
  const freedAt = Math.max(...blocked.map((oldest) => oldest.getTime() + windowSeconds * 1000));
  throw rateLimited(messages.tooManyAttempts, (freedAt - now.getTime()) / 1000);
}

/** The right password: the email starts afresh (its reserved attempt and earlier failures go). */
export const clearLoginAttempts = (ctx: AppContext, email: string) =>
  clearLoginFailuresOfEmail(ctx.db, email);
