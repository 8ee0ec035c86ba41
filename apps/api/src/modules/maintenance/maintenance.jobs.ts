import { z } from 'zod';
import type { AppContext } from '../../context';
import { defineJob } from '../../jobs/registry';
import { tightenDataDir } from '../../lib/private-files';
import { vacuumAnalyzeDatabase } from './maintenance.repository';

// PostgreSQL's autovacuum keeps the planner's statistics fresh and the visibility map set; embedded PGlite has
// no autovacuum, so without this every plan assumes near-empty tables and, once a merchant has thousands of
// customers, indexed lookups turn into scans, and index-only scans read the table too. Embedded processes
// vacuum and analyze at start and then hourly, and tighten the files' modes.
export const createMaintenanceJobs = (ctx: AppContext) => [
  defineJob({
    name: 'db.analyze',
    schema: z.object({}),
    handler: async () => {
      const started = Date.now();
      await vacuumAnalyzeDatabase(ctx.db);
      // The embedded database's newer files, created 0666 by PGlite, made private (lib/private-files.ts).
      tightenDataDir(ctx.config.dataDir);
      ctx.log.info(
        { ms: Date.now() - started },
        'vacuumed, planner statistics refreshed, data files tightened',
      );
    },
  }),
];

/** Hourly, only where no autovacuum runs (embedded PGlite: no DATABASE_URL). */
export const maintenanceSchedules = (config: AppContext['config']) =>
  config.databaseUrl ? [] : [{ name: 'db.analyze', cron: '41 * * * *' }];
