import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { merchants } from '../db/schema';
import { createTestDatabase } from '../test/database';
import { createTestLogger, startTestQueue } from './job-test-helpers';
import {
  defineMerchantCron,
  findDueRuns,
  merchantCronTickName,
  merchantRunSchema,
  nextRunAt,
  runMerchantCronTick,
  startMerchantCron,
  type MerchantRun,
} from './merchant-cron';
import type { JobQueue } from './queue';
import { defineJob, startWorkers } from './registry';
import { addDays, localDateAt, zonedInstant } from './zoned-time';
import { waitUntil } from '../test/wait';

const at = (iso: string) => new Date(iso);

describe('merchant-zone cron arithmetic (pure, controlled clock)', () => {
  it.each([
    ['America/New_York', '2026-01-15', '02:00', '2026-01-15T07:00:00.000Z'],
    ['Asia/Kolkata', '2026-01-15', '02:00', '2026-01-14T20:30:00.000Z'],
    ['Asia/Kathmandu', '2026-01-15', '02:00', '2026-01-14T20:15:00.000Z'],
    // Spring forward skips 02:00-02:59: the run happens when clocks jump to 03:00 EDT.
    ['America/New_York', '2026-03-08', '02:30', '2026-03-08T07:00:00.000Z'],
    // Fall back repeats 01:00-01:59: the first 01:30 (EDT) counts.
    ['America/New_York', '2026-11-01', '01:30', '2026-11-01T05:30:00.000Z'],
    ['Europe/London', '2026-03-29', '01:30', '2026-03-29T01:00:00.000Z'],
    // Lord Howe moves its clocks by half an hour; Santiago changes them at midnight.
    ['Australia/Lord_Howe', '2026-10-04', '02:15', '2026-10-03T15:30:00.000Z'],
    ['America/Santiago', '2026-09-06', '00:30', '2026-09-06T04:00:00.000Z'],
  ])('%s on %s at %s runs at %s', (timeZone, localDate, localTime, expected) => {
    expect(zonedInstant(timeZone, localDate, localTime).toISOString()).toBe(expected);
  });

  it('finds the zones whose local time came inside the window, and only those', () => {
    const timeZones = ['America/New_York', 'America/Chicago', 'Asia/Kolkata', 'Europe/London'];
    const window = {
      timeZones,
      localTime: '02:00',
      from: at('2026-01-15T06:45:00Z'),
      to: at('2026-01-15T07:00:00Z'),
    };
    expect(findDueRuns(window)).toEqual([
      { timeZone: 'America/New_York', localDate: '2026-01-15', runAt: at('2026-01-15T07:00:00Z') },
    ]);
    // The window is half-open: the next tick does not see New York again.
    expect(
      findDueRuns({ ...window, from: at('2026-01-15T07:00:00Z'), to: at('2026-01-15T07:15:00Z') }),
    ).toEqual([]);
  });

  it('gives the next run after a moment, across a DST change', () => {
    const after = at('2026-03-08T06:30:00Z'); // 01:30 EST, the night clocks spring forward
    expect(nextRunAt({ timeZone: 'America/New_York', localTime: '02:00', after })).toEqual(
      at('2026-03-08T07:00:00Z'),
    );
    expect(
      nextRunAt({ timeZone: 'America/New_York', localTime: '02:00', after: at('2026-03-08T07:00:00Z') }),
    ).toEqual(at('2026-03-09T06:00:00Z'));
  });

  it('runs exactly once per zone and local day when ticking every 15 minutes through DST changes', () => {
    const timeZones = ['America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kathmandu'];
    const tick = 15 * 60_000;
    for (const [start, days] of [
      ['2026-03-06T00:00:00Z', 4],
      ['2026-03-27T00:00:00Z', 4],
      ['2026-10-02T00:00:00Z', 4],
      ['2026-10-23T00:00:00Z', 4],
      ['2026-10-30T00:00:00Z', 4],
    ] as const) {
      for (const localTime of ['01:30', '02:30']) {
        const runs = [];
        const begin = Date.parse(start);
        for (let now = begin + tick; now <= begin + days * 86_400_000; now += tick) {
          runs.push(...findDueRuns({ timeZones, localTime, from: new Date(now - tick), to: new Date(now) }));
        }
        for (const timeZone of timeZones) {
          const dates = runs.filter((run) => run.timeZone === timeZone).map((run) => run.localDate);
          const first = dates[0] ?? '';
          expect(dates, `${timeZone} ${localTime} from ${start}`).toEqual(
            dates.map((_, i) => addDays(first, i)),
          );
          expect(dates.length).toBeGreaterThanOrEqual(days - 1);
        }
      }
    }
  });

  it('refuses a malformed local time', () => {
    const job = defineJob({
      name: 'test.cron-shape',
      schema: merchantRunSchema,
      handler: async () => undefined,
    });
    expect(() => defineMerchantCron({ job, localTime: '2am' })).toThrow(/time of day/);
    expect(() => defineMerchantCron({ job, localTime: '02:00', catchUpMinutes: 5 })).toThrow(
      /catchUpMinutes/,
    );
  });
});

describe('merchant-zone cron fan-out (database)', () => {
  let database: Database;
  let queue: JobQueue;
  const runs: MerchantRun[] = [];
  const nightly = defineJob({
    name: 'test.nightly',
    schema: merchantRunSchema,
    handler: async (run) => void runs.push(run),
  });
  const cron = defineMerchantCron({ job: nightly, localTime: '02:00' });
  let clock = at('2026-01-15T07:05:00Z');
  const logger = createTestLogger();
  const deps = () => ({ db: database.db, crons: [cron], now: () => clock, logger });
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    database = await createTestDatabase();
    queue = await startTestQueue(database);
    const rows = await database.db
      .insert(merchants)
      .values([
        { name: 'ny-1', timeZone: 'America/New_York' },
        { name: 'ny-2', timeZone: 'America/New_York' },
        { name: 'ny-closed', timeZone: 'America/New_York', status: 'inactive' },
        { name: 'kolkata', timeZone: 'Asia/Kolkata' },
        { name: 'london', timeZone: 'Europe/London' },
        { name: 'typo', timeZone: 'Mars/Olympus_Mons' },
      ])
      .returning({ id: merchants.id, name: merchants.name });
    for (const row of rows) ids[row.name] = row.id;
  });
  afterAll(async () => {
    await queue.stop({ graceful: false });
    await database.close();
  });

  it('schedules one UTC quarter-hour tick and fans a due zone out to its active merchants, via the queue', async () => {
    await startWorkers(queue, [nightly]);
    await startMerchantCron(queue, deps());
    const { rows } = await database.pool.query(`select name, cron, timezone from pgboss.schedule`);
    expect(rows).toEqual([{ name: merchantCronTickName, cron: '*/15 * * * *', timezone: 'UTC' }]);

    // What pg-boss's clock does every quarter hour, with our clock at 02:05 in New York.
    await queue.send(merchantCronTickName, {});
    await waitUntil(() => expect(runs).toHaveLength(2), 100);
    expect(runs.map((run) => run.merchantId).sort()).toEqual([ids['ny-1'], ids['ny-2']].sort());
    expect(runs[0]).toMatchObject({
      timeZone: 'America/New_York',
      localDate: '2026-01-15',
      scheduledFor: '2026-01-15T07:00:00.000Z',
    });
  });

  it('does not run a merchant twice for one local day, and catches up within the hour', async () => {
    clock = at('2026-01-15T07:50:00Z'); // a later tick still inside New York's catch-up hour
    expect(await runMerchantCronTick(queue, deps())).toBe(2);
    const { rows } = await database.pool.query(
      `select count(*)::int as jobs from pgboss.job where name = 'test.nightly'`,
    );
    expect(rows[0]).toEqual({ jobs: 2 });

    clock = at('2026-01-15T21:10:00Z'); // 02:40 on the 16th in Kolkata: 40 minutes late, still caught up
    expect(await runMerchantCronTick(queue, deps())).toBe(1);
    await waitUntil(() => expect(runs).toHaveLength(3), 100);
    expect(runs[2]).toMatchObject({ merchantId: ids['kolkata'], localDate: '2026-01-16' });
    expect(localDateAt('Asia/Kolkata', clock)).toBe('2026-01-16');

    clock = at('2026-01-16T03:30:00Z'); // 03:30 in London: more than an hour late, left out
    expect(await runMerchantCronTick(queue, deps())).toBe(0);
    expect(logger.entries).toContainEqual({
      level: 'warn',
      message: 'merchants with an unknown time zone skipped',
      details: { timeZones: ['Mars/Olympus_Mons'] },
    });
  });
});
