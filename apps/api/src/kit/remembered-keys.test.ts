import { describe, expect, it } from 'vitest';
import { createRememberedKeys } from './remembered-keys';

describe('remembered keys', () => {
  const clockAt = () => {
    let at = Date.parse('2026-11-27T12:00:00Z');
    return { now: () => new Date(at), advance: (seconds: number) => (at += seconds * 1000) };
  };

  it('remembers a key for its lifetime, and forgets it after', () => {
    const clock = clockAt();
    const keys = createRememberedKeys({ lifetimeSeconds: 60, max: 10, now: clock.now });
    expect(keys.has('a')).toBe(false);
    keys.add('a');
    clock.advance(59);
    expect(keys.has('a')).toBe(true);
    clock.advance(1);
    expect(keys.has('a')).toBe(false);
  });

  it('keeps at most max keys, forgetting the one that expires first', () => {
    const clock = clockAt();
    const keys = createRememberedKeys({ lifetimeSeconds: 60, max: 2, now: clock.now });
    keys.add('a');
    keys.add('b');
    // Re-adding renews a: b is now the first to expire, so c pushes b out.
    keys.add('a');
    keys.add('c');
    expect(['a', 'b', 'c'].filter((key) => keys.has(key))).toEqual(['a', 'c']);
  });
});
