import { messages } from '@paylane/shared/messages';
import type { AppContext } from '../../context';
import { tooManyRequests } from '../../lib/http-errors';
import { countLoginFailures, recordLoginFailure } from './login-failures.repository';

/**
 * Refuses a sign-in while the email (5 by default) or the IP (50) has too many recent failures,
 * answering 429 with Retry-After: the seconds until the oldest failure leaves the window.
 */
export async function assertLoginAllowed(ctx: AppContext, email: string, ip: string): Promise<void> {
  const { maxFailuresPerEmail, maxFailuresPerIp, windowSeconds } = ctx.config.loginThrottle;
  const now = ctx.now();
  const since = new Date(now.getTime() - windowSeconds * 1000);
  const failures = await countLoginFailures(ctx.db, email, ip, { since });
  const blocked = [
    failures.email.total >= maxFailuresPerEmail ? failures.email.oldest : null,
    failures.ip.total >= maxFailuresPerIp ? failures.ip.oldest : null,
  ].filter((oldest): oldest is Date => oldest !== null);
  if (blocked.length === 0) return;
  const freedAt = Math.max(...blocked.map((oldest) => oldest.getTime() + windowSeconds * 1000));
  throw tooManyRequests(messages.tooManyAttempts, (freedAt - now.getTime()) / 1000);
}

export const noteLoginFailure = (ctx: AppContext, email: string, ip: string) =>
  recordLoginFailure(ctx.db, { email, ip, at: ctx.now() });
