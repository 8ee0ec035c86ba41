import type { AppContext } from '../../context';
import type { QueueSettings } from '../../jobs/queue';

/** The dispatcher job: hands every due pending message to its provider (messaging.jobs.ts). */
export const DISPATCH_JOB = 'messages.dispatch';

/**
 * Policy 'short': at most one dispatcher job waits, however many requests arrive (they collapse into it), and a
 * request made while a run is active still leaves one waiting, which runs afterwards. Not 'stately': that would
 * keep the waiting job behind a dead process's active one until it expires; dispatchers may run side by side
 * (claims use SKIP LOCKED). A run stops after a time budget and asks for the next, so it never nears expiry.
 */
export const dispatchQueue: QueueSettings = { policy: 'short', retryLimit: 3, expireInSeconds: 5 * 60 };

/**
 * Asks the dispatcher to run soon. Safe to call after every write of pending messages: repeats collapse. Never
 * throws: the messages are already stored, and the every-minute schedule picks them up if the queue is away.
 */
export async function requestDispatch(ctx: AppContext): Promise<void> {
  if (!ctx.queue) return;
  try {
    await ctx.queue.send(DISPATCH_JOB, {});
  } catch (error) {
    ctx.log.warn({ err: error }, 'could not request a message dispatch; the schedule will pick it up');
  }
}
