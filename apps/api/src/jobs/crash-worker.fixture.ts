// Run by crash-recovery.test.ts as its own process: it works one queue with a handler that never finishes, so
// the test can SIGKILL the process mid-job, the way a crash or an out-of-memory kill ends a worker.
import { startQueue } from './queue';

const queueName = process.argv[2] ?? 'crash';
// The test hands over its database.pgConfig (a pg.PoolConfig) as JSON.
const pgConfig: unknown = JSON.parse(process.env.PAYLANE_JOBS_PG_CONFIG ?? '{}');
const queue = await startQueue({
  database: { pgConfig: pgConfig as object },
  schedule: false,
  pollingIntervalSeconds: 0.5,
});
await queue.work(queueName, async (job) => {
  process.send?.({ type: 'started', jobId: job.id });
  await new Promise(() => undefined);
});
process.send?.({ type: 'ready' });
