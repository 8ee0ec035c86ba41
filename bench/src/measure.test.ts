import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measure } from './measure';
import type { BenchContext, Scenario } from './scenarios/scenario';

// A scenario's finish puts back what its requests changed in the database, which outlives the run: it must run
// after the measurement, and also when the measurement fails, or the next run measures other data.

describe('measure', () => {
  let server: Server;
  let ctx: BenchContext;
  let served = 0;

  beforeAll(async () => {
    server = createServer((_request, response) => {
      served++;
      response.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    ctx = {
      baseUrl: `http://127.0.0.1:${port}`,
      admin: { email: '', password: '', access: '', userId: '' },
      databaseUrl: undefined,
    };
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  function scenario(steps: string[], request: Scenario['request']): Scenario {
    return {
      name: 'GET /',
      connections: 1,
      durationSeconds: 1,
      prepare: async () => void steps.push('prepare'),
      request: (context) => {
        steps.push('request');
        return request(context);
      },
      // Whether any request had reached the server by then (a count could still grow by one in flight).
      finish: async () => void steps.push(served > 0 ? 'finish after requests' : 'finish'),
    };
  }

  it('finishes a scenario after measuring it', async () => {
    const steps: string[] = [];
    const result = await measure(
      scenario(steps, () => ({ method: 'GET', path: '/' })),
      ctx,
      1,
    );
    expect(result.requests).toBeGreaterThan(0);
    expect(steps).toEqual(['prepare', 'request', 'finish after requests']);
  });

  it('finishes a scenario whose measurement failed, and still reports the failure', async () => {
    const steps: string[] = [];
    const failing = scenario(steps, () => {
      throw new Error('no payer accounts');
    });
    await expect(measure(failing, ctx, 1)).rejects.toThrow('no payer accounts');
    expect(steps.slice(0, 2)).toEqual(['prepare', 'request']);
    expect(steps[2]).toMatch(/^finish/);
    expect(steps).toHaveLength(3);
  });
});
