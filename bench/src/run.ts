// `npm run bench`: starts the built app, signs in, measures the bare route and every registered scenario
// in the same run, prints the table and writes bench/results/<timestamp>.json.
//   BENCH_DATABASE_URL  measure on PostgreSQL (docs/conventions.md §7 default); unset: a fresh embedded PGlite
//   BENCH_DURATION      seconds measured per scenario (default 5)
//   BENCH_ONLY          only scenarios whose name contains this text (the bare route always runs)
//   BENCH_PORT          port of the server under test (default 3200)
import os from 'node:os';
import type { Measurement } from './measure';
import { measure } from './measure';
import { baseline, scenarios } from './registry';
import { printTable, withRatios, writeResults } from './report';
import type { BenchContext } from './scenarios/scenario';
import { startServer } from './server';

const ADMIN = { email: 'admin@demo.paylane.test', password: 'Paylane-Demo-1' };

async function main(): Promise<number> {
  const durationSeconds = Number(process.env.BENCH_DURATION ?? 5);
  const only = process.env.BENCH_ONLY;
  const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
  const selected = (only ? scenarios.filter((s) => s.name.includes(only)) : scenarios).filter((s) => {
    if (!s.requiresDatabaseUrl || databaseUrl) return true;
    console.log(`Skipping ${s.name}: it runs on PostgreSQL only (BENCH_DATABASE_URL).`);
    return false;
  });
  // Sampled before the bench adds its own load: other work on the same 2 cores skews every number.
  const [loadBefore = 0] = os.loadavg();

  console.log(
    `Starting the server on ${databaseUrl ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'a fresh embedded PGlite'}…`,
  );
  const server = await startServer({ port: Number(process.env.BENCH_PORT ?? 3200), databaseUrl });
  console.log(`Server ready at ${server.baseUrl}; database: ${server.database}`);
  try {
    const ctx: BenchContext = {
      baseUrl: server.baseUrl,
      admin: { ...ADMIN, ...(await signIn(server.baseUrl)) },
      databaseUrl,
    };
    const measurements: Measurement[] = [];
    for (const scenario of [baseline, ...selected]) {
      console.log(
        `Measuring ${scenario.name} (${scenario.connections} connections, ${scenario.durationSeconds ?? durationSeconds} s)…`,
      );
      measurements.push(await measure(scenario, ctx, durationSeconds));
    }
    const [bare] = measurements;
    if (!bare) throw new Error('the bare route was not measured');
    const rows = withRatios(bare, measurements);
    console.log(
      `\nDatabase: ${server.database}; load generator, server and database share ${describeMachine(loadBefore)}.`,
    );
    printTable(rows);
    console.log(
      `Results written to ${writeResults(rows, { database: server.database, loadAverageBefore: loadBefore })}`,
    );
    const failed = rows.filter((r) => r.non2xx > 0 || r.errors > 0);
    for (const r of failed)
      console.error(`✗ ${r.scenario}: ${r.non2xx} non-2xx responses, ${r.errors} connection errors`);
    return failed.length > 0 ? 1 : 0;
  } finally {
    await server.stop();
  }
}

async function signIn(baseUrl: string): Promise<{ access: string; userId: string }> {
  const response = await fetch(`${baseUrl}/api/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!response.ok) {
    throw new Error(`signing in as ${ADMIN.email} failed: HTTP ${response.status} ${await response.text()}
(on PostgreSQL the demo is seeded only into an empty database)`);
  }
  const { access } = (await response.json()) as { access: string };
  const payload = JSON.parse(Buffer.from(access.split('.')[1] ?? '', 'base64url').toString('utf8'));
  return { access, userId: String(payload.user_id) };
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
