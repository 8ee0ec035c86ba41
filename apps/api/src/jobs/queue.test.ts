import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Database } from '../db/client';
import { createTestDatabase } from '../test/database';
import { findStoredJob, startTestQueue } from './job-test-helpers';
import { jobIdForKey } from './pg-boss-options';
import type { JobHandler, JobQueue, StartQueueOptions } from './queue';
import { waitUntil } from '../test/wait';

describe('job queue', () => {
  let database: Database;
  const started: JobQueue[] = [];
  const start = async (options?: Partial<StartQueueOptions>) => {
    const queue = await startTestQueue(database, options);
    started.push(queue);
    return queue;
  };
  const stateOf = async (id: string | null) => (await findStoredJob(database, id ?? ''))?.state;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    await Promise.all(started.splice(0).map((queue) => queue.stop({ graceful: false })));
  });
  afterAll(() => database.close());

  it('runs each of 1,000 jobs exactly once across two workers, never twice at the same time', async () => {
    await database.pool.query(
      'create table job_runs (job_id uuid not null, worker text not null, n int not null)',
    );
    // Two queue instances with their own pools: two worker processes as far as the database can tell.
    const [first, second] = [await start(), await start()];
    await first.ensureQueue('exactly-once', { retryLimit: 2, retryDelaySeconds: 1 });
    const running = new Set<string>();
    const overlaps: string[] = [];
    const recordRun =
      (worker: string): JobHandler =>
      async (job) => {
        if (running.has(job.id)) overlaps.push(job.id);
        running.add(job.id);
        try {
          await sleep(Math.random() * 3);
          const { n } = z.object({ n: z.number() }).parse(job.data);
          await database.pool.query('insert into job_runs values ($1, $2, $3)', [job.id, worker, n]);
        } finally {
          running.delete(job.id);
        }
      };

    await first.sendMany(
      'exactly-once',
      Array.from({ length: 1000 }, (_, n) => ({ data: { n } })),
    );
    await first.work('exactly-once', recordRun('first'), { batchSize: 25 });
    await second.work('exactly-once', recordRun('second'), { batchSize: 25 });

    await waitUntil(async () => {
      const { rows } = await database.pool.query(
        `select state, count(*)::int as jobs from pgboss.job where name = 'exactly-once' group by state`,
      );
      expect(rows).toEqual([{ state: 'completed', jobs: 1000 }]);
    }, 250);
    const { rows } = await database.pool.query(
      `select count(*)::int as runs, count(distinct job_id)::int as jobs, count(distinct n)::int as payloads,
              count(distinct worker)::int as workers
       from job_runs`,
    );
    expect(rows[0]).toEqual({ runs: 1000, jobs: 1000, payloads: 1000, workers: 2 });
    expect(overlaps).toEqual([]);
  });

  it('retries a failing job with exponential backoff until it succeeds, and fails it after retryLimit', async () => {
    const queue = await start();
    await queue.ensureQueue('flaky', { retryLimit: 3, retryDelaySeconds: 1, retryBackoff: true });
    await queue.ensureQueue('hopeless', { retryLimit: 1, retryDelaySeconds: 1, retryBackoff: false });
    const attempts: { at: number; retryCount: number }[] = [];
    await queue.work('flaky', async (job) => {
      attempts.push({ at: Date.now(), retryCount: job.retryCount });
      if (attempts.length < 3) throw new Error(`attempt ${attempts.length} failed`);
    });
    let hopelessAttempts = 0;
    await queue.work('hopeless', async () => {
      hopelessAttempts += 1;
      throw new Error('always fails');
    });

    const flakyId = await queue.send('flaky', {});
    const hopelessId = await queue.send('hopeless', {});
    await waitUntil(async () => expect(await stateOf(flakyId)).toBe('completed'), 100);
    await waitUntil(async () => expect(await stateOf(hopelessId)).toBe('failed'), 100);

    expect(attempts.map((attempt) => attempt.retryCount)).toEqual([0, 1, 2]);
    const [first, second, third] = attempts.map((attempt) => attempt.at) as [number, number, number];
    // Backoff with retryDelay 1 s: the 1st retry waits 1-2 s, the 2nd 2-4 s (pg-boss adds jitter).
    expect(second - first).toBeGreaterThanOrEqual(1000 - 20);
    expect(third - second).toBeGreaterThanOrEqual(2000 - 20);
    expect(hopelessAttempts).toBe(2);
    expect((await queue.findJob('hopeless', hopelessId ?? ''))?.output).toMatchObject({
      message: 'always fails',
    });
  });

  it('keeps queued jobs across a restart of the queue', async () => {
    const before = await start();
    await before.ensureQueue('durable');
    const id = await before.send('durable', { invoice: 'inv-1' });
    await before.stop();
    await expect(before.send('durable', {})).rejects.toThrow(/stopped/);

    const after = await start();
    const seen: unknown[] = [];
    await after.work('durable', async (job) => {
      seen.push({ id: job.id, data: job.data, retryCount: job.retryCount });
    });
    await waitUntil(() => expect(seen).toEqual([{ id, data: { invoice: 'inv-1' }, retryCount: 0 }]));
  });

  it('enqueues a job once per idempotency key, and refuses a queue that does not exist', async () => {
    const queue = await start();
    await queue.ensureQueue('once');
    expect(await queue.send('once', { attempt: 1 }, { idempotencyKey: 'invoice-7' })).toBe(
      jobIdForKey('once', 'invoice-7'),
    );
    expect(await queue.send('once', { attempt: 2 }, { idempotencyKey: 'invoice-7' })).toBeNull();
    await queue.sendMany('once', [
      { data: { attempt: 3 }, options: { idempotencyKey: 'invoice-7' } },
      { data: { attempt: 4 }, options: { idempotencyKey: 'invoice-8' } },
    ]);
    const { rows } = await database.pool.query(
      `select data from pgboss.job where name = 'once' order by data`,
    );
    expect(rows).toEqual([{ data: { attempt: 1 } }, { data: { attempt: 4 } }]);

    // Still a repeat after the first job has run.
    const ran: unknown[] = [];
    await queue.work('once', async (job) => void ran.push(job.data));
    await waitUntil(() => expect(ran).toHaveLength(2));
    expect(await queue.send('once', { attempt: 5 }, { idempotencyKey: 'invoice-7' })).toBeNull();

    await expect(queue.send('no-such-queue', {})).rejects.toThrow(/does not exist/);
  });

  it('creates jobs from a cron schedule with the pg-boss clock, and stops promptly with the clock running', async () => {
    const clock = await start({ schedule: true, cronCheckIntervalSeconds: 1 });
    await clock.ensureQueue('every-minute');
    await clock.schedule('every-minute', '* * * * *', { source: 'cron' }, { tz: 'America/New_York' });
    const ran: unknown[] = [];
    await clock.work('every-minute', async (job) => void ran.push(job.data));
    // A minute-by-minute cron is always due within its minute; pg-boss makes one job per minute of it.
    await waitUntil(() => expect(ran).toContainEqual({ source: 'cron' }), 100);
    const stopStarted = Date.now();
    await clock.stop();
    expect(Date.now() - stopStarted).toBeLessThan(1_500);
  });

  it('lets running jobs finish on a graceful stop, and hands them back at once on an abrupt one', async () => {
    const gentle = await start();
    await gentle.ensureQueue('slow');
    await gentle.work('slow', () => sleep(800));
    const finishedId = await gentle.send('slow', {});
    await waitUntil(async () => expect(await stateOf(finishedId)).toBe('active'));
    await gentle.stop({ graceful: true, timeoutMs: 5_000 });
    expect(await stateOf(finishedId)).toBe('completed');

    const abrupt = await start();
    await abrupt.ensureQueue('stuck', { retryDelaySeconds: 30 });
    const aborts: unknown[] = [];
    await abrupt.work('stuck', (_job, signal) => {
      signal.addEventListener('abort', () => aborts.push(signal.reason));
      return new Promise(() => undefined);
    });
    const stuckId = await abrupt.send('stuck', {});
    await waitUntil(async () => expect(await stateOf(stuckId)).toBe('active'));
    const stopStarted = Date.now();
    await abrupt.stop({ graceful: false });
    expect(Date.now() - stopStarted).toBeLessThan(2_000);
    // Failed with its retry still to come, so another worker takes it up after the retry delay.
    expect(await findStoredJob(database, stuckId ?? '')).toMatchObject({ state: 'retry', retryCount: 0 });
    expect(aborts).toEqual([new Error('the worker stopped before the job finished')]);
  });
});
