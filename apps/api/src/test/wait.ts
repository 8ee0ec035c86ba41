import { vi } from 'vitest';

/**
 * How long a test waits for something the app does on its own time (a job, a worker, a socket event) before
 * it fails. Tests wait for the thing itself, so only a broken test waits this long; it is generous because
 * both cores may be busy (the suite runs two files at once, beside whatever else the machine runs).
 * vitest.config.ts gives expect.poll the same default and the tests a longer timeout.
 */
export const EVENT_WAIT_MS = 60_000;

/**
 * Resolves with `check`'s result once it passes (returns without throwing), retrying every `intervalMs`.
 * `timeoutMs` is for the few waits on bulk work (thousands of texts) that take longer than one event.
 */
export function waitUntil<T>(
  check: () => T | Promise<T>,
  intervalMs = 50,
  timeoutMs = EVENT_WAIT_MS,
): Promise<T> {
  return vi.waitFor(check, { timeout: timeoutMs, interval: intervalMs });
}
