import { z } from 'zod';
import type { AppContext } from '../../context';
import { defineJob } from '../../jobs/registry';
import { representDueReturns } from './represent.service';

export const REPRESENT_RETURNS_JOB = 'bank-returns.represent';

/** Re-presents R01/R09 returns whose day has come (represent.service.ts). */
export function createBankReturnJobs(ctx: AppContext) {
  return [
    defineJob({
      name: REPRESENT_RETURNS_JOB,
      schema: z.object({}),
      handler: async () => {
        const represented = await representDueReturns(ctx);
        if (represented > 0) ctx.log.info({ represented }, 'bank returns re-presented');
      },
    }),
  ];
}

/** Every 15 minutes: a re-presentment is days away, a quarter of an hour either way does not matter. */
export const bankReturnSchedules = [{ name: REPRESENT_RETURNS_JOB, cron: '*/15 * * * *' }];
