// `npm run bench:autopay`: the nightly autopay run (issue 18 item 2) for N due accounts through the sandbox
// processor, run through the same service the autopay.run job calls (apps/api/src/modules/autopay). It seeds N
// accounts of the demo merchant due today on its clock, each with autopay on, an enrolment and a saved sandbox
// card, straight in SQL; then times the run and checks every account was charged exactly once — our payments,
// the runs and the sandbox's own books agree.
//   BENCH_DATABASE_URL    measure on PostgreSQL; unset: a fresh embedded PGlite in a temporary folder
//   BENCH_ACCOUNTS        due accounts (default 100000)
//   BENCH_WORKERS         runs of the same night side by side, as several worker processes would (default 1)
//   BENCH_POOL_MAX        the worker's pool (DATABASE_POOL_MAX, default 12); on PostgreSQL the run keeps up to 8
//                         charges in flight, two connections short of it (autopayConcurrency)
//   BENCH_CONCURRENCY     charges in flight instead of the run's own choice, to compare settings
//   BENCH_COUNT_SQL=1     also count the SQL statements the run sends, per charge and by shape (sql-count.ts)
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { loadConfig } from '../../../apps/api/src/config';
import { createAppContext } from '../../../apps/api/src/context';
import { openDatabase, type Database } from '../../../apps/api/src/db/client';
import { migrateDatabase } from '../../../apps/api/src/db/migrate';
import { seedDemoIfEmpty } from '../../../apps/api/src/db/seed/demo';
import { localDateAt } from '../../../apps/api/src/jobs/zoned-time';
import { createCipher } from '../../../apps/api/src/lib/encryption';
import { runMerchantAutopay } from '../../../apps/api/src/modules/autopay/autopay-run.service';
import { createSandboxProcessor } from '../../../apps/api/src/providers/payments/sandbox/sandbox-processor';
import { seedDueAccounts, tallyRun } from './seed-due-accounts';
import { countSql, printSqlCounts, snapshotOf } from './sql-count';

/** docs/conventions.md §7: 100,000 due accounts "in minutes, not hours": under an hour. */
const TARGET_SECONDS = 60 * 60;

const poolMax = Number(process.env.BENCH_POOL_MAX ?? 12);

async function open(): Promise<{ database: Database; label: string; cleanUp: () => void }> {
  const url = process.env.BENCH_DATABASE_URL;
  if (url) {
    return {
      database: await openDatabase({ databaseUrl: url, poolMax }),
      label: 'PostgreSQL (BENCH_DATABASE_URL)',
      cleanUp: () => undefined,
    };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'paylane-bench-autopay-'));
  return {
    database: await openDatabase({ pgliteDataDir: dir, poolMax }),
    label: 'embedded PGlite (fresh folder)',
    cleanUp: () => rmSync(dir, { recursive: true, force: true }),
  };
}

async function main(): Promise<number> {
  const wanted = Number(process.env.BENCH_ACCOUNTS ?? 100_000);
  const workers = Math.max(1, Number(process.env.BENCH_WORKERS ?? 1));
  const sql = process.env.BENCH_COUNT_SQL === '1' ? countSql() : null;
  const { database, label, cleanUp } = await open();
  try {
    await migrateDatabase(database.db);
    await seedDemoIfEmpty(database.db, createCipher('bench-autopay-key'));
    const config = loadConfig({
      NODE_ENV: 'test',
      JWT_SECRET: 'bench-autopay-secret-that-is-long-enough-for-hs256',
      DATA_DIR: 'unused-in-bench',
      LOG_LEVEL: 'silent',
      DATABASE_POOL_MAX: String(poolMax),
      ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
    });
    const concurrency = process.env.BENCH_CONCURRENCY ? Number(process.env.BENCH_CONCURRENCY) : undefined;
    const payments = createSandboxProcessor({
      db: database.db,
      now: () => new Date(),
      delayMs: 0,
      bankSettleMs: 0,
    });
    const ctx = createAppContext({ config, db: database.db, log: pino({ level: 'silent' }), payments });

    const seedStarted = performance.now();
    const seeded = await seedDueAccounts(database, wanted);
    const localDate = localDateAt(seeded.timeZone, new Date());
    console.log(
      `Database: ${label}. Seeded ${wanted} due autopay accounts in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s (batch ${seeded.tag}).`,
    );

    sql?.reset();
    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: workers }, () =>
        runMerchantAutopay(
          ctx,
          { merchantId: seeded.merchantId, timeZone: seeded.timeZone, localDate },
          concurrency ? { concurrency } : {},
        ),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    const sqlCounts = sql ? snapshotOf(sql.counts) : null;
    const tally = await tallyRun(database, seeded);
    const charged = results.reduce((sum, result) => sum + result.charged, 0);

    const inFlight = concurrency ? `${concurrency} (BENCH_CONCURRENCY)` : "the run's own choice";
    console.log(
      `\nnightly autopay run, ${workers} worker(s), ${wanted} due accounts, charges in flight: ${inFlight}`,
    );
    console.log(`  run time                         ${seconds.toFixed(1).padStart(8)} s`);
    console.log(`  charges/s                        ${(charged / seconds).toFixed(0).padStart(8)}`);
    console.log(`  charged (runs' answers)          ${String(charged).padStart(8)}`);
    console.log(`  paid autopay payments            ${String(tally.paidPayments).padStart(8)}`);
    console.log(`  accounts with more than one      ${String(tally.accountsChargedTwice).padStart(8)}`);
    console.log(`  sandbox charges for them         ${String(tally.sandboxCharges).padStart(8)}`);
    if (sqlCounts) printSqlCounts(sqlCounts, charged);
    const isExact =
      charged === wanted &&
      tally.paidPayments === wanted &&
      tally.sandboxCharges === wanted &&
      tally.accountsChargedTwice === 0;
    // A run also takes over the stale claims of an earlier, killed run on the same database (as it should).
    if (charged > tally.paidPayments)
      console.log('  (more charged than seeded: stale claims of a killed run taken over)');
    const isFast = seconds < TARGET_SECONDS;
    console.log(`  ${isExact ? '✓' : '✗'} every due account charged exactly once (charged == ${wanted})`);
    console.log(`  ${isFast ? '✓' : '✗'} target: in minutes (under ${TARGET_SECONDS / 60} min)`);
    return isExact && isFast ? 0 : 1;
  } finally {
    await database.close();
    cleanUp();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
