import { z } from 'zod';
import type { AppContext } from '../../context';
import { defineJob } from '../../jobs/registry';
import { DISPATCH_JOB, dispatchQueue } from './dispatch-request.service';
import { runDispatch, type DispatchOptions } from './dispatcher';

/** The dispatcher job; requestDispatch asks for a run after every write of pending messages. */
export const createMessagingJobs = (ctx: AppContext, options: DispatchOptions = {}) => [
  defineJob({
    name: DISPATCH_JOB,
    schema: z.object({}),
    queue: dispatchQueue,
    // One run at a time per process; runs in other processes work side by side.
    work: { batchSize: 1, pollingIntervalSeconds: 1 },
    handler: async (_payload, { signal }) => {
      await runDispatch(ctx, options, signal);
    },
  }),
];

/**
 * A safety net: deferred messages (quiet hours, retries) come due without anyone asking, and a request lost
 * with a crashed process is made up for within a minute.
 */
export const messagingSchedules = [{ name: DISPATCH_JOB, cron: '* * * * *' }];
