import { createHash } from 'node:crypto';
import type PgBoss from 'pg-boss';
import type { JobRequest, QueueSettings, SendOptions } from './job-options';

// Our option names → pg-boss 10's.

export function toPgBossQueue(name: string, settings: QueueSettings): PgBoss.Queue {
  return withoutUndefined({
    name,
    policy: settings.policy,
    retryLimit: settings.retryLimit,
    retryDelay: settings.retryDelaySeconds,
    retryBackoff: settings.retryBackoff,
    expireInSeconds: settings.expireInSeconds,
    deadLetter: settings.deadLetter,
  });
}

// The options send() and insert() share.
export function toPgBossSendOptions(name: string, options: SendOptions) {
  return withoutUndefined({
    id: options.idempotencyKey === undefined ? undefined : jobIdForKey(name, options.idempotencyKey),
    singletonKey: options.singletonKey,
    singletonSeconds: options.singletonSeconds,
    startAfter: options.startAfter,
    priority: options.priority,
    retryLimit: options.retryLimit,
    retryDelay: options.retryDelaySeconds,
    retryBackoff: options.retryBackoff,
    expireInSeconds: options.expireInSeconds,
  });
}

export function toPgBossInsert(name: string, { data, options = {} }: JobRequest): PgBoss.JobInsert {
  return { name, data, ...toPgBossSendOptions(name, options) };
}

/** A UUID derived from the queue and key, so the same key always names the same job (pg-boss skips a repeat id). */
export function jobIdForKey(name: string, key: string): string {
  const hex = createHash('sha256').update(`${name}\u0000${key}`).digest('hex');
  // Version 8 (custom) and the RFC variant bits, so it is a well-formed UUID.
  const variant = ((parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

// pg-boss validates options with `'key' in options`, so a key that is present but undefined fails its checks.
function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
}
