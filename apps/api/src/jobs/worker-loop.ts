import { setTimeout as sleep } from 'node:timers/promises';
import type PgBoss from 'pg-boss';
import type { JobLogger } from './job-logger';

/** A job as a handler sees it; `data` is unchecked JSON (the registry validates it with the job's schema). */
export type ReceivedJob = {
  id: string;
  name: string;
  data: unknown;
  /** 0 on the first attempt. */
  retryCount: number;
  retryLimit: number;
  createdOn: Date;
  expireInSeconds: number;
};

/**
 * Runs one job. Resolve to complete it, throw to fail it (it is retried while retries remain). `signal` aborts when
 * the job expires or the worker stops without waiting; the job is then retried elsewhere, so stop early.
 */
export type JobHandler = (job: ReceivedJob, signal: AbortSignal) => Promise<void>;

export type WorkOptions = {
  /** Jobs taken per fetch. They run concurrently, each completed or failed on its own. */
  batchSize?: number;
  pollingIntervalSeconds?: number;
};

export type WorkerLoop = {
  name: string;
  /** Ends the pause between polls, e.g. right after this process enqueued a job for this queue. */
  wake(): void;
  stop(options: { graceful: boolean; timeoutMs: number }): Promise<void>;
};

type LoopDeps = {
  boss: PgBoss;
  name: string;
  handler: JobHandler;
  batchSize: number;
  pollingIntervalMs: number;
  logger: JobLogger;
};

type Outcome = { job: ReceivedJob; isFailed: false } | { job: ReceivedJob; isFailed: true; error: unknown };

/**
 * Our own fetch → run → complete/fail loop over pg-boss's fetch/complete/fail, instead of pg-boss 10's work():
 * - work() completes or fails a whole batch together; here each job settles on its own.
 * - work() calls complete()/fail() without awaiting them, so a database error during completion becomes an
 *   unhandled rejection that ends the process (timgit/pg-boss#577). Here every call is awaited and logged.
 * - work() sleeps a polling interval after every batch, even a full one; here a full batch fetches again at once.
 */
export function startWorkerLoop(deps: LoopDeps): WorkerLoop {
  const inFlight = new Set<AbortController>();
  const state: { isStopping: boolean; isWoken: boolean; stopReason?: Error; pause?: AbortController } = {
    isStopping: false,
    isWoken: false,
  };

  const running = (async () => {
    while (!state.isStopping) {
      state.isWoken = false;
      const jobs = await fetchJobs(deps);
      if (jobs.length > 0) await runBatch(deps, jobs, (job) => runJob(deps.handler, job, inFlight, state));
      if (jobs.length < deps.batchSize && !state.isStopping && !state.isWoken) {
        state.pause = new AbortController();
        await sleep(deps.pollingIntervalMs, undefined, { signal: state.pause.signal }).catch(() => undefined);
      }
    }
  })();

  return {
    name: deps.name,
    wake() {
      state.isWoken = true;
      state.pause?.abort();
    },
    async stop({ graceful, timeoutMs }) {
      state.isStopping = true;
      state.pause?.abort();
      if (graceful) await settleWithin(running, timeoutMs);
      // Whatever still runs is failed now (and retried by another worker) rather than left to expire.
      state.stopReason = new Error('the worker stopped before the job finished');
      for (const controller of inFlight) controller.abort(state.stopReason);
      await running;
    },
  };
}

async function fetchJobs(deps: LoopDeps): Promise<ReceivedJob[]> {
  try {
    // pg-boss's fetch() already turns database errors into an empty result; the loop simply polls again.
    const jobs = await deps.boss.fetch<unknown>(deps.name, {
      batchSize: deps.batchSize,
      includeMetadata: true,
    });
    return jobs.map((job) => ({
      id: job.id,
      name: job.name,
      data: job.data,
      retryCount: job.retryCount,
      retryLimit: job.retryLimit,
      createdOn: job.createdOn,
      // EXTRACT(epoch ...) is numeric, which pg hands over as a string.
      expireInSeconds: Number(job.expireInSeconds),
    }));
  } catch (error) {
    deps.logger.error({ queue: deps.name, err: error }, 'job fetch failed');
    return [];
  }
}

async function runJob(
  handler: JobHandler,
  job: ReceivedJob,
  inFlight: Set<AbortController>,
  state: { stopReason?: Error },
): Promise<Outcome> {
  const controller = new AbortController();
  if (state.stopReason) controller.abort(state.stopReason);
  inFlight.add(controller);
  // Abort when pg-boss's maintenance would expire the job anyway, so a stuck handler is told to give up.
  const timer = setTimeout(
    () => controller.abort(new Error(`job expired after ${job.expireInSeconds}s`)),
    job.expireInSeconds * 1000,
  );
  try {
    await Promise.race([handler(job, controller.signal), rejectWhenAborted(controller.signal)]);
    return { job, isFailed: false };
  } catch (error) {
    return { job, isFailed: true, error };
  } finally {
    clearTimeout(timer);
    inFlight.delete(controller);
  }
}

async function runBatch(deps: LoopDeps, jobs: ReceivedJob[], run: (job: ReceivedJob) => Promise<Outcome>) {
  const outcomes = await Promise.all(jobs.map(run));
  const completedIds = outcomes.filter((outcome) => !outcome.isFailed).map((outcome) => outcome.job.id);
  if (completedIds.length > 0) await settle(deps, () => deps.boss.complete(deps.name, completedIds));
  for (const outcome of outcomes) {
    if (!outcome.isFailed) continue;
    const { job, error } = outcome;
    const isFinal = job.retryCount >= job.retryLimit;
    deps.logger[isFinal ? 'error' : 'warn'](
      { queue: deps.name, jobId: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit, err: error },
      isFinal ? 'job failed and has no retries left' : 'job failed; it will be retried',
    );
    await settle(deps, () => deps.boss.fail(deps.name, job.id, error instanceof Error ? error : { error }));
  }
}

// A completion that cannot be recorded leaves the job active; pg-boss expires and retries it (at-least-once).
async function settle(deps: LoopDeps, record: () => Promise<unknown>): Promise<void> {
  try {
    await record();
  } catch (error) {
    deps.logger.error({ queue: deps.name, err: error }, 'could not record the job result');
  }
}

function rejectWhenAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

async function settleWithin(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([promise, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}
