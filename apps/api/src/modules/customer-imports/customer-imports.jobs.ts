import { z } from 'zod';
import { messages } from '@paylane/shared/messages';
import type { AppContext } from '../../context';
import type { JobQueue, QueueSettings } from '../../jobs/queue';
import { defineJob } from '../../jobs/registry';
import { updateImport } from './customer-imports.repository';
import { runCustomerImport, type ImportRunOptions } from './customer-imports.runner';

export const CUSTOMER_IMPORT_JOB = 'customer-imports.run';
const payloadSchema = z.object({ import_id: z.uuid(), merchant_id: z.uuid() });
type Payload = z.infer<typeof payloadSchema>;

/** A 100,000-row import takes well under a minute; a dead worker's import comes back after this. */
const importQueue: QueueSettings = { expireInSeconds: 15 * 60, retryLimit: 5 };

/** Queues the import once per import (the job id is derived from it), however often start is pressed. */
export function enqueueCustomerImport(queue: JobQueue, payload: Payload) {
  return queue.send(CUSTOMER_IMPORT_JOB, payloadSchema.parse(payload), { idempotencyKey: payload.import_id });
}

export const createCustomerImportJobs = (
  ctx: AppContext,
  options: ImportRunOptions & { queue?: QueueSettings } = {},
) => [
  defineJob({
    name: CUSTOMER_IMPORT_JOB,
    schema: payloadSchema,
    queue: { ...importQueue, ...options.queue },
    // One import at a time per worker: each writes batch after batch of 1,000 rows; another waits its turn.
    work: { batchSize: 1 },
    handler: async (payload, { job, signal }) => {
      const target = { importId: payload.import_id, merchantId: payload.merchant_id };
      try {
        await runCustomerImport(ctx, target, options, signal);
      } catch (error) {
        // The last attempt leaves the import failed, so the page stops waiting; earlier ones retry.
        if (job.retryCount >= job.retryLimit) await markFailed(ctx, target);
        throw error;
      }
    },
  }),
];

async function markFailed(ctx: AppContext, target: { importId: string; merchantId: string }) {
  await updateImport(ctx.db, {
    merchantId: target.merchantId,
    id: target.importId,
    at: ctx.now(),
    fromStatuses: ['queued', 'running'],
    data: { status: 'failed', finishedAt: ctx.now(), errorMessage: messages.genericError },
  });
}
