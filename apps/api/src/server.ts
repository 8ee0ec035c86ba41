import { loadConfig } from './config';
import { DEMO_PASSWORD, DEMO_PAY_PINS, demoLogins } from './db/seed/demo';
import { startPaylane } from './start';

// Starts Paylane with the environment's configuration (README.md: Configuration) and stops it on a signal.
async function main(): Promise<void> {
  const config = loadConfig();
  const paylane = await startPaylane(config);
  // A terminal's Ctrl+C reaches this process twice (from the terminal and through `npm start`): the first
  // signal starts a graceful stop, later ones must not cut it short.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    paylane.app.log.info({ signal }, 'shutting down');
    await paylane.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

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
  console.log(`  password for all: ${DEMO_PASSWORD}`);
  const pins = Object.entries(DEMO_PAY_PINS).map(([account, pin]) => `${account} ${pin}`);
  console.log(`  pay page PINs: ${pins.join(', ')}\n`);
}

// State lives in the database, so the safest answer to a bug nobody caught is to exit and be restarted.
process.on('unhandledRejection', (reason) => {
  console.error('Unhandled rejection:', reason);
  process.exit(1);
});

main().catch((error: unknown) => {
  // A configuration problem is the operator's to fix and says so itself; anything else needs its stack.
  const isConfiguration = error instanceof Error && error.message.startsWith('Invalid configuration');
  console.error(isConfiguration ? error.message : error);
  process.exit(1);
});
