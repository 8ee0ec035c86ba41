import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { and, count, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerEvents, customerImports, customers, merchants } from '../../db/schema';
import { createAppContext } from '../../context';
import { nextChildMessage, startTestQueue } from '../../jobs/job-test-helpers';
import type { JobQueue, QueueSettings } from '../../jobs/queue';
import { startWorkers } from '../../jobs/registry';
import { createTestApp, type TestApp } from '../../test/app';
import { goodRow, importHeaders, suggestedMapping, toCsv, uploadFile } from './customer-imports.fixtures';
import { CUSTOMER_IMPORT_JOB, createCustomerImportJobs } from './customer-imports.jobs';
import { startCustomerImport } from './customer-imports.service';
import { waitUntil } from '../../test/wait';

type WorkerMessage = { type: 'ready' } | { type: 'inside-batch'; index: number; processedRows: number };

const ROWS = 1200;
const BATCH = 100;
const STALL_AT = 3;
// A dead worker's job comes back after 4 s; the retry runs at once.
const queueSettings: QueueSettings = {
  expireInSeconds: 4,
  // A slow run on a loaded machine may outlive the expiry once more: retries left keep the job alive, and
  // exactly-once is what the row counts prove, whatever the number of attempts.
  retryLimit: 5,
  retryDelaySeconds: 0,
  retryBackoff: false,
};

describe('a worker killed in the middle of a multi-batch customer import', () => {
  let t: TestApp;
  let survivor: JobQueue;
  let child: ChildProcess | undefined;
  let merchantId: string;

  beforeAll(async () => {
    t = await createTestApp();
    survivor = await startTestQueue(t.database);
    const [merchant] = await t.database.db.select().from(merchants).where(eq(merchants.name, 'Demo Motors'));
    merchantId = merchant!.id;
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await survivor.stop({ graceful: false });
    await t.close();
  });

  it('leaves no half-written batch, and a fresh worker finishes every row exactly once', async () => {
    const staff = (await t.signIn('staff@demo.paylane.test')).access;
    const base = `/api/merchants/${merchantId}/customer_imports/`;
    const rows = Array.from({ length: ROWS }, (_, i) => goodRow(i + 1, 'CRA'));
    rows[150]![3] = 'not-an-email'; // row 151: skipped, with its error
    const { id } = (await uploadFile(t, base, staff, toCsv([importHeaders, ...rows]))).body;
    const mapped = await t.request(`${base}${id}/mapping/`, {
      method: 'PUT',
      token: staff,
      json: { mapping: suggestedMapping },
    });
    expect(mapped.body).toMatchObject({ valid_rows: ROWS - 1, invalid_rows: 1 });

    child = forkWorker(t, [String(BATCH), String(STALL_AT)]);
    await nextMessage(child, 'ready');
    await survivor.ensureQueue(CUSTOMER_IMPORT_JOB, queueSettings);
    const ctx = createAppContext({
      config: t.config,
      db: t.database.db,
      log: t.app.log,
      now: t.clock.now,
      queue: survivor,
    });
    await startCustomerImport(ctx, merchantId, id);
    const stalled = await nextMessage(child, 'inside-batch');
    expect(stalled).toEqual({ type: 'inside-batch', index: STALL_AT, processedRows: (STALL_AT + 1) * BATCH });
    child.kill('SIGKILL');
    await once(child, 'exit');

    // The open batch rolled back: only the three committed batches are there, with their counts.
    const committed = STALL_AT * BATCH;
    expect(await importedCount()).toBe(committed);
    expect(await readImport(id)).toMatchObject({
      status: 'running',
      processedRows: committed,
      createdCount: committed,
    });
    expect(await eventCount(id)).toBe(committed);

    await startWorkers(survivor, createCustomerImportJobs(ctx, { batchSize: BATCH, queue: queueSettings }));
    await waitUntil(async () => expect((await readImport(id))?.status).toBe('completed'), 200);
    expect(await readImport(id)).toMatchObject({
      processedRows: ROWS - 1,
      createdCount: ROWS - 1,
      updatedCount: 0,
      validRows: ROWS - 1,
      invalidRows: 1,
    });
    expect(await importedCount()).toBe(ROWS - 1);
    expect(await eventCount(id)).toBe(ROWS - 1);
    // Every customer holds exactly its own account; every row's customer exists once.
    const { rows: holdings } = await t.database.pool.query<{
      customers: number;
      accounts: number;
      lonely: number;
    }>(
      `select count(distinct c.id)::int as customers, count(a.id)::int as accounts,
              count(*) filter (where a.id is null)::int as lonely
       from customers c left join accounts a on a.customer_id = c.id
       where c.merchant_id = $1 and c.external_id like 'CRA-%'`,
      [merchantId],
    );
    expect(holdings[0]).toEqual({ customers: ROWS - 1, accounts: ROWS - 1, lonely: 0 });
    const { rows: repeats } = await t.database.pool.query(
      `select customer_id from customer_events where kind = 'customer.imported' and details->>'import_id' = $1
       group by customer_id having count(*) > 1`,
      [id],
    );
    expect(repeats).toEqual([]);
    const { rows: jobs } = await t.database.pool.query(
      `select state, retry_count as "retryCount" from pgboss.job where name = $1 and data->>'import_id' = $2`,
      [CUSTOMER_IMPORT_JOB, id],
    );
    // One job, retried after the crash (more than once only if a slow run outlived its expiry), completed.
    expect(jobs).toEqual([{ state: 'completed', retryCount: expect.any(Number) }]);
    expect(jobs[0].retryCount).toBeGreaterThanOrEqual(1);
  });

  async function importedCount() {
    const [row] = await t.database.db
      .select({ total: count() })
      .from(customers)
      .where(and(eq(customers.merchantId, merchantId), like(customers.externalId, 'CRA-%')));
    return row?.total ?? 0;
  }
  async function eventCount(importId: string) {
    const [row] = await t.database.db
      .select({ total: count() })
      .from(customerEvents)
      .where(sql`${customerEvents.details}->>'import_id' = ${importId}`);
    return row?.total ?? 0;
  }
  async function readImport(importId: string) {
    const [row] = await t.database.db.select().from(customerImports).where(eq(customerImports.id, importId));
    return row;
  }
});

function forkWorker(t: TestApp, args: string[]): ChildProcess {
  const script = fileURLToPath(new URL('./customer-imports-crash-worker.fixture.ts', import.meta.url));
  return fork(script, args, {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      PAYLANE_JOBS_PG_CONFIG: JSON.stringify(t.database.pgConfig),
      PAYLANE_IMPORT_QUEUE: JSON.stringify(queueSettings),
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
}

/** The worker's next message of `type`. */
function nextMessage<T extends WorkerMessage['type']>(child: ChildProcess, type: T) {
  return nextChildMessage<WorkerMessage, T>(child, type);
}
