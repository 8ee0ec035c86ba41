import pg from 'pg';

// BENCH_COUNT_SQL=1: every statement any `pg` client of this process sends (the pool's queries go through a
// client too) is counted by its shape, so the run's round trips per charge can be read without a server log.
// Bench only: the app itself is not patched.

export type SqlCounts = { total: number; byShape: Map<string, { count: number; ms: number }> };

/** The statement's first words and tables, its parameters and literals left out. */
function shapeOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const verb = flat.split(' ', 1)[0]?.toLowerCase() ?? '';
  const tables = [...flat.matchAll(/\b(?:from|into|update|join)\s+"?([a-z_]+)"?/gi)].map((m) => m[1]);
  return `${verb} ${[...new Set(tables)].join(',')}`.trim();
}

function textOf(args: unknown[]): string {
  const first = args[0];
  if (typeof first === 'string') return first;
  if (first && typeof first === 'object' && 'text' in first && typeof first.text === 'string')
    return first.text;
  return '?';
}

export function countSql(): { counts: SqlCounts; reset: () => void } {
  const counts: SqlCounts = { total: 0, byShape: new Map() };
  const original = pg.Client.prototype.query;
  const counting = function (this: pg.Client, ...args: unknown[]) {
    const shape = shapeOf(textOf(args));
    const entry = counts.byShape.get(shape) ?? { count: 0, ms: 0 };
    counts.byShape.set(shape, entry);
    counts.total += 1;
    entry.count += 1;
    const started = performance.now();
    const last = args.length - 1;
    const callback = args[last];
    // The pool's queries answer through a callback, a client's through a promise: either is timed to its
    // answer, queueing on the connection included.
    if (typeof callback === 'function')
      args[last] = (...answer: unknown[]) => {
        entry.ms += performance.now() - started;
        return (callback as (...a: unknown[]) => unknown)(...answer);
      };
    const answer = (original as (...a: unknown[]) => unknown).apply(this, args);
    if (answer instanceof Promise)
      void answer.then(
        () => (entry.ms += performance.now() - started),
        () => (entry.ms += performance.now() - started),
      );
    return answer;
  };
  pg.Client.prototype.query = counting as typeof original;
  return {
    counts,
    reset: () => {
      counts.total = 0;
      counts.byShape.clear();
    },
  };
}

/** The counted statements per charge and their mean time to answer, most frequent first. */
export function printSqlCounts(counts: SqlCounts, charges: number): void {
  const per = (n: number) => (charges > 0 ? n / charges : 0).toFixed(2);
  console.log(`\nSQL statements sent during the run: ${counts.total} (${per(counts.total)} per charge)`);
  console.log('  per charge  mean ms  statement');
  const rows = [...counts.byShape.entries()].sort((a, b) => b[1].count - a[1].count);
  for (const [shape, { count, ms }] of rows)
    console.log(`  ${per(count).padStart(10)}  ${(ms / count).toFixed(1).padStart(7)}  ${shape}`);
}

/** The counts as they stand, apart from what is counted later (the tally's own queries). */
export const snapshotOf = (counts: SqlCounts): SqlCounts => ({
  total: counts.total,
  byShape: new Map([...counts.byShape].map(([shape, entry]) => [shape, { ...entry }])),
});
