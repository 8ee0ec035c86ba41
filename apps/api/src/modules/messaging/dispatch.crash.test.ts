import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppContext } from '../../context';
import { nextChildMessage, startTestQueue } from '../../jobs/job-test-helpers';
import type { JobQueue } from '../../jobs/queue';
import { startWorkers } from '../../jobs/registry';
import { startOutboxSmsWalker } from '../outbox/outbox-sms-walker.runtime';
import type { TestApp } from '../../test/app';
import { DISPATCH_JOB, dispatchQueue } from './dispatch-request.service';
import { createMessagingJobs } from './messaging.jobs';
import { insertCustomers, setUpMessagingTest, type MessagingTestContext } from './messaging-test-setup';
import { EVENT_WAIT_MS, waitUntil } from '../../test/wait';

type WorkerMessage = { type: 'ready' } | { type: 'inside-chunk'; index: number; size: number };

const RECIPIENTS = 5000;
const CHUNK = 500;
const STALL_AT = 3;
const LEASE_SECONDS = 1;

describe('a dispatcher killed in the middle of a 5,000-recipient mass text', () => {
  let c: MessagingTestContext;
  let survivor: JobQueue;
  let child: ChildProcess | undefined;
  let walker: { stop(): Promise<void> } | undefined;

  beforeAll(async () => {
    c = await setUpMessagingTest();
    survivor = await startTestQueue(c.t.database);
    await survivor.ensureQueue(DISPATCH_JOB, dispatchQueue);
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await walker?.stop();
    await survivor.stop({ graceful: false });
    await c.t.close();
  });

  it(
    'after a restart every recipient has exactly one message and one text at the provider',
    { timeout: 6 * EVENT_WAIT_MS },
    async () => {
      const people = await insertCustomers(c.t, {
        merchantId: c.merchantId,
        locationId: c.locationId,
        count: RECIPIENTS,
        area: '832',
      });
      const accepted = await c.t.request(`${c.base}/customers/send_customers_message/`, {
        method: 'POST',
        token: c.admin,
        json: { batch_name: 'Crash', message: 'Hi {{first_name}}', customers: people.map((p) => p.id) },
      });
      expect(accepted.body).toMatchObject({ queued: RECIPIENTS, skipped: 0 });
      const batchId: string = accepted.body.batch_id;

      child = forkWorker(c.t, [String(CHUNK), String(STALL_AT)]);
      await nextMessage(child, 'ready');
      await survivor.send(DISPATCH_JOB, {});
      const stalled = await nextMessage(child, 'inside-chunk');
      expect(stalled).toEqual({ type: 'inside-chunk', index: STALL_AT, size: CHUNK });
      child.kill('SIGKILL');
      await once(child, 'exit');

      // Three chunks recorded; the fourth reached the provider but not our records; the rest wait.
      const handedOver = (STALL_AT + 1) * CHUNK;
      expect(await batchStatuses(batchId)).toEqual({
        queued: STALL_AT * CHUNK,
        sending: CHUNK,
        pending: RECIPIENTS - handedOver,
      });
      expect(await outboxTexts(batchId)).toEqual({ texts: handedOver, numbers: handedOver });

      // A fresh worker, once the dead one's claims are past their lease.
      await sleep(LEASE_SECONDS * 1000 + 200);
      const ctx = createAppContext({
        config: c.t.config,
        db: c.t.database.db,
        log: c.t.app.log,
        queue: survivor,
      });
      await startWorkers(
        survivor,
        createMessagingJobs(ctx, { chunkSize: CHUNK, leaseSeconds: LEASE_SECONDS }),
      );
      walker = startOutboxSmsWalker(ctx);
      await survivor.send(DISPATCH_JOB, {});
      // 5,000 texts through the outbox walker: bulk work, so a longer bound than one event's on a loaded machine.
      await waitUntil(
        async () => expect(await batchStatuses(batchId)).toEqual({ delivered: RECIPIENTS }),
        250,
        4 * EVENT_WAIT_MS,
      );

      const { rows: perRecipient } = await c.t.database.pool.query<{ recipients: number; repeats: number }>(
        `select count(*)::int as recipients, count(*) filter (where n > 1)::int as repeats
       from (select customer_id, count(*) as n from messages where batch_id = $1 group by customer_id) m`,
        [batchId],
      );
      expect(perRecipient[0]).toEqual({ recipients: RECIPIENTS, repeats: 0 });
      expect(await outboxTexts(batchId)).toEqual({ texts: RECIPIENTS, numbers: RECIPIENTS });
      // Each message names the one text the provider holds for it.
      const { rows: matched } = await c.t.database.pool.query<{ matched: number }>(
        `select count(*)::int as matched from messages m join outbox_sms o
         on o.sid = m.provider_message_id and o.idempotency_key = m.id::text
       where m.batch_id = $1`,
        [batchId],
      );
      expect(matched[0]!.matched).toBe(RECIPIENTS);
    },
  );

  async function batchStatuses(batchId: string) {
    const { rows } = await c.t.database.pool.query<{ status: string; total: number }>(
      `select status, count(*)::int as total from messages where batch_id = $1 group by status`,
      [batchId],
    );
    return Object.fromEntries(rows.map((row) => [row.status, row.total]));
  }
  // The provider's texts for the batch's messages, and the distinct numbers they went to.
  async function outboxTexts(batchId: string) {
    const { rows } = await c.t.database.pool.query<{ texts: number; numbers: number }>(
      `select count(*)::int as texts, count(distinct o.to_address)::int as numbers
       from outbox_sms o join messages m on m.id::text = o.idempotency_key where m.batch_id = $1`,
      [batchId],
    );
    return rows[0];
  }
});

function forkWorker(t: TestApp, args: string[]): ChildProcess {
  const script = fileURLToPath(new URL('./dispatch-crash-worker.fixture.ts', import.meta.url));
  return fork(script, args, {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, PAYLANE_JOBS_PG_CONFIG: JSON.stringify(t.database.pgConfig) },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
}

function nextMessage<T extends WorkerMessage['type']>(child: ChildProcess, type: T) {
  return nextChildMessage<WorkerMessage, T>(child, type);
}
