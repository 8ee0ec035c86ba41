// `npm run bench:import-stall`: can one user's CSV import stall the API (issue 14, finding 5)? Measures
// GET /api/health/ (autocannon, 10 connections) alone, then while the same user
//   1. uploads a CSV of just under the import limit (20 MB),
//   2. maps its columns (every row checked),
//   3. pages the preview in four parallel loops (page_size 50, pages spread over the file),
//   4. asks which of 100,000 CSV customer ids may be texted (retrieve_optouts) in four parallel loops, split
//      into requests of at most BENCH_LOOKUP_CHUNK ids (the API's limit per request).
// Prints health p50 / p99 / max for each phase. `/api/health/` touches no database, so its latency is how long
// a request waits for the server's event loop.
//   BENCH_DATABASE_URL   measure on PostgreSQL; unset: a fresh embedded PGlite
//   BENCH_DURATION       seconds the preview and lookup phases last (default 10)
//   BENCH_IMPORT_BYTES   size of the file (default 20 MiB, the default IMPORT_LIMIT_BYTES)
//   BENCH_LOOKUP_CHUNK   ids per retrieve_optouts request (default 10000)
//   BENCH_PORT           port of the server under test (default 3200)
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildImportFileWithin } from '../customer-import/import-file';
import { call, signInDemoAdmin } from '../customer-import/import-through-api';
import { startServer } from '../server';
import { probeDuring, type ProbeResult } from './health-probe';

type Row = { phase: string; health: ProbeResult; seconds: number; work: string };
type ImportAnswer = { id: string; total_rows: number; suggested_mapping: Record<string, string> };

const PREVIEW_LOOPS = 4;
const PREVIEW_PAGE_SIZE = 50;
const LOOKUP_IDS = 100_000;

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;

function describeTimes(label: string, times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  return `${sorted.length} ${label}, median ${percentile(sorted, 0.5).toFixed(0)} ms, max ${(sorted.at(-1) ?? 0).toFixed(0)} ms`;
}

/** Runs `loops` parallel loops of `once` until `seconds` have passed; answers each call's time in ms. */
async function loopFor(seconds: number, loops: number, once: (loop: number, turn: number) => Promise<void>) {
  const times: number[] = [];
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: loops }, async (_, loop) => {
      for (let turn = 0; performance.now() < until; turn++) {
        const started = performance.now();
        await once(loop, turn);
        times.push(performance.now() - started);
      }
    }),
  );
  return times;
}

async function main(): Promise<number> {
  const seconds = Number(process.env.BENCH_DURATION ?? 10);
  const fileBytes = Number(process.env.BENCH_IMPORT_BYTES ?? 20 * 1_048_576);
  const lookupChunk = Number(process.env.BENCH_LOOKUP_CHUNK ?? 10_000);
  const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
  const [loadBefore = 0] = os.loadavg();
  const { csv, rows } = buildImportFileWithin(fileBytes);
  console.log(`Generated ${rows} rows (${(csv.length / 1_048_576).toFixed(2)} MiB)`);
  const server = await startServer({ port: Number(process.env.BENCH_PORT ?? 3200), databaseUrl });
  console.log(`Server ready at ${server.baseUrl}; database: ${server.database}`);
  const results: Row[] = [];
  try {
    const { access, merchantId } = await signInDemoAdmin(server.baseUrl);
    const base = `/api/merchants/${merchantId}/customer_imports/`;
    const json = (method: string, body: unknown) => ({
      method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const phase = async <T>(name: string, work: () => Promise<T>, describe: (result: T) => string) => {
      console.log(`Measuring: ${name}…`);
      const { health, result, seconds: took } = await probeDuring(server.baseUrl, work);
      results.push({ phase: name, health, seconds: took, work: describe(result) });
      return result;
    };

    await phase(
      'health alone',
      () => sleep(seconds * 1000),
      () => '',
    );
    const uploaded = await phase(
      `upload the ${(csv.length / 1_048_576).toFixed(1)} MiB file`,
      () => {
        const body = new FormData();
        body.append('file', new Blob([csv], { type: 'text/csv' }), 'bench-preview.csv');
        return call<ImportAnswer>(server.baseUrl, access, base, { method: 'POST', body });
      },
      (answer) => `${answer.total_rows} rows`,
    );
    await phase(
      'map the columns (every row checked)',
      () =>
        call<{ valid_rows: number }>(
          server.baseUrl,
          access,
          `${base}${uploaded.id}/mapping/`,
          json('PUT', { mapping: uploaded.suggested_mapping }),
        ),
      (answer) => `${answer.valid_rows} valid rows`,
    );
    const pages = Math.ceil(uploaded.total_rows / PREVIEW_PAGE_SIZE);
    await phase(
      `${PREVIEW_LOOPS} parallel preview loops, ${seconds} s`,
      () =>
        loopFor(seconds, PREVIEW_LOOPS, async (loop, turn) => {
          // Pages spread over the whole file: the first, the middle, the last, and elsewhere.
          const page = 1 + ((loop * 7919 + turn * 104_729) % pages);
          await call(
            server.baseUrl,
            access,
            `${base}${uploaded.id}/rows/?page=${page}&page_size=${PREVIEW_PAGE_SIZE}`,
          );
        }),
      (times) => describeTimes('previews', times),
    );
    const ids = Array.from({ length: LOOKUP_IDS }, (_, n) => `BENCH-LOOKUP-${String(n).padStart(87, '0')}`);
    await phase(
      `${PREVIEW_LOOPS} parallel loops: ${LOOKUP_IDS} external ids (100 characters) by ${lookupChunk}, ${seconds} s`,
      () =>
        loopFor(seconds, PREVIEW_LOOPS, async () => {
          for (let start = 0; start < ids.length; start += lookupChunk) {
            await call(
              server.baseUrl,
              access,
              `/api/merchants/${merchantId}/customers/retrieve_optouts/`,
              json('POST', { customers: ids.slice(start, start + lookupChunk), find_by_external: true }),
            );
          }
        }),
      (times) => describeTimes(`lookups of ${LOOKUP_IDS} ids`, times),
    );
  } finally {
    await server.stop();
  }
  printResults(results, server.database, loadBefore);
  return results.some((row) => row.health.non2xx > 0 || row.health.errors > 0) ? 1 : 0;
}

function printResults(rows: Row[], database: string, loadBefore: number) {
  console.log(
    `\nGET /api/health/ (10 connections) while one user imports; database: ${database}; ` +
      `load average before: ${loadBefore.toFixed(1)} on ${os.availableParallelism()} cores`,
  );
  const cell = (value: number) => value.toFixed(0).padStart(8);
  console.log(
    `${'phase'.padEnd(64)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)}  work`,
  );
  for (const { phase, health, seconds, work } of rows) {
    const line = `${phase.padEnd(64)} ${cell(health.requestsPerSecond)} ${cell(health.p50)} ${cell(health.p99)} ${cell(health.max)}`;
    console.log(`${line}  ${seconds.toFixed(1)} s${work ? `; ${work}` : ''}`);
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
