import { setTimeout as sleep } from 'node:timers/promises';
import type { AppContext } from '../../context';
import { walkDueOutboxTexts } from './outbox-sms-walk.repository';

export type BackgroundLoop = { stop(): Promise<void> };

const WALK_LIMIT = 1000;
// A text whose message never got its sid recorded (a dispatcher died between the two) walks on after this;
// the dispatcher's recovery records it from findHandOver meanwhile.
const ORPHAN_AFTER_MS = 10 * 60_000;

/**
 * The outbox SMS provider's walker (docs/conventions.md §6): in every process that runs jobs, while the provider is the
 * outbox. Any number may run; each claims due texts with SKIP LOCKED and reports the steps in the same
 * transaction, so a crash loses nothing. Does nothing with another provider.
 */
export function startOutboxSmsWalker(ctx: AppContext): BackgroundLoop {
  if (ctx.sms.name !== 'outbox') return { stop: async () => undefined };
  const stepMs = ctx.config.sms.outboxStepMs;
  const idleMs = Math.max(20, Math.min(250, stepMs / 2));
  const stopping = new AbortController();
  const loop = (async () => {
    while (!stopping.signal.aborted) {
      let walked = 0;
      try {
        walked = await walkDueOutboxTexts(ctx.db, {
          limit: WALK_LIMIT,
          stepMs,
          orphanAfterMs: ORPHAN_AFTER_MS,
          provider: ctx.sms.name,
        });
      } catch (error) {
        if (!stopping.signal.aborted) ctx.log.warn({ err: error }, 'outbox SMS walk failed; trying again');
      }
      if (walked < WALK_LIMIT)
        await sleep(idleMs, undefined, { signal: stopping.signal }).catch(() => undefined);
    }
  })();
  return {
    async stop() {
      stopping.abort();
      await loop;
    },
  };
}
