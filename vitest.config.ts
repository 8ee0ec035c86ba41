import { defineConfig } from 'vitest/config';

// API tests run once on embedded PGlite and, when TEST_DATABASE_URL is set, once more on PostgreSQL.
const apiProject = (name: string, db: 'pglite' | 'postgres') => ({
  test: {
    name,
    root: 'apps/api',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['src/test/global-setup.ts'],
    env: { PAYLANE_TEST_DB: db },
    testTimeout: 60_000,
    hookTimeout: 60_000,
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
    ],
  },
});
