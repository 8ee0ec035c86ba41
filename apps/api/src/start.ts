import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { buildApp } from './app';
import type { Config } from './config';
import { createAppContext } from './context';
import { openConfiguredDatabase, type Database } from './db/client';
import { migrateDatabase, underSetupLock } from './db/migrate';
import { seedDemoIfEmpty } from './db/seed/demo';
import { createCipher } from './lib/encryption';
import { loggerOptions } from './lib/logging';
import { lockDownDataDir, tightenDataDir } from './lib/private-files';
import { startLiveListener } from './modules/live/live-listener.runtime';
import { vacuumAnalyzeDatabase } from './modules/maintenance/maintenance.service';
import { openQueue, startBackgroundWork } from './worker';

export type RunningPaylane = {
  /** The HTTP app; it listens unless the process is a `worker`. */
  app: FastifyInstance;
  /** Whether the demo was created by this start. */
  seededDemo: boolean;
  stop(): Promise<void>;
};

/**
 * One Paylane process as the configuration describes it: open the database, migrate, seed the demo when the
 * configuration allows it, listen (roles `all` and `api`), run jobs (roles `all` and `worker`). server.ts
 * calls it with the environment's configuration; tests call it to check the start-up rules themselves.
 */
export async function startPaylane(
  config: Config,
  options: { database?: Database } = {},
): Promise<RunningPaylane> {
  // Before anything writes there: the folder holds the embedded database, the secret and uploads.
  lockDownDataDir(config.dataDir);
  const database = options.database ?? (await openConfiguredDatabase(config, config.databasePoolMax));
  // Migrations, the demo, the job queues and schedules: one process at a time (several start together).
  const { app, seededDemo, live, backgroundWork, queue } = await underSetupLock(database, () =>
    setUp(config, database),
  );
  if (config.role !== 'worker') await app.listen({ port: config.port, host: config.host });

  return {
    app,
    seededDemo,
    async stop() {
      await app.close();
      await live?.stop();
      await backgroundWork.stop();
      await queue.stop({ graceful: true, timeoutMs: 10_000 });
      if (!options.database) await database.close();
    },
  };
}

/** Everything a process prepares before it listens; run under the set-up lock. */
async function setUp(config: Config, database: Database) {
  await migrateDatabase(database.db);
  if (database.kind === 'pglite') {
    // Embedded PGlite has no autovacuum: vacuumed and analyzed now, then hourly (modules/maintenance).
    await vacuumAnalyzeDatabase(database.db);
    // Its files as PGlite wrote them (0666), made private; hourly again with the statistics.
    tightenDataDir(config.dataDir);
  }
  const seededDemo = config.seedDemo
    ? await seedDemoIfEmpty(database.db, createCipher(config.encryptionKey))
    : false;

  const runsJobs = config.role !== 'api';
  const queue = await openQueue({ database, logger: pino(loggerOptions(config.logLevel)), runsJobs });
  const app = await buildApp({ config, db: database.db, queue });
  const ctx = createAppContext({ config, db: database.db, log: app.log, queue });
  // Processes that serve sockets hear the database's live notifications (worker processes serve none).
  const live =
    config.role === 'worker' ? null : await startLiveListener({ database, hub: app.liveHub, log: app.log });
  const backgroundWork = await startBackgroundWork({ queue, ctx, runsJobs });
  return { app, seededDemo, live, backgroundWork, queue };
}
