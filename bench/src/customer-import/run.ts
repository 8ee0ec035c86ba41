// `npm run bench:import`: the CSV customer import of issue 4 end to end through the API on a started server —
// upload, map and check every row, start the job, wait for it — for a 100,000-row file, then the same file
// again (every row an update). Prints each step's time; the target is the whole import under 60 s.
//   BENCH_DATABASE_URL  measure on PostgreSQL; unset: a fresh embedded PGlite
//   BENCH_IMPORT_ROWS   rows in the file (default 100000)
//   BENCH_PORT          port of the server under test (default 3200)
import { startServer } from '../server';
import { buildImportFile } from './import-file';
import { importOnce, signInDemoAdmin } from './import-through-api';

const TARGET_SECONDS = 60;

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
    const { access, merchantId } = await signInDemoAdmin(server.baseUrl);
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
