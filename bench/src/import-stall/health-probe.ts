import autocannon from 'autocannon';

export type ProbeResult = {
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
};

export type HealthProbe = { stop: () => Promise<ProbeResult> };

/**
 * Keeps `GET /api/health/` (no database, no auth) under load until stopped. The route itself costs nothing,
 * so its latency is the time a request waits for the server's event loop: a stall shows as p99 and max.
 */
export function startHealthProbe(baseUrl: string, connections = 10): HealthProbe {
  let settle: (result: autocannon.Result) => void = () => undefined;
  let fail: (error: unknown) => void = () => undefined;
  const finished = new Promise<autocannon.Result>((resolve, reject) => {
    settle = resolve;
    fail = reject;
  });
  const instance = autocannon(
    { url: `${baseUrl}/api/health/`, connections, duration: 3600, timeout: 60 },
    (error, result) => (error ? fail(error) : settle(result)),
  );
  return {
    stop: async () => {
      instance.stop();
      const result = await finished;
      return {
        requests: result.requests.total,
        requestsPerSecond: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        max: result.latency.max,
        non2xx: result.non2xx,
        errors: result.errors,
      };
    },
  };
}

/** Runs `work` while the probe measures, and answers both. */
export async function probeDuring<T>(
  baseUrl: string,
  work: () => Promise<T>,
): Promise<{ health: ProbeResult; result: T; seconds: number }> {
  const probe = startHealthProbe(baseUrl);
  const started = performance.now();
  try {
    const result = await work();
    const seconds = (performance.now() - started) / 1000;
    return { health: await probe.stop(), result, seconds };
  } catch (error) {
    await probe.stop();
    throw error;
  }
}
