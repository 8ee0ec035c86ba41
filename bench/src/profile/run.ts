// `npm run bench:profile --workspace @paylane/bench -- <scenario>`: where one bench scenario's time goes in the
// server. Starts the server under `node --cpu-prof`, runs the scenario (the first whose name contains the
// argument) as `npm run bench` would, stops the server so V8 writes the profile, and prints the self time by
// package and by function. Same variables as the bench: BENCH_DATABASE_URL, BENCH_DATA_DIR, BENCH_PORT;
// BENCH_DURATION (default 10) and BENCH_CLIENTS (default the scenario's own).
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchContext } from '../bench-context';
import { measure } from '../measure';
import { scenarios } from '../registry';
import { startServer } from '../server';
import { functionOf, packageOf, selfTimeBy, type CpuProfile, type Share } from './self-time';

const SHOWN = 25;

async function main(): Promise<void> {
  const wanted = process.argv[2];
  const scenario = wanted ? scenarios.find((s) => s.name.includes(wanted)) : undefined;
  if (!scenario) {
    console.error(
      `Name a scenario (a part of its name), one of:\n${scenarios.map((s) => `  ${s.name}`).join('\n')}`,
    );
    process.exitCode = 2;
    return;
  }
  const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
  const profileDir = mkdtempSync(path.join(os.tmpdir(), 'paylane-profile-'));
  const server = await startServer({
    port: Number(process.env.BENCH_PORT ?? 3200),
    databaseUrl,
    nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
  });
  try {
    const ctx = await benchContext(server.baseUrl, databaseUrl);
    const connections = Number(process.env.BENCH_CLIENTS ?? scenario.connections);
    // The route alone: its SQL alone would load the database while the server is being profiled.
    const result = await measure(
      { ...scenario, sql: undefined },
      ctx,
      Number(process.env.BENCH_DURATION ?? 10),
      connections,
    );
    console.log(
      `${scenario.name}: ${connections} connections, ${result.requestsPerSecond.toFixed(0)} req/s, p99 ${result.latencyMs.p99} ms, ${result.non2xx} non-2xx, ${result.errors} errors`,
    );
  } finally {
    await server.stop();
  }
  const file = readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error(`the server wrote no profile into ${profileDir}`);
  const profile = JSON.parse(readFileSync(path.join(profileDir, file), 'utf8')) as CpuProfile;
  // Start-up (module loading, the demo seed) is in the profile too: it is the same for every scenario.
  printShares('Self time by package', selfTimeBy(profile, packageOf));
  printShares('Self time by function', selfTimeBy(profile, functionOf));
  console.log(`\nProfile: ${path.join(profileDir, file)} (open it in Chrome DevTools, Performance)`);
}

function printShares(title: string, shares: Share[]): void {
  console.log(`\n${title}:`);
  for (const { key, share } of shares.slice(0, SHOWN))
    console.log(`${(share * 100).toFixed(1).padStart(6)} %  ${key}`);
}

await main();
