import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { createTestDatabase } from '../test/database';
import { findStoredJob, nextChildMessage, startTestQueue } from './job-test-helpers';
import type { JobQueue, ReceivedJob } from './queue';
import { waitUntil } from '../test/wait';

type WorkerMessage = { type: 'ready' } | { type: 'started'; jobId: string };

describe('a worker process killed mid-job', () => {
  let database: Database;
  let survivor: JobQueue;
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
    survivor = await startTestQueue(database);
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await survivor.stop({ graceful: false });
    await database.close();
  });

  it('leaves its job to be retried by another worker once the job expires', async () => {
    await survivor.ensureQueue('crash', {
      expireInSeconds: 2,
      retryLimit: 2,
      retryDelaySeconds: 0,
      retryBackoff: false,
    });
    child = forkWorker(database, 'crash');
    await nextMessage(child, 'ready');
    const jobId = await survivor.send('crash', { order: 42 });
    const started = await nextMessage(child, 'started');
    expect(started).toEqual({ type: 'started', jobId });

    child.kill('SIGKILL');
    await once(child, 'exit');
    const stored = await findStoredJob(database, jobId ?? '');
    // Nobody is left to finish or fail it: the job sits active until its expiry.
    expect(stored).toMatchObject({ state: 'active', retryCount: 0 });

    const runs: (ReceivedJob & { at: number })[] = [];
    await survivor.work('crash', async (job) => void runs.push({ ...job, at: Date.now() }));
    await waitUntil(
      async () => expect((await findStoredJob(database, jobId ?? ''))?.state).toBe('completed'),
      100,
    );
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ id: jobId, data: { order: 42 }, retryCount: 1 });
    const startedOn = stored?.startedOn?.getTime() ?? 0;
    expect(runs[0]?.at ?? 0).toBeGreaterThanOrEqual(startedOn + 2000 - 20);
  });
});

function forkWorker(database: Database, queueName: string): ChildProcess {
  const script = fileURLToPath(new URL('./crash-worker.fixture.ts', import.meta.url));
  return fork(script, [queueName], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, PAYLANE_JOBS_PG_CONFIG: JSON.stringify(database.pgConfig) },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
}

/** The worker's next message of `type`. */
function nextMessage<T extends WorkerMessage['type']>(child: ChildProcess, type: T) {
  return nextChildMessage<WorkerMessage, T>(child, type);
}
