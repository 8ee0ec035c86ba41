import { defineConfig } from 'vitest/config';
import { EVENT_WAIT_MS } from './apps/api/src/test/wait.ts';

// API tests run once on embedded PGlite and, when TEST_DATABASE_URL is set, once more on PostgreSQL.
const apiProject = (name: string, db: 'pglite' | 'postgres') => ({
  test: {
    name,
    root: 'apps/api',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Files share one module graph per worker: the app is imported once per worker, not once per file.
    // Each file still builds its own app on its own database copy (src/test/app.ts).
    isolate: false,
    globalSetup: ['src/test/global-setup.ts'],
    env: { PAYLANE_TEST_DB: db },
    // Waits are on events (apps/api/src/test/wait.ts); these bound a hung test only, above the longest wait.
    expect: { poll: { timeout: EVENT_WAIT_MS, interval: 50 } },
    testTimeout: 3 * EVENT_WAIT_MS,
    hookTimeout: 3 * EVENT_WAIT_MS,
  },
});

export default defineConfig({
  test: {
    // 2 cores: more forks only contend for the same CPU and the PostgreSQL server.
    maxWorkers: 2,
    projects: [
      {
        test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      apiProject('api-pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-postgres', 'postgres')] : []),
      './apps/web/vite.config.ts',
      './bench/vitest.config.ts',
    ],
  },
});
