// Run by autopay.crash.test.ts as its own process: a worker running one merchant's nightly autopay (what the
// autopay.run job's handler does). With a hang-after count, once that many charges went through, its next charge
// reaches the sandbox, tells the test and never returns — so the test can SIGKILL the worker there, between the
// processor's answer and our record, with other claims of its batch still in flight.
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { pino } from 'pino';
import { loadConfig } from '../../config';
import { createAppContext } from '../../context';
import * as schema from '../../db/schema';
import type { PaymentProcessor } from '../../providers/payments/payment-processor';
import { createSandboxProcessor } from '../../providers/payments/sandbox/sandbox-processor';
import { runMerchantAutopay } from './autopay-run.service';

// The test hands over its database.pgConfig (a pg.PoolConfig), the run (merchant, zone, local date), the clock's
// now (ISO) and, for the worker to kill, how many charges to let through first.
const pgConfig = JSON.parse(process.env.PAYLANE_CRASH_PG_CONFIG ?? '{}') as pg.PoolConfig;
const run = JSON.parse(process.env.PAYLANE_AUTOPAY_RUN ?? '{}') as {
  merchantId: string;
  timeZone: string;
  localDate: string;
};
const now = new Date(process.env.PAYLANE_AUTOPAY_NOW ?? Date.now());
const hangAfter = process.env.PAYLANE_AUTOPAY_HANG_AFTER
  ? Number(process.env.PAYLANE_AUTOPAY_HANG_AFTER)
  : null;

const db = drizzle({ client: new pg.Pool({ ...pgConfig, max: 6 }), schema });
const sandbox = createSandboxProcessor({ db, now: () => now, delayMs: 0, bankSettleMs: 0 });
let charges = 0;
const payments: PaymentProcessor = {
  ...sandbox,
  async charge(request) {
    const answer = await sandbox.charge(request);
    charges += 1;
    process.send?.({ type: 'progress', charges });
    if (hangAfter !== null && charges > hangAfter) {
      process.send?.({ type: 'charged', reference: request.reference });
      return new Promise(() => undefined);
    }
    return answer;
  },
};
const config = loadConfig({
  NODE_ENV: 'test',
  JWT_SECRET: 'crash-worker-secret-that-is-long-enough-for-hs256',
  DATA_DIR: 'unused-in-tests',
  LOG_LEVEL: 'silent',
});
const ctx = createAppContext({ config, db, log: pino({ level: 'silent' }), payments, now: () => now });
process.send?.({ type: 'ready' });
const result = await runMerchantAutopay(ctx, run, { batchSize: 5 });
process.send?.({ type: 'done', result }, () => process.exit(0));
