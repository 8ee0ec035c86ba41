// `npm run bench`: starts the built app, signs in, measures the bare route and every registered scenario
// in the same run, prints the table with each budget's ✓/✗ (budget.ts) and writes
// bench/results/<timestamp>.json.
//   BENCH_DATABASE_URL  measure on PostgreSQL (docs/conventions.md §7 default); unset: a fresh embedded PGlite
//   BENCH_DATA_DIR      reuse this DATA_DIR (a prepared embedded database) instead of a fresh one
//   BENCH_EMBEDDED=1    issue 19 item 5: PGlite, every scenario at 10 clients, every page p99 ≤ 200 ms
//   BENCH_CLIENTS       connections of every scenario, the bare route included (default: each scenario's own)
//   BENCH_DURATION      seconds measured per scenario (default 5)
//   BENCH_ONLY          only scenarios whose name contains this text (the bare route always runs)
//   BENCH_PORT          port of the server under test (default 3200)
import os from 'node:os';
import { benchContext } from './bench-context';
import { describeSummary, EMBEDDED_CLIENTS, summarize, type BudgetMode } from './budget';
import type { Measurement } from './measure';
import { measure } from './measure';
import { baseline, scenarios } from './registry';
import { printScenarioTable, withRatios, writeResults } from './report';
import { startServer } from './server';

async function main(): Promise<number> {
  const durationSeconds = Number(process.env.BENCH_DURATION ?? 5);
  const only = process.env.BENCH_ONLY;
  const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
  const mode: BudgetMode = process.env.BENCH_EMBEDDED === '1' ? 'embedded' : 'conventions';
  if (mode === 'embedded' && databaseUrl)
    throw new Error('BENCH_EMBEDDED=1 measures PGlite: unset BENCH_DATABASE_URL');
  const clients = clientsOverride(mode);
  const selected = (only ? scenarios.filter((s) => s.name.includes(only)) : scenarios).filter((s) => {
    if (!s.requiresDatabaseUrl || databaseUrl) return true;
    console.log(`Skipping ${s.name}: it runs on PostgreSQL only (BENCH_DATABASE_URL).`);
    return false;
  });
  // Sampled before the bench adds its own load: other work on the same 2 cores skews every number.
  const [loadBefore = 0] = os.loadavg();

  console.log(`Starting the server on ${describeDatabase(databaseUrl)}…`);
  const server = await startServer({ port: Number(process.env.BENCH_PORT ?? 3200), databaseUrl });
  console.log(`Server ready at ${server.baseUrl}; database: ${server.database}`);
  try {
    const ctx = await benchContext(server.baseUrl, databaseUrl);
    const measurements: Measurement[] = [];
    for (const scenario of [baseline, ...selected]) {
      const connections = clients ?? scenario.connections;
      console.log(
        `Measuring ${scenario.name} (${connections} connections, ${scenario.durationSeconds ?? durationSeconds} s)…`,
      );
      measurements.push(await measure(scenario, ctx, durationSeconds, connections));
    }
    const [bare] = measurements;
    if (!bare) throw new Error('the bare route was not measured');
    const rows = withRatios(bare, measurements, mode);
    const summary = summarize(rows.flatMap((r) => r.checks));
    console.log(
      `\nDatabase: ${server.database}; load generator, server and database share ${describeMachine(loadBefore)}.`,
    );
    console.log(describeMode(mode, clients, databaseUrl));
    printScenarioTable(rows);
    console.log(describeSummary(summary));
    const resultsFile = writeResults({
      database: server.database,
      loadAverageBefore: loadBefore,
      budgetMode: mode,
      clientsOverride: clients ?? null,
      budgetSummary: summary,
      scenarios: rows,
    });
    console.log(`Results written to ${resultsFile}`);
    const failed = rows.filter((r) => r.non2xx > 0 || r.errors > 0);
    for (const r of failed)
      console.error(`✗ ${r.scenario}: ${r.non2xx} non-2xx responses, ${r.errors} connection errors`);
    return failed.length > 0 ? 1 : 0;
  } finally {
    await server.stop();
  }
}

function describeDatabase(databaseUrl: string | undefined): string {
  if (databaseUrl) return 'PostgreSQL (BENCH_DATABASE_URL)';
  return process.env.BENCH_DATA_DIR ? 'the embedded PGlite in BENCH_DATA_DIR' : 'a fresh embedded PGlite';
}

/** BENCH_CLIENTS, else the embedded preset's 10, else none: each scenario runs at its own. */
function clientsOverride(mode: BudgetMode): number | undefined {
  const text = process.env.BENCH_CLIENTS;
  if (text) {
    const clients = Number(text);
    if (!Number.isInteger(clients) || clients < 1)
      throw new Error(`BENCH_CLIENTS=${text}: a whole number ≥ 1`);
    return clients;
  }
  return mode === 'embedded' ? EMBEDDED_CLIENTS : undefined;
}

function describeMode(
  mode: BudgetMode,
  clients: number | undefined,
  databaseUrl: string | undefined,
): string {
  if (mode === 'embedded') {
    return `Budget: embedded (issue 19 item 5): every page p99 ≤ 200 ms at ${clients} clients on PGlite.`;
  }
  const caveats = [
    databaseUrl ? '' : ' They are set for PostgreSQL: on PGlite they are for information.',
    clients ? ` Every scenario ran at ${clients} clients (BENCH_CLIENTS), not §7's.` : '',
  ].join('');
  return `Budget: docs/conventions.md §7 (ratios to the bare route of this run; absolute p99 on a quiet machine).${caveats}`;
}

function describeMachine(loadBefore: number): string {
  const cores = os.availableParallelism();
  const busy =
    loadBefore > cores / 2
      ? ` (load average ${loadBefore.toFixed(1)} before the bench started: other work was running, numbers are unreliable)`
      : '';
  return `${cores} CPU core(s)${busy}`;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
