import type { Scenario } from './scenario';

/** The bare route (no database, no auth): every other scenario is reported as a ratio to it. */
export const bareRoute: Scenario = {
  name: 'GET /api/health/ (bare)',
  connections: 50,
  request: () => ({ method: 'GET', path: '/api/health/' }),
};
