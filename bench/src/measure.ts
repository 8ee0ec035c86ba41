import autocannon from 'autocannon';
import type { RouteBudget } from './budget';
import type { BenchContext, Scenario } from './scenarios/scenario';
import { measureSqlAlone, type SqlMeasurement } from './sql-alone';

export type Measurement = {
  scenario: string;
  budget: RouteBudget | null;
  connections: number;
  durationSeconds: number;
  requests: number;
  requestsPerSecond: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  /** The route's SQL alone at the same concurrency (PostgreSQL runs with a `sql` scenario only). */
  sqlAlone: SqlMeasurement | null;
};

const WARMUP_SECONDS = 1;

/**
 * Warms the route up (JIT, pools, caches) unmeasured, then measures it with the same load: the scenario's
 * connections, or `connections` when the run overrides them for every scenario (BENCH_CLIENTS).
 */
export async function measure(
  scenario: Scenario,
  ctx: BenchContext,
  defaultDurationSeconds: number,
  connections: number = scenario.connections,
): Promise<Measurement> {
  await scenario.prepare?.(ctx);
  try {
    return await measurePrepared(scenario, ctx, defaultDurationSeconds, connections);
  } finally {
    await scenario.finish?.(ctx);
  }
}

async function measurePrepared(
  scenario: Scenario,
  ctx: BenchContext,
  defaultDurationSeconds: number,
  connections: number,
): Promise<Measurement> {
  const { path, ...request } = scenario.request(ctx);
  const options = {
    url: `${ctx.baseUrl}${path}`,
    connections,
    ...request,
  };
  await autocannon({ ...options, duration: WARMUP_SECONDS });
  const durationSeconds = scenario.durationSeconds ?? defaultDurationSeconds;
  const result = await autocannon({ ...options, duration: durationSeconds });
  return {
    scenario: scenario.name,
    budget: scenario.budget ?? null,
    connections,
    durationSeconds,
    requests: result.requests.total,
    requestsPerSecond: result.requests.average,
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
      mean: result.latency.mean,
    },
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    sqlAlone:
      scenario.sql && ctx.databaseUrl
        ? await measureSqlAlone({
            databaseUrl: ctx.databaseUrl,
            statements: scenario.sql(ctx),
            connections,
            durationSeconds,
          })
        : null,
  };
}
