import { z } from 'zod';
import type { AppContext } from '../../context';
import { defineJob } from '../../jobs/registry';
import { wakeDueSnoozes } from './inbox-snooze.repository';

const WAKE_SNOOZED_JOB = 'inbox.wake-snoozed';

/**
 * Snoozed conversations come back when their time comes: every minute the due ones are woken (snoozed_until
 * cleared), which the conversations' trigger tells the live inbox, so open inboxes see them return.
 */
export const createInboxJobs = (ctx: AppContext) => [
  defineJob({
    name: WAKE_SNOOZED_JOB,
    schema: z.object({}),
    handler: async () => {
      const woken = await wakeDueSnoozes(ctx.db, ctx.now());
      if (woken > 0) ctx.log.info({ woken }, 'woke snoozed conversations');
    },
  }),
];

export const inboxSchedules = [{ name: WAKE_SNOOZED_JOB, cron: '* * * * *' }];
