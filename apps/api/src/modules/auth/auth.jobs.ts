import { z } from 'zod';
import type { AppContext } from '../../context';
import { defineJob } from '../../jobs/registry';
import { deleteRateLimitCountersBefore } from '../../lib/rate-limit-counters.repository';
import { deleteLoginFailuresBefore } from './login-failures.repository';
import { deleteOneTimeTokensExpiredBefore } from './one-time-tokens.repository';
import { deleteRefreshTokensExpiredBefore } from './refresh-tokens.repository';

// Expired rows are kept a week so a support question about a recent sign-in can still be answered.
const KEEP_EXPIRED_DAYS = 7;

/**
 * Deletes sign-in records nobody can use any more, and the public endpoints' rate-limit counters whose
 * window has ended; safe to run twice (it only deletes).
 */
export async function purgeExpiredAuthRecords(ctx: AppContext) {
  const now = ctx.now().getTime();
  const keepUntil = new Date(now - KEEP_EXPIRED_DAYS * 86_400_000);
  const failureWindowStart = new Date(now - ctx.config.loginThrottle.windowSeconds * 1000);
  // Failures still inside the throttle window keep counting, however long the window is configured.
  const failuresBefore = new Date(Math.min(failureWindowStart.getTime(), keepUntil.getTime()));
  await deleteLoginFailuresBefore(ctx.db, failuresBefore);
  return {
    refreshTokens: await deleteRefreshTokensExpiredBefore(ctx.db, keepUntil),
    oneTimeTokens: await deleteOneTimeTokensExpiredBefore(ctx.db, keepUntil),
    rateLimitCounters: await deleteRateLimitCountersBefore(ctx.db, new Date(now)),
  };
}

export const createAuthJobs = (ctx: AppContext) => [
  defineJob({
    name: 'auth.purge-expired',
    schema: z.object({}),
    handler: async () => {
      const purged = await purgeExpiredAuthRecords(ctx);
      ctx.log.info({ purged }, 'expired sign-in records purged');
    },
  }),
];

/** Nightly at 03:17 UTC, outside every US business day. */
export const authSchedules = [{ name: 'auth.purge-expired', cron: '17 3 * * *' }];
