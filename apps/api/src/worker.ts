import type { AppContext } from './context';
import type { Database } from './db/client';
import { startMerchantCron } from './jobs/merchant-cron';
import { startQueue, type JobQueue } from './jobs/queue';
import { startWorkers } from './jobs/registry';
import { authSchedules, createAuthJobs } from './modules/auth/auth.jobs';

/**
 * The background side of a process: the durable queue, every feature's workers, the global schedules and
 * the per-merchant-zone cron. Features add their jobs, schedules and merchant crons to the lists here.
 */
export async function startBackgroundWork(input: {
  database: Database;
  ctx: AppContext;
  /** `api` processes only enqueue; `worker` and `all` also run jobs and keep the schedules. */
  runsJobs: boolean;
}): Promise<JobQueue> {
  const { ctx } = input;
  const queue = await startQueue({ database: input.database, logger: ctx.log, schedule: input.runsJobs });
  const jobs = [...createAuthJobs(ctx)];
  const schedules = [...authSchedules];
  for (const job of jobs) await queue.ensureQueue(job.name, job.queue);
  if (!input.runsJobs) return queue;
  await startWorkers(queue, jobs);
  for (const schedule of schedules) await queue.schedule(schedule.name, schedule.cron, {}, { tz: 'UTC' });
  await startMerchantCron(queue, { db: ctx.db, crons: [], logger: ctx.log, now: ctx.now });
  return queue;
}
