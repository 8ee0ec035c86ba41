import type { Scenario } from './scenario';

/**
 * The bare route (no database, no auth): every other scenario is reported as a ratio to it. Its SQL alone is
 * the floor under every route that reads the database: `select 1`, one round trip and nothing to read, from
 * as many clients. A route's req/s ×bare cannot exceed this row's SQL req/s ÷ its req/s.
 */
export const bareRoute: Scenario = {
  name: 'GET /api/health/ (bare)',
  connections: 50,
  request: () => ({ method: 'GET', path: '/api/health/' }),
  sql: () => [{ text: 'select 1', values: [] }],
};
