import { z } from 'zod';
import type { Db } from '../db/client';
import { consoleJobLogger, type JobLogger } from './job-logger';
import { listMerchantsInTimeZones, listMerchantTimeZones } from './merchant-zones.repository';
import type { JobQueue, JobRequest, QueueSettings } from './queue';
import { defineJob, startWorkers, type JobDefinition } from './registry';
import {
  addDays,
  isValidTimeZone,
  localDateAt,
  parseLocalTime,
  zonedInstant,
  type LocalDate,
  type LocalTime,
} from './zoned-time';

/*
 * "Run job X every day at 02:00 in each merchant's time zone."
 *
 * Shape: one UTC tick every 15 minutes (one pg-boss schedule for all merchant crons). Each tick asks which
 * merchant time zones passed a cron's local time since the last hour (findDueRuns, pure) and fans out one job
 * per merchant in those zones, keyed by (merchant, local date) so a repeat is a no-op.
 * Why not one pg-boss schedule per zone: pg-boss 10 keeps one schedule per queue (the schedule table's key is the
 * queue name), so that needs a queue, a partition table and a polling worker per (job, zone), plus syncing
 * schedules whenever a merchant changes zone. The tick reads the zones from the merchants table each time, so a
 * new zone just works; offsets are whole quarter hours, so a quarter-hour tick is on time everywhere; and the
 * catch-up window runs work missed while no process was up, within the hour.
 */

export const merchantRunSchema = z.object({
  merchantId: z.uuid(),
  timeZone: z.string(),
  localDate: z.iso.date(),
  /** When the local time came: a handler can tell a catch-up run from an on-time one. */
  scheduledFor: z.iso.datetime(),
});
export type MerchantRun = z.infer<typeof merchantRunSchema>;

export type MerchantCron = {
  job: JobDefinition<z.ZodType<MerchantRun>>;
  localTime: LocalTime;
  catchUpMinutes: number;
};

export type DueRun = { timeZone: string; localDate: LocalDate; runAt: Date };

export const merchantCronTickName = 'merchant-cron.tick';
export const merchantCronTickCron = '*/15 * * * *';

// 'short' keeps at most one tick waiting, so ticks do not pile up while no worker runs.
const tickQueueSettings: QueueSettings = {
  policy: 'short',
  retryLimit: 3,
  retryDelaySeconds: 30,
  retryBackoff: false,
  expireInSeconds: 5 * 60,
};
// Repeats are found by job id while pg-boss still holds the first job: 12 h after it completes.
const maxCatchUpMinutes = 6 * 60;
const sendChunkSize = 500;

export function defineMerchantCron(options: {
  job: MerchantCron['job'];
  localTime: LocalTime;
  catchUpMinutes?: number;
}): MerchantCron {
  parseLocalTime(options.localTime);
  const catchUpMinutes = options.catchUpMinutes ?? 60;
  if (catchUpMinutes < 15 || catchUpMinutes > maxCatchUpMinutes) {
    throw new Error(`catchUpMinutes must be between 15 (the tick) and ${maxCatchUpMinutes}`);
  }
  return { job: options.job, localTime: options.localTime, catchUpMinutes };
}

/** The runs whose local time came in (from, to], per zone and local date, in time order. Pure. */
export function findDueRuns(options: {
  timeZones: readonly string[];
  localTime: LocalTime;
  from: Date;
  to: Date;
}): DueRun[] {
  const { localTime, from, to } = options;
  const runs: DueRun[] = [];
  for (const timeZone of new Set(options.timeZones)) {
    const lastDate = localDateAt(timeZone, to);
    // A day early: where clocks fall back across midnight, a later instant can still read the day before.
    for (let date = addDays(localDateAt(timeZone, from), -1); date <= lastDate; date = addDays(date, 1)) {
      const runAt = zonedInstant(timeZone, date, localTime);
      if (runAt > from && runAt <= to) runs.push({ timeZone, localDate: date, runAt });
    }
  }
  return runs.sort((a, b) => a.runAt.getTime() - b.runAt.getTime());
}

/** The first run after `after` in `timeZone`. Pure. */
export function nextRunAt(options: { timeZone: string; localTime: LocalTime; after: Date }): Date {
  const { timeZone, localTime, after } = options;
  let date = localDateAt(timeZone, after);
  for (;;) {
    const runAt = zonedInstant(timeZone, date, localTime);
    if (runAt > after) return runAt;
    date = addDays(date, 1);
  }
}

export type MerchantCronDeps = {
  db: Db;
  crons: readonly MerchantCron[];
  now?: () => Date;
  logger?: JobLogger;
};

/** Fans out every cron due at `now` and returns how many merchant jobs it offered (repeats included). */
export async function runMerchantCronTick(queue: JobQueue, deps: MerchantCronDeps): Promise<number> {
  const now = (deps.now ?? (() => new Date()))();
  const timeZones = await listValidTimeZones(deps);
  let offered = 0;
  for (const cron of deps.crons) {
    const from = new Date(now.getTime() - cron.catchUpMinutes * 60_000);
    const due = findDueRuns({ timeZones, localTime: cron.localTime, from, to: now });
    const jobs = await merchantRunsFor(deps.db, due);
    for (let start = 0; start < jobs.length; start += sendChunkSize) {
      await queue.sendMany(cron.job.name, jobs.slice(start, start + sendChunkSize));
    }
    offered += jobs.length;
  }
  return offered;
}

export function createMerchantCronTickJob(deps: MerchantCronDeps) {
  return defineJob({
    name: merchantCronTickName,
    schema: z.object({}),
    queue: tickQueueSettings,
    work: { batchSize: 1 },
    handler: async (_data, { queue }) => {
      await runMerchantCronTick(queue, deps);
    },
  });
}

/**
 * Creates the crons' queues, works the tick in this process and, with `schedule` (default), writes the tick's
 * pg-boss schedule (idempotent; the jobs come from processes started with `startQueue({ schedule: true })`).
 * The crons' own jobs are worked wherever their definitions are passed to startWorkers.
 */
export async function startMerchantCron(
  queue: JobQueue,
  deps: MerchantCronDeps & { schedule?: boolean },
): Promise<void> {
  for (const cron of deps.crons) await queue.ensureQueue(cron.job.name, cron.job.queue);
  await startWorkers(queue, [createMerchantCronTickJob(deps)]);
  if (deps.schedule ?? true)
    await queue.schedule(merchantCronTickName, merchantCronTickCron, {}, { tz: 'UTC' });
}

async function listValidTimeZones(deps: MerchantCronDeps): Promise<string[]> {
  const timeZones = await listMerchantTimeZones(deps.db);
  const invalid = timeZones.filter((timeZone) => !isValidTimeZone(timeZone));
  if (invalid.length > 0) {
    (deps.logger ?? consoleJobLogger).warn(
      { timeZones: invalid },
      'merchants with an unknown time zone skipped',
    );
  }
  return timeZones.filter(isValidTimeZone);
}

async function merchantRunsFor(db: Db, due: readonly DueRun[]): Promise<JobRequest[]> {
  if (due.length === 0) return [];
  const merchants = await listMerchantsInTimeZones(db, [...new Set(due.map((run) => run.timeZone))]);
  return merchants.flatMap((merchant) =>
    due
      .filter((run) => run.timeZone === merchant.timeZone)
      .map((run) => ({
        data: {
          merchantId: merchant.id,
          timeZone: run.timeZone,
          localDate: run.localDate,
          scheduledFor: run.runAt.toISOString(),
        } satisfies MerchantRun,
        options: { idempotencyKey: `${merchant.id}/${run.localDate}` },
      })),
  );
}
