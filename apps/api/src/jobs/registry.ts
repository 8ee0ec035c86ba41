import { z } from 'zod';
import type { JobData, JobQueue, QueueSettings, ReceivedJob, SendOptions, WorkOptions } from './queue';

export type JobContext = {
  job: ReceivedJob;
  /** Aborts when the job expires or the worker stops without waiting: stop early, the job runs again. */
  signal: AbortSignal;
  /** For follow-up jobs (fan-out). */
  queue: JobQueue;
};

/**
 * One kind of job, declared by its feature in `<feature>.jobs.ts`. The schema checks the payload when it is
 * enqueued and again when it runs (a job may have been written by an older or newer deploy). Jobs run at least
 * once: a retry or an expired worker runs a job again, so handlers must be idempotent.
 */
export type JobDefinition<TSchema extends z.ZodType<JobData> = z.ZodType<JobData>> = {
  name: string;
  schema: TSchema;
  // Method syntax, so a definition with a narrower payload still fits in a JobDefinition[] list.
  handler(data: z.output<TSchema>, context: JobContext): Promise<void>;
  queue?: QueueSettings;
  work?: WorkOptions;
};

const jobNamePattern = /^[a-z0-9][a-z0-9._-]*$/;

export function defineJob<TSchema extends z.ZodType<JobData>>(
  definition: JobDefinition<TSchema>,
): JobDefinition<TSchema> {
  if (!jobNamePattern.test(definition.name)) {
    throw new Error(`job name "${definition.name}" must be lower-case letters, digits, ".", "_" or "-"`);
  }
  return definition;
}

/** Creates each definition's queue (with its settings) and starts working it in this process. */
export async function startWorkers(queue: JobQueue, definitions: readonly JobDefinition[]): Promise<void> {
  const names = definitions.map((definition) => definition.name);
  const repeated = names.find((name, index) => names.indexOf(name) !== index);
  if (repeated) throw new Error(`job "${repeated}" is registered twice`);
  for (const definition of definitions) {
    await queue.ensureQueue(definition.name, definition.queue);
    await queue.work(
      definition.name,
      (job, signal) => runJob(definition, job, { job, signal, queue }),
      definition.work,
    );
  }
}

/** Validates the payload here, where a bad one is the caller's bug, then sends it. */
export async function enqueue<TSchema extends z.ZodType<JobData>>(
  queue: JobQueue,
  definition: JobDefinition<TSchema>,
  data: z.input<TSchema>,
  options?: SendOptions,
): Promise<string | null> {
  return queue.send(definition.name, definition.schema.parse(data), options);
}

async function runJob(definition: JobDefinition, job: ReceivedJob, context: JobContext): Promise<void> {
  const parsed = definition.schema.safeParse(job.data);
  // Thrown, not dropped: the job is retried and, if a newer deploy still rejects it, ends failed (dead letter).
  if (!parsed.success) {
    throw new Error(`invalid payload for job "${definition.name}": ${z.prettifyError(parsed.error)}`);
  }
  await definition.handler(parsed.data, context);
}
