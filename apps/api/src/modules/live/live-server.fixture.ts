// Run by live-two-processes.test.ts as a second API process: the same app on the same PostgreSQL database
// (URL in PAYLANE_LIVE_DATABASE_URL), with its own LISTEN connection, on a port it reports to the parent.
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { startLiveListener } from './live-listener.runtime';

const database = await openDatabase({ databaseUrl: process.env.PAYLANE_LIVE_DATABASE_URL, poolMax: 4 });
const config = loadConfig({
  NODE_ENV: 'test',
  // Signed the same way as the test's app: its access tokens open sockets here.
  JWT_SECRET: process.env.PAYLANE_LIVE_JWT_SECRET ?? '',
  DATA_DIR: 'unused-in-tests',
  LOG_LEVEL: 'silent',
  WEB_DIST_DIR: '/nonexistent-web-dist',
});
const app = await buildApp({ config, db: database.db, logger: false });
const listener = await startLiveListener({ database, hub: app.liveHub, log: app.log });
await app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ type: 'ready', port: (app.server.address() as AddressInfo).port });

process.once('SIGTERM', () => {
  void (async () => {
    await app.close();
    await listener.stop();
    await database.close();
    process.exit(0);
  })();
});
