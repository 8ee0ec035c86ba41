import { performance } from 'node:perf_hooks';
import pg from 'pg';

/** A statement as the route sends it; `name`: prepared per connection, as the route prepares it (db/client.ts). */
export type SqlStatement = { text: string; values: unknown[]; name?: string };
export type SqlMeasurement = { requestsPerSecond: number; latencyMs: { p50: number; p99: number } };

/**
 * The floor under a route: its SQL statements, run back to back by as many clients as the scenario has
 * connections, for the same time, straight through `pg`. Route p99 ÷ this p99 is what the HTTP layer,
 * auth and serialisation cost on top (docs/conventions.md §7's second ratio).
 */
export async function measureSqlAlone(input: {
  databaseUrl: string;
  statements: SqlStatement[];
  connections: number;
  durationSeconds: number;
}): Promise<SqlMeasurement> {
  const pool = new pg.Pool({ connectionString: input.databaseUrl, max: input.connections });
  try {
    const runFor = async (ms: number, latencies: number[] | null) => {
      const until = performance.now() + ms;
      const client = async () => {
        while (performance.now() < until) {
          const started = performance.now();
          for (const statement of input.statements) await pool.query(statement);
          latencies?.push(performance.now() - started);
        }
      };
      await Promise.all(Array.from({ length: input.connections }, client));
    };
    await runFor(1000, null);
    const latencies: number[] = [];
    await runFor(input.durationSeconds * 1000, latencies);
    latencies.sort((a, b) => a - b);
    const at = (q: number) =>
      latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
    return {
      requestsPerSecond: latencies.length / input.durationSeconds,
      latencyMs: { p50: at(0.5), p99: at(0.99) },
    };
  } finally {
    await pool.end();
  }
}
