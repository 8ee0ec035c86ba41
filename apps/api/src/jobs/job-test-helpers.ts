import type { ChildProcess } from 'node:child_process';
import type { Database } from '../db/client';
import type { JobLogger } from './job-logger';
import { startQueue, type JobQueue, type StartQueueOptions } from './queue';

export type LogEntry = { level: 'info' | 'warn' | 'error'; message: string; details: object };

/** Keeps log lines for assertions instead of printing expected failures into the test output. */
export function createTestLogger(): JobLogger & { entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  const log = (level: LogEntry['level']) => (details: object, message: string) => {
    entries.push({ level, message, details });
  };
  return { entries, info: log('info'), warn: log('warn'), error: log('error') };
}

/**
 * A queue tuned for tests: no cron clock (nothing to stop), fast polling, and maintenance every second so an
 * expired job comes back within about a second of its expiry.
 */
export function startTestQueue(
  database: Database,
  options: Partial<StartQueueOptions> = {},
): Promise<JobQueue> {
  return startQueue({
    database,
    schedule: false,
    pollingIntervalSeconds: 0.5,
    maintenanceIntervalSeconds: 1,
    logger: createTestLogger(),
    ...options,
  });
}

export type StoredJob = { state: string; retryCount: number; startedOn: Date | null };

/** Reads pg-boss's table directly: works while no queue is running and shows the stored truth. */
export async function findStoredJob(database: Database, id: string): Promise<StoredJob | undefined> {
  const { rows } = await database.pool.query<StoredJob>(
    `select state, retry_count as "retryCount", started_on as "startedOn" from pgboss.job where id = $1`,
    [id],
  );
  return rows[0];
}

/**
 * The next IPC message of `type` from a forked test worker; rejects (with the worker's stderr) if it exits
 * first. `M` is the union of messages the worker sends.
 */
export function nextChildMessage<M extends { type: string }, T extends M['type']>(
  child: ChildProcess,
  type: T,
): Promise<Extract<M, { type: T }>> {
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    const onMessage = (message: M) => {
      if (message.type !== type) return;
      child.off('exit', onExit);
      child.off('message', onMessage);
      resolve(message as Extract<M, { type: T }>);
    };
    const onExit = (code: number | null) =>
      reject(new Error(`worker exited (${code}) before "${type}": ${stderr}`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}
