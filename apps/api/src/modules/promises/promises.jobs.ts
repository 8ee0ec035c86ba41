import { z } from 'zod';
import type { AppContext } from '../../context';
import { defineJob } from '../../jobs/registry';
import { sweepPromises } from './promise-sweep.service';

export const SWEEP_PROMISES_JOB = 'promises.sweep';

/** The promises sweep: scheduled payments due, unconfirmed reminders, outcomes (promise-sweep.service.ts). */
export function createPromiseJobs(ctx: AppContext) {
  return [
    defineJob({
      name: SWEEP_PROMISES_JOB,
      schema: z.object({}),
      handler: async () => {
        const result = await sweepPromises(ctx);
        if (result.ran + result.reminded + result.decided > 0) ctx.log.info(result, 'promises swept');
      },
    }),
  ];
}

/** Every minute: a scheduled payment runs within a minute of its time. */
export const promiseSchedules = [{ name: SWEEP_PROMISES_JOB, cron: '* * * * *' }];
