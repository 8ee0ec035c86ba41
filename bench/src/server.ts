import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

export type BenchServer = {
  baseUrl: string;
  /** 'PostgreSQL (BENCH_DATABASE_URL)', 'embedded PGlite (fresh DATA_DIR …)' or '… (BENCH_DATA_DIR …)'. */
  database: string;
  stop: () => Promise<void>;
};

/**
 * Starts the API as a child process, like `npm start` does after the build: a fresh DATA_DIR every run
 * (PGlite lives there; with BENCH_DATABASE_URL only the signing secret does), demo data seeded, request
 * logging off so the log does not cost more than the route, and the login throttle out of the way.
 * BENCH_DATA_DIR names a DATA_DIR to reuse instead, and keep: an embedded database `seed:scale` filled
 * between two runs (the demo is seeded only into an empty database).
 */
export async function startServer(options: {
  port: number;
  databaseUrl: string | undefined;
  /** Node options before the server's own, e.g. `--cpu-prof` (bench:profile). */
  nodeArgs?: string[];
}): Promise<BenchServer> {
  const kept = keptDataDir();
  const dataDir = kept ?? mkdtempSync(path.join(os.tmpdir(), 'paylane-bench-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(options.port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    // The live-chat bench injects customer replies through the dev outbox, also on BENCH_DATABASE_URL.
    DEV_TOOLS: 'true',
    // bench:live-chat opens 1,000 sockets as one user; the per-user cap is not what it measures.
    LIVE_SOCKETS_PER_USER: '100000',
    LOG_LEVEL: 'warn',
    ACCESS_TOKEN_LIFETIME_SECONDS: '3600',
    LOGIN_MAX_FAILURES_PER_EMAIL: '1000000',
    LOGIN_MAX_FAILURES_PER_IP: '1000000',
    // The sign-in scenario hammers POST /api/token/ from one IP; the limit is not what it measures.
    RATE_LIMIT_SESSION_PER_IP: '100000000',
  };
  delete env.DATABASE_URL;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;

  const child = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), '--import', 'tsx', 'apps/api/src/server.ts'],
    {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const output: string[] = [];
  const keep = (chunk: Buffer) => output.push(chunk.toString());
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const baseUrl = `http://127.0.0.1:${options.port}`;
  const cleanUp = () => {
    if (!kept) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, child, 120_000);
  } catch (error) {
    child.kill('SIGKILL');
    cleanUp();
    throw new Error(
      `${error instanceof Error ? error.message : String(error)}\n--- server output ---\n${output.join('')}`,
      {
        cause: error,
      },
    );
  }
  return {
    baseUrl,
    database: options.databaseUrl
      ? 'PostgreSQL (BENCH_DATABASE_URL)'
      : `embedded PGlite (${kept ? 'BENCH_DATA_DIR' : 'fresh DATA_DIR'} ${dataDir})`,
    stop: async () => {
      await stopChild(child);
      cleanUp();
    },
  };
}

/** BENCH_DATA_DIR as an absolute path; relative to where npm was run, like the API's own DATA_DIR. */
function keptDataDir(): string | null {
  const dir = process.env.BENCH_DATA_DIR;
  if (!dir) return null;
  const absolute = path.resolve(process.env.INIT_CWD ?? process.cwd(), dir);
  mkdirSync(absolute, { recursive: true });
  return absolute;
}

async function waitForHealth(baseUrl: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`the server exited with code ${child.exitCode} before it was ready`);
    try {
      const response = await fetch(`${baseUrl}/api/health/`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer ${baseUrl}/api/health/ within ${timeoutMs / 1000} s`);
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000); // the server drains its queue for up to 10 s
  await exited;
  clearTimeout(timer);
}
