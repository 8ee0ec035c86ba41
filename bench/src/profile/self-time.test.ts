import { describe, expect, it } from 'vitest';
import { functionOf, packageOf, selfTimeBy, type CpuProfile } from './self-time';

const frame = (functionName: string, url: string, lineNumber = 0) => ({ functionName, url, lineNumber });

const profile: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame('is', 'file:///repo/node_modules/drizzle-orm/entity.js', 2) },
    { id: 2, callFrame: frame('listInbox', 'file:///repo/apps/api/src/modules/inbox/inbox.service.ts', 80) },
    { id: 3, callFrame: frame('(garbage collector)', '') },
    { id: 4, callFrame: frame('mapResultRow', 'file:///repo/node_modules/drizzle-orm/utils.js', 6) },
  ],
  samples: [1, 2, 1, 3, 4],
  timeDeltas: [30, 10, 20, 15, 25],
};

describe('self time of a CPU profile', () => {
  it('sums each sample by the package its top frame runs in, largest first', () => {
    expect(selfTimeBy(profile, packageOf)).toEqual([
      { key: 'drizzle-orm', share: 0.75 },
      { key: '(garbage collector)', share: 0.15 },
      { key: 'app:apps/api/src/modules/inbox', share: 0.1 },
    ]);
  });

  it('sums by function with its file and line', () => {
    expect(selfTimeBy(profile, functionOf).slice(0, 2)).toEqual([
      { key: 'is drizzle-orm/entity.js:2', share: 0.5 },
      { key: 'mapResultRow drizzle-orm/utils.js:6', share: 0.25 },
    ]);
  });

  it('names scoped packages and node modules', () => {
    expect(packageOf(frame('cors', 'file:///r/node_modules/@fastify/cors/index.js'))).toBe('@fastify/cors');
    expect(packageOf(frame('emit', 'node:events'))).toBe('node:events');
  });
});
