import PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import { openBossConnection, type BossConnection } from './boss-connection';
import type { JobData, JobRequest, QueueSettings, SendOptions } from './job-options';
import { consoleJobLogger, type JobLogger } from './job-logger';
import { toPgBossInsert, toPgBossQueue, toPgBossSendOptions } from './pg-boss-options';
import { startWorkerLoop, type JobHandler, type WorkerLoop, type WorkOptions } from './worker-loop';

export type { JobHandler, ReceivedJob, WorkOptions } from './worker-loop';
export type { JobData, JobRequest, QueueSettings, SendOptions } from './job-options';

export type JobSnapshot = {
  id: string;
  name: string;
  data: unknown;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  retryCount: number;
  output: unknown;
};

export type StopOptions = {
  /** Wait for running jobs (up to timeoutMs); otherwise they are failed at once and retried elsewhere. */
  graceful?: boolean;
  timeoutMs?: number;
};

export type JobQueue = {
  /** Creates the queue if missing and applies the settings (so changed defaults reach existing queues). */
  ensureQueue(name: string, settings?: QueueSettings): Promise<void>;
  /** Returns the job id, or null when idempotencyKey or singleton throttling made it a repeat. */
  send(name: string, data: JobData, options?: SendOptions): Promise<string | null>;
  /** One statement for many jobs; repeats (same idempotencyKey) are skipped. */
  sendMany(name: string, jobs: readonly JobRequest[]): Promise<void>;
  work(name: string, handler: JobHandler, options?: WorkOptions): Promise<void>;
  /** A pg-boss cron schedule (one per queue in pg-boss 10). Jobs are created by processes started with schedule. */
  schedule(name: string, cron: string, data?: JobData, options?: { tz?: string }): Promise<void>;
  unschedule(name: string): Promise<void>;
  findJob(name: string, id: string): Promise<JobSnapshot | null>;
  stop(options?: StopOptions): Promise<void>;
};

export type StartQueueOptions = {
  database: Pick<Database, 'pgConfig'>;
  logger?: JobLogger;
  /** Create jobs from cron schedules in this process (pg-boss's clock). Default true. */
  schedule?: boolean;
  /** How often the clock looks for due schedules and turns them into jobs (pg-boss: 30 s and 5 s). */
  cronCheckIntervalSeconds?: number;
  /** Connections of the queue's own pool. */
  poolMax?: number;
  /** Default polling interval of work(); pg-boss allows 0.5 at least. */
  pollingIntervalSeconds?: number;
  /** How often expired jobs are failed and old ones archived; bounds how late a dead worker's job is retried. */
  maintenanceIntervalSeconds?: number;
  /** Settings for queues created without their own. */
  queueDefaults?: QueueSettings;
};

export const defaultQueueSettings = {
  policy: 'standard',
  retryLimit: 5,
  retryDelaySeconds: 10,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
} as const satisfies QueueSettings;

export async function startQueue(options: StartQueueOptions): Promise<JobQueue> {
  const logger = options.logger ?? consoleJobLogger;
  const connection = openBossConnection({
    pgConfig: options.database.pgConfig,
    max: options.poolMax ?? 4,
    onError: (error) => logger.error({ err: error }, 'job queue connection error'),
  });
  const boss = new PgBoss({
    db: connection,
    schedule: options.schedule ?? true,
    ...(options.cronCheckIntervalSeconds === undefined
      ? {}
      : {
          cronMonitorIntervalSeconds: options.cronCheckIntervalSeconds,
          cronWorkerIntervalSeconds: options.cronCheckIntervalSeconds,
        }),
    supervise: true,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 60,
  });
  // pg-boss reports maintenance and cron failures as 'error' events; an unheard 'error' event would throw.
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  try {
    await boss.start();
  } catch (error) {
    await connection.close();
    throw error;
  }
  return createJobQueue({ boss, connection, logger, options });
}

type QueueState = {
  boss: PgBoss;
  connection: BossConnection;
  logger: JobLogger;
  options: StartQueueOptions;
  loops: WorkerLoop[];
  knownQueues: Set<string>;
  isStopped: boolean;
};

function createJobQueue(deps: Pick<QueueState, 'boss' | 'connection' | 'logger' | 'options'>): JobQueue {
  const state: QueueState = { ...deps, loops: [], knownQueues: new Set(), isStopped: false };
  const running = () => {
    assertRunning(state);
    return state.boss;
  };
  return {
    ensureQueue: (name, settings) => ensureQueue(state, name, settings),
    send: (name, data, options) => send(state, name, data, options),
    sendMany: (name, jobs) => sendMany(state, name, jobs),
    work: (name, handler, options) => work(state, name, handler, options),
    schedule: async (name, cron, data = {}, options = {}) =>
      running().schedule(name, cron, data, { tz: options.tz ?? 'UTC' }),
    unschedule: async (name) => running().unschedule(name),
    findJob: async (name, id) => findJob(running(), name, id),
    stop: (options) => stop(state, options),
  };
}

async function ensureQueue(state: QueueState, name: string, settings: QueueSettings = {}): Promise<void> {
  assertRunning(state);
  const merged = { ...defaultQueueSettings, ...state.options.queueDefaults, ...settings };
  await state.boss.createQueue(name, toPgBossQueue(name, merged));
  // createQueue leaves an existing queue as it was; updating applies changed settings on the next deploy.
  await state.boss.updateQueue(name, toPgBossQueue(name, merged));
  state.knownQueues.add(name);
}

async function send(state: QueueState, name: string, data: JobData, options: SendOptions = {}) {
  await assertQueueExists(state, name);
  const id = await state.boss.send(name, data, toPgBossSendOptions(name, options));
  wake(state, name);
  return id;
}

async function sendMany(state: QueueState, name: string, jobs: readonly JobRequest[]): Promise<void> {
  await assertQueueExists(state, name);
  if (jobs.length === 0) return;
  await state.boss.insert(jobs.map((job) => toPgBossInsert(name, job)));
  wake(state, name);
}

async function work(state: QueueState, name: string, handler: JobHandler, options: WorkOptions = {}) {
  await assertQueueExists(state, name);
  const batchSize = options.batchSize ?? 5;
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new Error('batchSize must be a positive integer');
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? state.options.pollingIntervalSeconds ?? 2;
  const pollingIntervalMs = Math.max(100, pollingIntervalSeconds * 1000);
  const { boss, logger } = state;
  state.loops.push(startWorkerLoop({ boss, name, handler, batchSize, pollingIntervalMs, logger }));
}

async function findJob(boss: PgBoss, name: string, id: string): Promise<JobSnapshot | null> {
  const job = await boss.getJobById<unknown>(name, id, { includeArchive: true });
  if (!job) return null;
  const { state, retryCount, output, data } = job;
  return { id: job.id, name: job.name, data, state, retryCount, output };
}

async function stop(state: QueueState, { graceful = true, timeoutMs = 30_000 }: StopOptions = {}) {
  if (state.isStopped) return;
  state.isStopped = true;
  await Promise.all(state.loops.map((loop) => loop.stop({ graceful, timeoutMs })));
  // Our loops are done; pg-boss only has its clock and maintenance left, which need no waiting.
  await state.boss.stop({ graceful: false, close: false });
  await state.connection.close();
}

function assertRunning(state: QueueState): void {
  if (state.isStopped) throw new Error('the job queue is stopped');
}

// pg-boss 10 drops a job sent to a queue that does not exist (send returns null); fail loudly instead.
async function assertQueueExists(state: QueueState, name: string): Promise<void> {
  assertRunning(state);
  if (state.knownQueues.has(name)) return;
  if (!(await state.boss.getQueue(name))) {
    throw new Error(`job queue "${name}" does not exist; call ensureQueue first`);
  }
  state.knownQueues.add(name);
}

// Lets a worker in this process start at once on a job this process just sent.
function wake(state: QueueState, name: string): void {
  for (const loop of state.loops) if (loop.name === name) loop.wake();
}
