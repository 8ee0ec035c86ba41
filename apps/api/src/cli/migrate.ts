import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/client';
import { migrateExclusively } from '../db/migrate';

// npm run db:migrate: applies the committed migrations to DATABASE_URL, or to the embedded database.
const config = loadConfig();
const database = await openConfiguredDatabase(config, 2);
await migrateExclusively(database);
await database.close();
console.log('Migrations applied.');
