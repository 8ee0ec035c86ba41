import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppContext } from '../../context';
import { customers, merchants } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createMaintenanceJobs, maintenanceSchedules } from './maintenance.jobs';
import { allVisiblePages, estimatedRows } from './maintenance.repository';

describe('embedded maintenance: planner statistics and the visibility map', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('the db.analyze job refreshes statistics and vacuums, so plans see the rows and index-only scans skip the table', async () => {
    const [merchant] = await t.database.db.insert(merchants).values({ name: 'Stats Motors' }).returning();
    await t.database.db.insert(customers).values(
      Array.from({ length: 500 }, (_, i) => ({
        merchantId: merchant!.id,
        firstName: 'Stat',
        lastName: `Customer${i}`,
      })),
    );
    // The new rows' pages are not all-visible until a vacuum marks them (analyze alone only re-counts the map).
    const visibleBefore = await allVisiblePages(t.database.db, 'customers');
    const ctx = createAppContext({ config: t.config, db: t.database.db, log: t.app.log });
    const [job] = createMaintenanceJobs(ctx);
    await job!.handler({}, undefined as never);
    expect(await estimatedRows(t.database.db, 'customers')).toBeGreaterThanOrEqual(500);
    expect(await allVisiblePages(t.database.db, 'customers')).toBeGreaterThan(visibleBefore);
  });

  it('is scheduled hourly only where no autovacuum runs (embedded PGlite)', () => {
    expect(maintenanceSchedules({ ...t.config, databaseUrl: undefined })).toEqual([
      { name: 'db.analyze', cron: '41 * * * *' },
    ]);
    expect(maintenanceSchedules({ ...t.config, databaseUrl: 'postgres://db/paylane' })).toEqual([]);
  });
});
