import type autocannon from 'autocannon';
import type { RouteBudget } from '../budget';
import type { SqlStatement } from '../sql-alone';

/** What every scenario may use: the server's address and a signed-in admin of the demo merchant. */
export type BenchContext = {
  baseUrl: string;
  admin: { email: string; password: string; access: string; userId: string };
  /** Set when the server runs on PostgreSQL: the SQL-alone floor can then be measured beside it. */
  databaseUrl: string | undefined;
};

/** `requests` with a `setupRequest` varies each request (a new Idempotency-Key, another path). */
export type ScenarioRequest = Pick<autocannon.Options, 'method' | 'headers' | 'body' | 'requests'> & {
  path: string;
};

/**
 * One load scenario. Add an area's scenarios in their own file under scenarios/ and list them in
 * registry.ts; run.ts measures them all in one run, next to the bare route, so the ratios compare like
 * with like (same machine load, same process, same minute).
 */
export type Scenario = {
  /** Shown in the table and the JSON, e.g. 'GET /api/profile/'. */
  name: string;
  /** The docs/conventions.md §7 budget it is judged against (budget.ts); none for sign-in or take payment. */
  budget?: RouteBudget;
  /** Clients it runs at: its budget's clients when it has one. BENCH_CLIENTS overrides it for every scenario. */
  connections: number;
  /** Runs only on PostgreSQL (BENCH_DATABASE_URL): its prepare writes to the database directly. */
  requiresDatabaseUrl?: boolean;
  /** Seconds measured; a short unmeasured warm-up with the same load runs first. */
  durationSeconds?: number;
  /** Runs once before the warm-up: create what the requests need. */
  prepare?: (ctx: BenchContext) => Promise<void>;
  /**
   * Runs once after the measurement, also when it failed: put back what the requests changed that would change
   * what a later run measures (the database outlives the run).
   */
  finish?: (ctx: BenchContext) => Promise<void>;
  request: (ctx: BenchContext) => ScenarioRequest;
  /** The SQL one request runs, in order, to measure the route against its SQL alone (PostgreSQL only). */
  sql?: (ctx: BenchContext) => SqlStatement[];
};
