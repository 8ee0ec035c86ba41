import { loadConfig } from './config';
import { DEMO_PASSWORD, demoLogins } from './db/seed/demo';
import { startPaylane } from './start';

// Starts Paylane with the environment's configuration (README.md: Configuration) and stops it on a signal.
async function main(): Promise<void> {
  const config = loadConfig();
  const paylane = await startPaylane(config);
  const stop = async (signal: string) => {
    paylane.app.log.info({ signal }, 'shutting down');
    await paylane.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
  const what = config.role === 'worker' ? 'worker is running' : `is running on ${config.publicUrl}`;
  console.log(`\nPaylane ${what} with ${where}.`);
  if (config.seedDemo) printDemoLogins(paylane.seededDemo);
}

function printDemoLogins(seededNow: boolean): void {
  console.log(
    seededNow ? 'Demo data created. Sign in with:' : 'Demo sign-in (if the demo data is still there):',
  );
  for (const login of demoLogins) console.log(`  ${login.email.padEnd(32)} ${login.role}`);
  console.log(`  password for all: ${DEMO_PASSWORD}\n`);
}

// State lives in the database, so the safest answer to a bug nobody caught is to exit and be restarted.
process.on('unhandledRejection', (reason) => {
  console.error('Unhandled rejection:', reason);
  process.exit(1);
});

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
