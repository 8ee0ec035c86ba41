// Run by dispatch.crash.test.ts as its own process: a worker that runs the dispatcher job and, after handing
// chunk `stallAt` to the outbox provider but before recording it, tells the test and waits, so the test can
// SIGKILL it there, the way a crash or an out-of-memory kill ends a worker mid-dispatch.
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { pino } from 'pino';
import { loadConfig } from '../../config';
import { createAppContext } from '../../context';
import * as schema from '../../db/schema';
import { startQueue } from '../../jobs/queue';
import { startWorkers } from '../../jobs/registry';
import { createMessagingJobs } from './messaging.jobs';

const chunkSize = Number(process.argv[2] ?? 500);
const stallAt = Number(process.argv[3] ?? 3);
// The test hands over its database.pgConfig (a pg.PoolConfig) as JSON.
const pgConfig = JSON.parse(process.env.PAYLANE_JOBS_PG_CONFIG ?? '{}') as pg.PoolConfig;

const pool = new pg.Pool({ ...pgConfig, max: 3 });
const queue = await startQueue({ database: { pgConfig }, schedule: false, pollingIntervalSeconds: 0.5 });
const config = loadConfig({
  NODE_ENV: 'test',
  JWT_SECRET: 'crash-worker-secret-that-is-long-enough-for-hs256',
  DATA_DIR: 'unused-in-tests',
  LOG_LEVEL: 'silent',
});
const ctx = createAppContext({
  config,
  db: drizzle({ client: pool, schema }),
  log: pino({ level: 'silent' }),
  queue,
});
const jobs = createMessagingJobs(ctx, {
  chunkSize,
  afterHandOver: async ({ index, size }) => {
    if (index < stallAt) return;
    process.send?.({ type: 'inside-chunk', index, size });
    await new Promise(() => undefined);
  },
});
await startWorkers(queue, jobs);
process.send?.({ type: 'ready' });
