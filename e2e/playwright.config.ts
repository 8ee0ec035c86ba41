import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

// Journeys run against the built app (`npm run test:e2e` builds apps/web first) served by the real API on
// a fresh embedded PGlite database per run. PGlite even when TEST_DATABASE_URL is set: e2e checks what a
// user sees, the API tests already cover PostgreSQL, and a throw-away datadir needs no cleanup.
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
const isCI = Boolean(process.env.CI);
// Debian's headless shell (package chromium-headless-shell) is what Playwright itself runs headless: lighter
// than the full browser, and the whole run takes ~25 % less time. The full chromium is the fallback.
const headlessShell = '/usr/bin/chromium-headless-shell';
const chromiumPath =
  process.env.CHROMIUM_PATH ?? (existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium');

export default defineConfig({
  testDir: './tests',
  // Runs once the server answers: the demo merchant sends texts at any hour (src/global-setup.ts).
  globalSetup: './src/global-setup.ts',
  outputDir: './test-results',
  // 2 cores run the server and the browsers: two workers keep both busy without starving the server.
  workers: 2,
  fullyParallel: true,
  forbidOnly: isCI,
  // No retries: a flaky journey is a bug to fix, not to hide.
  retries: 0,
  // Journeys wait on what the user sees; these only bound a hung test and a missing element, generously, so
  // a loaded 2-core machine (the server, two browsers and another process on the same cores) stays green.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: isCI ? [['list'], ['html', { open: 'never', outputFolder: './playwright-report' }]] : 'list',
  use: {
    baseURL,
    // A failed journey keeps its actions, network and console; DOM snapshots and the screencast are left out
    // because recording them for every passing test cost ~40 % of the run (the screenshot on failure stays).
    trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's packages; never `playwright install` (no downloads here).
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'node --import tsx src/serve.ts',
    url: `${baseURL}/api/health/`,
    reuseExistingServer: false,
    // A fresh PGlite datadir runs initdb and the migrations (a few seconds on 2 cores).
    timeout: 90_000,
    // The server drains its job queue for up to 10 s on SIGTERM; SIGKILL only after that.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      // Journeys sign in many times from one IP; the throttle and the rate limits have their own API tests.
      LOGIN_MAX_FAILURES_PER_EMAIL: '1000',
      LOGIN_MAX_FAILURES_PER_IP: '1000',
      RATE_LIMIT_PER_IP: '10000',
      RATE_LIMIT_SESSION_PER_IP: '100000',
      RATE_LIMIT_RESET_PER_EMAIL: '1000',
    },
  },
});
