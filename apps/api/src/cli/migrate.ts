import path from 'node:path';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';

// npm run db:migrate: applies the committed migrations to DATABASE_URL, or to the embedded database.
const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDataDir: path.join(config.dataDir, 'pglite'),
  poolMax: 2,
});
await migrateDatabase(database.db);
await database.close();
console.log('Migrations applied.');
