import { mkdtemp, rm, stat, readdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { DEMO_PASSWORD } from './db/seed/demo';
import { startPaylane, type RunningPaylane } from './start';
import { createTestDatabase } from './test/database';

// Issue 14 item 1 and item 7: what a started process offers depends on how it was started. These tests start real
// processes' worth of Paylane (startPaylane is what server.ts runs) and try what an outsider would.

const isPostgres = process.env.PAYLANE_TEST_DB === 'postgres';
const quiet = { LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent-web-dist', PORT: '0' };
const running: RunningPaylane[] = [];
const folders: string[] = [];
const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const paylane of running) await paylane.stop();
  for (const cleanup of cleanups) await cleanup();
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

async function freshFolder(): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'paylane-start-'));
  folders.push(folder);
  return folder;
}

async function start(env: Record<string, string>, options: Parameters<typeof startPaylane>[1] = {}) {
  const paylane = await startPaylane(loadConfig({ ...quiet, ...env }), options);
  running.push(paylane);
  const address = paylane.app.server.address() as AddressInfo;
  const call = async (url: string, init: { method?: string; json?: unknown } = {}) => {
    const response = await fetch(`http://127.0.0.1:${address.port}${url}`, {
      method: init.method ?? 'GET',
      headers: init.json === undefined ? {} : { 'content-type': 'application/json' },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  };
  return { paylane, address, call };
}

type Started = Awaited<ReturnType<typeof start>>;

/** The takeover the review found: reset the demo super admin's password through the public dev outbox. */
async function tryDemoTakeover({ call }: Started) {
  const email = 'superadmin@demo.paylane.test';
  await call('/api/password-reset/', { method: 'POST', json: { email } });
  const outbox = await call(`/api/dev/outbox/emails/?to=${encodeURIComponent(email)}`);
  const signIn = await call('/api/token/', { method: 'POST', json: { email, password: DEMO_PASSWORD } });
  return { outbox: outbox.status, signIn: signIn.status };
}

describe('start-up defaults', () => {
  it.runIf(isPostgres)(
    "started as the README's PostgreSQL example once showed (no NODE_ENV), offers no demo login and no outbox",
    async () => {
      const database = await createTestDatabase();
      cleanups.push(() => database.close());
      const started = await start({
        DATABASE_URL: String(database.pgConfig.connectionString),
        JWT_SECRET: 'a-secret-of-at-least-32-characters-for-this-test',
        DATA_DIR: await freshFolder(),
      });
      expect(started.paylane.seededDemo).toBe(false);
      expect(await tryDemoTakeover(started)).toEqual({ outbox: 404, signIn: 401 });
      expect(started.address.address).toBe('127.0.0.1');
    },
  );

  it.runIf(!isPostgres)(
    'on the embedded database beside a real provider, offers no demo login and no outbox',
    async () => {
      // The embedded database from the migrated template: the configuration decides, not the files.
      const database = await createTestDatabase();
      cleanups.push(() => database.close());
      const twilio = {
        DATA_DIR: await freshFolder(),
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000000',
        TWILIO_AUTH_TOKEN: 'not-a-real-token',
        TWILIO_API_URL: 'http://127.0.0.1:9',
      };
      const started = await start(twilio, { database });
      expect(started.paylane.seededDemo).toBe(false);
      expect(await tryDemoTakeover(started)).toEqual({ outbox: 404, signIn: 401 });
    },
  );

  it.runIf(!isPostgres)(
    'on the laptop: the demo and the outbox as before, on loopback, in a folder only its user can read',
    async () => {
      const dataDir = await freshFolder();
      const started = await start({ DATA_DIR: dataDir });
      expect(started.paylane.seededDemo).toBe(true);
      expect(started.address.address).toBe('127.0.0.1');
      const signIn = await started.call('/api/token/', {
        method: 'POST',
        json: { email: 'admin@demo.paylane.test', password: DEMO_PASSWORD },
      });
      expect(signIn.status).toBe(200);
      expect((await started.call('/api/dev/outbox/emails/')).status).toBe(200);

      const modes = await modesUnder(dataDir);
      expect(modes.files.length).toBeGreaterThan(10);
      expect(modes.files.filter((entry) => entry.mode !== 0o600)).toEqual([]);
      expect(modes.folders.filter((entry) => entry.mode !== 0o700)).toEqual([]);
    },
  );
});

type Entry = { path: string; mode: number };

async function modesUnder(root: string): Promise<{ files: Entry[]; folders: Entry[] }> {
  const files: Entry[] = [];
  const folders: Entry[] = [{ path: root, mode: (await stat(root)).mode & 0o777 }];
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    const mode = (await stat(full)).mode & 0o777;
    (entry.isDirectory() ? folders : files).push({ path: full, mode });
  }
  return { files, folders };
}
