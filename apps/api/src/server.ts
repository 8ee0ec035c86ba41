import { buildApp } from './app';
import { loadConfig } from './config';
import { createAppContext } from './context';
import { openConfiguredDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { startLiveListener } from './modules/live/live-listener';
import { analyzeDatabase } from './modules/maintenance/maintenance.repository';
import { DEMO_PASSWORD, demoLogins, seedDemoIfEmpty } from './db/seed/demo';
import { createCipher } from './lib/encryption';
import { openQueue, startBackgroundWork } from './worker';
import { pino } from 'pino';

// Starts Paylane: open the database, migrate, seed the demo when asked, listen.
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config, config.databasePoolMax);
  await migrateDatabase(database.db);
  // Embedded PGlite has no autovacuum: statistics as of now, then hourly (modules/maintenance).
  if (database.kind === 'pglite') await analyzeDatabase(database.db);
  const seeded = config.seedDemo
    ? await seedDemoIfEmpty(database.db, createCipher(config.encryptionKey))
    : false;

  const runsJobs = config.role !== 'api';
  const queue = await openQueue({ database, logger: pino({ level: config.logLevel }), runsJobs });
  const app = await buildApp({ config, db: database.db, queue });
  const ctx = createAppContext({ config, db: database.db, log: app.log, queue });
  // Processes that serve sockets hear the database's live notifications (worker processes serve none).
  const live =
    config.role === 'worker' ? null : await startLiveListener({ database, hub: app.liveHub, log: app.log });
  const backgroundWork = await startBackgroundWork({ queue, ctx, runsJobs });
  const stop = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await live?.stop();
    await backgroundWork.stop();
    await queue.stop({ graceful: true, timeoutMs: 10_000 });
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  if (config.role !== 'worker') await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
  console.log(`\nPaylane is running on ${config.publicUrl} with ${where}.`);
  if (config.seedDemo) printDemoLogins(seeded);
}

function printDemoLogins(seededNow: boolean): void {
  console.log(
    seededNow ? 'Demo data created. Sign in with:' : 'Demo sign-in (if the demo data is still there):',
  );
  for (const login of demoLogins) console.log(`  ${login.email.padEnd(32)} ${login.role}`);
  console.log(`  password for all: ${DEMO_PASSWORD}\n`);
}

// State lives in the database, so the safest answer to a bug nobody caught is to exit and be restarted.
process.on('unhandledRejection', (reason) => {
  console.error('Unhandled rejection:', reason);
  process.exit(1);
});

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
