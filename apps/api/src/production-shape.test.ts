import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withAdminClient } from './test/database';
import { databaseUrlFor } from './test/database-url';

// Issue 14 item 9: the production shape README.md documents, started for real — the API built to JavaScript,
// two `ROLE=api` processes and one `ROLE=worker` process on one PostgreSQL database, NODE_ENV=production,
// all started at once on an empty database, and the first super admin made with the compiled CLI.

const apiRoot = path.resolve(import.meta.dirname, '..');
const isPostgres = process.env.PAYLANE_TEST_DB === 'postgres';
const PASSWORD = 'A-long-production-password-1';
const EMAIL = 'owner@paylane.example';

type Process = { child: ChildProcess; output: string[] };

describe.runIf(isPostgres)('production shape: API processes and a worker on PostgreSQL', () => {
  const processes: Process[] = [];
  let buildDir: string;
  let databaseName: string;
  let databaseUrl: string;
  let apiUrls: string[];
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    // Inside the repository, so the bundle's imports find node_modules as `npm start`'s build does.
    buildDir = path.join(apiRoot, 'dist', `production-shape-${process.pid}`);
    const build = spawnSync(process.execPath, ['scripts/build.mjs', '--outdir', buildDir], { cwd: apiRoot });
    if (build.status !== 0) throw new Error(`build failed: ${String(build.stderr)}`);

    const adminUrl = String(process.env.TEST_DATABASE_URL);
    databaseName = `paylane_prod_shape_${process.pid}`;
    await withAdminClient(adminUrl, async (client) => {
      await client.query(`drop database if exists ${databaseName} with (force)`);
      await client.query(`create database ${databaseName}`);
    });
    databaseUrl = databaseUrlFor(adminUrl, databaseName);
    const ports = [await freePort(), await freePort()];
    apiUrls = ports.map((port) => `http://127.0.0.1:${port}`);
    env = {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      JWT_SECRET: 'a-production-signing-secret-for-this-test-only',
      ENCRYPTION_KEY: 'a-production-encryption-key-for-this-test-only-43+',
      DATA_DIR: path.join(buildDir, 'data'),
      WEB_DIST_DIR: path.join(buildDir, 'no-web-build'),
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
    };
    // Everything at once, as an orchestrator starts them: the migrations must not run twice.
    for (const [i, port] of ports.entries())
      processes.push(run('server.js', { ROLE: 'api', PORT: String(port), PUBLIC_URL: apiUrls[i]! }));
    processes.push(run('server.js', { ROLE: 'worker', PORT: '0' }));
    await Promise.all(apiUrls.map((url, i) => waitForHealth(url, processes[i]!)));
  });

  afterAll(async () => {
    await Promise.all(processes.map(stop));
    await withAdminClient(String(process.env.TEST_DATABASE_URL), (client) =>
      client.query(`drop database if exists ${databaseName} with (force)`),
    );
    await rm(buildDir, { recursive: true, force: true });
  });

  function run(entry: string, extra: NodeJS.ProcessEnv): Process {
    const child = spawn(process.execPath, ['--enable-source-maps', path.join(buildDir, entry)], {
      env: { ...env, ...extra },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: string[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    return { child, output };
  }

  it('serves one session from either API process, and the worker runs what they enqueue', async () => {
    const cli = spawnSync(
      process.execPath,
      [path.join(buildDir, 'create-super-admin.js'), '--email', EMAIL, '--first-name', 'Ada'],
      { env: { ...env, PAYLANE_ADMIN_PASSWORD: PASSWORD } },
    );
    expect(cli.status, String(cli.stderr)).toBe(0);

    const [first, second] = apiUrls as [string, string];
    const signIn = await call(first, '/api/token/', {
      method: 'POST',
      json: { email: EMAIL, password: PASSWORD },
    });
    expect(signIn.status).toBe(200);
    const profile = await call(second, '/api/profile/', { token: signIn.body.access });
    expect(profile).toMatchObject({ status: 200, body: { results: [{ email: EMAIL }] } });

    // Production has no demo and no dev outbox.
    const demo = { email: 'superadmin@demo.paylane.test', password: 'Paylane-Demo-1' };
    expect((await call(first, '/api/token/', { method: 'POST', json: demo })).status).toBe(401);
    expect((await call(second, '/api/dev/outbox/emails/')).status).toBe(404);

    // A reset request is answered by an API process and sent by the worker's job.
    const reset = await call(second, '/api/password-reset/', { method: 'POST', json: { email: EMAIL } });
    expect(reset.status).toBe(200);
    await expect.poll(() => countEmailsTo(EMAIL), { interval: 200 }).toBe(1);
  });

  it('stops every process cleanly on SIGTERM', async () => {
    const codes = await Promise.all(processes.map(stop));
    expect(codes).toEqual([0, 0, 0]);
  });

  async function countEmailsTo(address: string): Promise<number> {
    return withAdminClient(databaseUrl, async (client) => {
      const { rows } = await client.query<{ count: string }>(
        'select count(*) from outbox_emails where to_address = $1',
        [address],
      );
      return Number(rows[0]?.count ?? 0);
    });
  }
});

async function call(
  base: string,
  url: string,
  init: { method?: string; json?: unknown; token?: string } = {},
) {
  const response = await fetch(base + url, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

async function waitForHealth(base: string, process: Process): Promise<void> {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (process.child.exitCode !== null)
      throw new Error(`exited with ${process.child.exitCode}:\n${process.output.join('')}`);
    const ok = await fetch(`${base}/api/health/`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${base} never became healthy:\n${process.output.join('')}`);
}

function stop({ child }: Process): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
