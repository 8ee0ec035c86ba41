// `npm run bench:import`: the CSV customer import of issue 4 end to end through the API on a started server —
// upload, map and check every row, start the job, wait for it — for a 100,000-row file, then the same file
// again (every row an update). Prints each step's time; the target is the whole import under 60 s.
//   BENCH_DATABASE_URL  measure on PostgreSQL; unset: a fresh embedded PGlite
//   BENCH_IMPORT_ROWS   rows in the file (default 100000)
//   BENCH_PORT          port of the server under test (default 3200)
import { startServer } from '../server';
import { buildImportFile } from './import-file';

const ADMIN = { email: 'admin@demo.paylane.test', password: 'Paylane-Demo-1' };
const TARGET_SECONDS = 60;

type Step = { step: string; seconds: number };
type ImportAnswer = { id: string; status: string; valid_rows: number; invalid_rows: number } & Record<
  string,
  unknown
>;

async function call<T>(baseUrl: string, token: string, path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) },
  });
  const text = await response.text();
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${path}: HTTP ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

async function timed<T>(steps: Step[], step: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  steps.push({ step, seconds: (performance.now() - started) / 1000 });
  return result;
}

/** One import of `csv` through the API; returns the steps' times and the finished import. */
async function importOnce(baseUrl: string, token: string, merchantId: string, csv: string) {
  const base = `/api/merchants/${merchantId}/customer_imports/`;
  const steps: Step[] = [];
  const uploaded = await timed(steps, 'upload (POST, parse, store)', () => {
    const body = new FormData();
    body.append('file', new Blob([csv], { type: 'text/csv' }), 'bench-customers.csv');
    return call<ImportAnswer & { suggested_mapping: Record<string, string> }>(baseUrl, token, base, {
      method: 'POST',
      body,
    });
  });
  const mapped = await timed(steps, 'map + check every row (PUT mapping)', () =>
    call<ImportAnswer>(baseUrl, token, `${base}${uploaded.id}/mapping/`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mapping: uploaded.suggested_mapping }),
    }),
  );
  if (mapped.invalid_rows > 0) {
    const sample = await call(baseUrl, token, `${base}${uploaded.id}/rows/?errors_only=true&page_size=3`);
    throw new Error(`${mapped.invalid_rows} rows were refused: ${JSON.stringify(sample).slice(0, 500)}`);
  }
  const polls: number[] = [];
  const finished = await timed(steps, 'import job (start → completed)', async () => {
    await call(baseUrl, token, `${base}${uploaded.id}/start/`, { method: 'POST' });
    for (;;) {
      const asked = performance.now();
      const current = await call<ImportAnswer>(baseUrl, token, `${base}${uploaded.id}/`);
      polls.push(performance.now() - asked);
      if (current.status === 'completed' || current.status === 'failed') return current;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });
  steps.push({ step: 'whole import', seconds: steps.reduce((sum, s) => sum + s.seconds, 0) });
  return { steps, finished, polls: polls.sort((a, b) => a - b) };
}

async function main(): Promise<number> {
  const rows = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
  const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
  const generated = performance.now();
  const csv = buildImportFile(rows);
  console.log(
    `Generated ${rows} rows (${(csv.length / 1_048_576).toFixed(1)} MB) in ${((performance.now() - generated) / 1000).toFixed(1)} s`,
  );
  const server = await startServer({ port: Number(process.env.BENCH_PORT ?? 3200), databaseUrl });
  console.log(`Server ready at ${server.baseUrl}; database: ${server.database}`);
  let failures = 0;
  try {
    const { access } = await call<{ access: string }>(server.baseUrl, '', '/api/token/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const profile = await call<{ results: { memberships: { merchant: { id: string } }[] }[] }>(
      server.baseUrl,
      access,
      '/api/profile/',
    );
    const merchantId = profile.results[0]?.memberships[0]?.merchant.id ?? '';
    for (const label of ['first import', 'same file again']) {
      const { steps, finished, polls } = await importOnce(server.baseUrl, access, merchantId, csv);
      const counts = `created ${String(finished.created_count)}, updated ${String(finished.updated_count)}`;
      console.log(`\n${label}: ${finished.status}, ${counts}`);
      for (const { step, seconds } of steps)
        console.log(`  ${step.padEnd(40)} ${seconds.toFixed(2).padStart(7)} s`);
      const median = polls[Math.floor(polls.length / 2)] ?? 0;
      const worst = polls.at(-1) ?? 0;
      console.log(
        `  progress polls (GET import) while the job ran: ${polls.length}, median ${median.toFixed(0)} ms, max ${worst.toFixed(0)} ms`,
      );
      const whole = steps.at(-1)?.seconds ?? Infinity;
      const isOk = finished.status === 'completed' && whole < TARGET_SECONDS;
      console.log(`  ${isOk ? '✓' : '✗'} target: the whole import under ${TARGET_SECONDS} s`);
      if (!isOk) failures++;
    }
  } finally {
    await server.stop();
  }
  return failures > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
