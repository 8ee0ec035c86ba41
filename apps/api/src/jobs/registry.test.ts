import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Database } from '../db/client';
import { createTestDatabase } from '../test/database';
import { findStoredJob, startTestQueue } from './job-test-helpers';
import type { JobQueue } from './queue';
import { defineJob, enqueue, startWorkers } from './registry';
import { waitUntil } from '../test/wait';

const reminderSchema = z.object({
  customerId: z.uuid(),
  channel: z.enum(['sms', 'email']).default('sms'),
});

describe('worker registry', () => {
  let database: Database;
  let queue: JobQueue;
  const received: z.infer<typeof reminderSchema>[] = [];
  const reminder = defineJob({
    name: 'test.reminder',
    schema: reminderSchema,
    queue: { retryLimit: 1, retryDelaySeconds: 1, retryBackoff: false },
    handler: async (data) => void received.push(data),
  });

  beforeAll(async () => {
    database = await createTestDatabase();
    queue = await startTestQueue(database);
    await startWorkers(queue, [reminder]);
  });
  afterAll(async () => {
    await queue.stop({ graceful: false });
    await database.close();
  });

  it('creates the queue with the definition settings and hands the handler parsed, typed data', async () => {
    const { rows } = await database.pool.query(
      `select retry_limit, retry_delay, retry_backoff, expire_seconds from pgboss.queue where name = 'test.reminder'`,
    );
    expect(rows).toEqual([{ retry_limit: 1, retry_delay: 1, retry_backoff: false, expire_seconds: 300 }]);

    const customerId = '0b8f5d5e-2f57-4a8e-9a3c-1c2d3e4f5a6b';
    await enqueue(queue, reminder, { customerId });
    await waitUntil(() => expect(received).toEqual([{ customerId, channel: 'sms' }]));
  });

  it('rejects a bad payload when it is enqueued, before anything is stored', async () => {
    await expect(enqueue(queue, reminder, { customerId: 'not-a-uuid' })).rejects.toThrow(z.ZodError);
    const { rows } = await database.pool.query(
      `select count(*)::int as jobs from pgboss.job where name = $1`,
      [reminder.name],
    );
    expect(rows[0]).toEqual({ jobs: 1 });
  });

  it('fails a stored payload the schema rejects through the normal retries, naming the job', async () => {
    // As if an older deploy had written it.
    const id = await queue.send(reminder.name, { customerId: 42 });
    await waitUntil(async () => expect((await findStoredJob(database, id ?? ''))?.state).toBe('failed'), 100);
    const job = await queue.findJob(reminder.name, id ?? '');
    expect(job).toMatchObject({ retryCount: 1 });
    expect(String((job?.output as { message?: unknown }).message)).toMatch(
      /invalid payload for job "test.reminder"/,
    );
  });

  it('refuses a job registered twice and a name pg-boss would mangle', async () => {
    await expect(startWorkers(queue, [reminder, reminder])).rejects.toThrow(/registered twice/);
    expect(() =>
      defineJob({ name: 'Send Email!', schema: z.object({}), handler: async () => undefined }),
    ).toThrow(/job name/);
  });
});
