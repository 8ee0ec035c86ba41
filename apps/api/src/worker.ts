import type { AppContext } from './context';
import type { Database } from './db/client';
import { startMerchantCron } from './jobs/merchant-cron';
import { startQueue, type JobQueue } from './jobs/queue';
import type { JobDefinition } from './jobs/registry';
import { startWorkers } from './jobs/registry';
import { authSchedules, createAuthJobs } from './modules/auth/auth.jobs';
import { bankReturnSchedules, createBankReturnJobs } from './modules/bank-returns/bank-returns.jobs';
import { automationCrons, createAutomationJobs } from './modules/automations/automations.jobs';
import { autopayCrons, createAutopayJobs } from './modules/autopay/autopay.jobs';
import { createCustomerImportJobs } from './modules/customer-imports/customer-imports.jobs';
import { createMaintenanceJobs, maintenanceSchedules } from './modules/maintenance/maintenance.jobs';
import { createInboxJobs, inboxSchedules } from './modules/inbox/inbox.jobs';
import { createMessagingJobs, messagingSchedules } from './modules/messaging/messaging.jobs';
import { createPasswordResetJobs } from './modules/password-reset/password-reset.jobs';
import { createPaymentJobs, paymentSchedules } from './modules/payments/payments.jobs';
import { createPromiseJobs, promiseSchedules } from './modules/promises/promises.jobs';
import { startOutboxSmsWalker, type BackgroundLoop } from './modules/outbox/outbox-sms-walker.runtime';

/** Every feature's jobs. Features add theirs here. */
export function createJobs(ctx: AppContext): JobDefinition[] {
  return [
    ...createAuthJobs(ctx),
    ...createPasswordResetJobs(ctx),
    ...createCustomerImportJobs(ctx),
    ...createMaintenanceJobs(ctx),
    ...createMessagingJobs(ctx),
    ...createInboxJobs(ctx),
    ...createAutomationJobs(ctx),
    ...createPaymentJobs(ctx),
    ...createBankReturnJobs(ctx),
    ...createPromiseJobs(ctx),
    ...createAutopayJobs(ctx),
  ];
}

/** The durable queue of this process; `api` processes only enqueue, so they keep no schedules. */
export async function openQueue(input: {
  database: Database;
  logger: AppContext['log'];
  runsJobs: boolean;
}): Promise<JobQueue> {
  return startQueue({ database: input.database, logger: input.logger, schedule: input.runsJobs });
}

/** Loops that run beside the job workers in processes that run jobs (the outbox SMS walker). */
export function startBackgroundLoops(ctx: AppContext): BackgroundLoop {
  const loops = [startOutboxSmsWalker(ctx)];
  return { stop: async () => void (await Promise.all(loops.map((loop) => loop.stop()))) };
}

/**
 * The background side of a process: every feature's workers, the global schedules, the per-merchant-zone
 * cron and the background loops (stop them before closing the database). Features add their jobs to
 * createJobs, and schedules and merchant crons to the lists here.
 */
export async function startBackgroundWork(input: {
  queue: JobQueue;
  ctx: AppContext;
  /** `api` processes only enqueue; `worker` and `all` also run jobs and keep the schedules. */
  runsJobs: boolean;
}): Promise<BackgroundLoop> {
  const { ctx, queue } = input;
  const jobs = createJobs(ctx);
  const schedules = [
    ...authSchedules,
    ...maintenanceSchedules(ctx.config),
    ...messagingSchedules,
    ...inboxSchedules,
    ...paymentSchedules,
    ...bankReturnSchedules,
    ...promiseSchedules,
  ];
  for (const job of jobs) await queue.ensureQueue(job.name, job.queue);
  if (!input.runsJobs) return { stop: async () => undefined };
  await startWorkers(queue, jobs);
  for (const schedule of schedules) await queue.schedule(schedule.name, schedule.cron, {}, { tz: 'UTC' });
  await startMerchantCron(queue, {
    db: ctx.db,
    crons: [...automationCrons(ctx), ...autopayCrons(ctx)],
    logger: ctx.log,
    now: ctx.now,
  });
  return startBackgroundLoops(ctx);
}
