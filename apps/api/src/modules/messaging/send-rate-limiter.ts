import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A token bucket: at most `ratePerSecond` hand-overs a second in this process, with bursts up to one second's
 * worth. `take(n)` waits until n tokens are there.
 */
export type SendRateLimiter = { take(count: number, signal?: AbortSignal): Promise<void> };

export function createSendRateLimiter(ratePerSecond: number): SendRateLimiter {
  const capacity = Math.max(1, ratePerSecond);
  let tokens = capacity;
  let refilledAt = performance.now();
  // Callers queue up so a big take cannot be starved by many small ones.
  let queue: Promise<void> = Promise.resolve();

  const refill = () => {
    const now = performance.now();
    tokens = Math.min(capacity, tokens + ((now - refilledAt) / 1000) * ratePerSecond);
    refilledAt = now;
  };
  const takeNow = async (count: number, signal?: AbortSignal) => {
    let remaining = count;
    while (remaining > 0) {
      refill();
      const part = Math.min(remaining, capacity);
      if (tokens >= part) {
        tokens -= part;
        remaining -= part;
        continue;
      }
      await sleep(Math.ceil(((part - tokens) / ratePerSecond) * 1000), undefined, { signal });
    }
  };
  return {
    take(count, signal) {
      const turn = queue.then(() => takeNow(count, signal));
      queue = turn.catch(() => undefined);
      return turn;
    },
  };
}
