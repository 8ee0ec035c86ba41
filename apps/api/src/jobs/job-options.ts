// What a job and its queue are sent with: plain types shared by queue.ts and pg-boss-options.ts (its translation
// to pg-boss 10's names), which otherwise import each other.

/** Job payloads are stored as jsonb: plain JSON objects (ids and values, not class instances). */
export type JobData = Record<string, unknown>;

/** Stored on the queue in the database; every job sent to the queue inherits them unless it overrides them. */
export type QueueSettings = {
  /** pg-boss policy: 'short' keeps one queued job, 'singleton' one active job, 'stately' one of each. */
  policy?: 'standard' | 'short' | 'singleton' | 'stately';
  /** Retries after the first attempt. */
  retryLimit?: number;
  /** With retryBackoff the delay doubles per retry, with jitter: d..2d, 2d..4d, 4d..8d, ... */
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  /** An active job older than this is failed (and retried) by maintenance: how a dead worker's job comes back. */
  expireInSeconds?: number;
  deadLetter?: string;
};

export type SendOptions = {
  /**
   * Enqueue at most once per key and queue: the job id is derived from the key, so a repeat is a no-op (send
   * returns null) while the first job is still stored (until pg-boss archives it, 12 h after it completes).
   * pg-boss 10's singletonKey alone does not do this on a standard queue; see singletonSeconds.
   */
  idempotencyKey?: string;
  /** pg-boss throttling: one job per key per singletonSeconds slot (slots are aligned to the epoch). */
  singletonKey?: string;
  singletonSeconds?: number;
  startAfter?: Date;
  priority?: number;
} & Pick<QueueSettings, 'retryLimit' | 'retryDelaySeconds' | 'retryBackoff' | 'expireInSeconds'>;

export type JobRequest = { data: JobData; options?: SendOptions };
