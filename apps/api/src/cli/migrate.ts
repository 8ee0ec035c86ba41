import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';

// npm run db:migrate: applies the committed migrations to DATABASE_URL, or to the embedded database.
const config = loadConfig();
const database = await openConfiguredDatabase(config, 2);
await migrateDatabase(database.db);
await database.close();
console.log('Migrations applied.');
