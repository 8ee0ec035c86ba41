import { messages as catalogue } from '@paylane/shared/messages';
import type { AppContext } from '../../context';
import { recordOptOut } from '../consent/consent.service';
import { requestDispatch } from './dispatch-request.service';
import {
  claimDueMessages,
  claimStaleMessages,
  recordDispatchOutcomes,
  type ClaimedMessage,
  type DispatchOutcome,
} from './dispatch.repository';
import { handOverEmails, handOverTexts } from './hand-over';
import { quietUntil } from './quiet-hours';
import { createSendRateLimiter, type SendRateLimiter } from './send-rate-limiter';

export type DispatchOptions = {
  /** Messages claimed per round (one claiming and one recording statement each). */
  chunkSize?: number;
  /** A run stops after this long and asks for the next one, so a job never nears its expiry. */
  budgetMs?: number;
  /** A 'sending' claim older than this is a dead dispatcher's: its messages are recovered. */
  leaseSeconds?: number;
  /** Hand-overs in flight at once for providers that take one message a call. */
  concurrency?: number;
  /** Tests: runs after a chunk was handed over and before it is recorded (the crash test stops here). */
  afterHandOver?: (chunk: { index: number; size: number }) => Promise<void>;
};

const defaults = { chunkSize: 500, budgetMs: 60_000, leaseSeconds: 120, concurrency: 16 };
const STALE_CHECK_MS = 15_000;

// One bucket per provider in this process: config.sms.sendRatePerSecond holds across concurrent runs.
const limiters = new WeakMap<object, SendRateLimiter>();
function limiterFor(ctx: AppContext): SendRateLimiter {
  let limiter = limiters.get(ctx.sms);
  if (!limiter) {
    limiter = createSendRateLimiter(ctx.config.sms.sendRatePerSecond);
    limiters.set(ctx.sms, limiter);
  }
  return limiter;
}

/**
 * The dispatcher (docs/conventions.md §5, issue 5 item 4): claims due messages chunk by chunk, decides each (canceled
 * batch, opted out, quiet hours) and hands the rest to the provider within its rate, until nothing is due or
 * the time budget is spent. Several may run at once (claims skip each other's rows). Returns how many
 * messages it settled.
 */
export async function runDispatch(ctx: AppContext, options: DispatchOptions = {}, signal?: AbortSignal) {
  const settings = { ...defaults, ...options };
  const started = performance.now();
  let settled = 0;
  let lastStaleCheck = -Infinity;
  for (let index = 0; !signal?.aborted; index++) {
    if (performance.now() - started > settings.budgetMs) {
      await requestDispatch(ctx);
      break;
    }
    let recovered: ClaimedMessage[] = [];
    if (performance.now() - lastStaleCheck > STALE_CHECK_MS) {
      recovered = await claimStaleMessages(ctx.db, {
        leaseSeconds: settings.leaseSeconds,
        limit: settings.chunkSize,
      });
      if (recovered.length < settings.chunkSize) lastStaleCheck = performance.now();
    }
    const claimed =
      recovered.length > 0
        ? []
        : await claimDueMessages(ctx.db, { now: ctx.now(), limit: settings.chunkSize });
    const chunk = recovered.length > 0 ? recovered : claimed;
    if (chunk.length === 0) break;
    const outcomes = await settleChunk(ctx, chunk, { recovered: recovered.length > 0, settings, signal });
    await settings.afterHandOver?.({ index, size: chunk.length });
    settled += await recordDispatchOutcomes(ctx.db, outcomes, ctx.now());
  }
  return settled;
}

type ChunkInput = { recovered: boolean; settings: { concurrency: number }; signal: AbortSignal | undefined };

async function settleChunk(ctx: AppContext, chunk: ClaimedMessage[], input: ChunkInput) {
  const now = ctx.now();
  const outcomes: DispatchOutcome[] = [];
  const texts: ClaimedMessage[] = [];
  const emails: ClaimedMessage[] = [];
  for (const message of chunk) {
    const decided = decide(message, now);
    if (decided) outcomes.push(decided);
    else (message.channel === 'email' ? emails : texts).push(message);
  }
  const deps = { ctx, limiter: limiterFor(ctx), now, ...input };
  const [textOutcomes, emailOutcomes] = await Promise.all([
    handOverTexts(deps, texts),
    handOverEmails(deps, emails),
  ]);
  await recordProviderOptOuts(ctx, texts, textOutcomes);
  return [...outcomes, ...textOutcomes, ...emailOutcomes];
}

/** The checks made at send time, whatever the UI checked before; null means: hand it over. */
function decide(message: ClaimedMessage, now: Date): DispatchOutcome | null {
  const { id } = message;
  if (message.batch_canceled_at) return { id, kind: 'canceled' };
  const optedOutAt = message.channel === 'email' ? message.email_opted_out_at : message.sms_opted_out_at;
  // The confirmation of a STOP is the one text allowed after it (it answers the customer).
  if (optedOutAt && message.kind !== 'keyword_reply') {
    return { id, kind: 'failed', errorCode: null, errorMessage: catalogue.optedOut };
  }
  if (message.kind === 'keyword_reply') return null;
  const until = quietUntil(
    { timeZone: message.time_zone, start: message.quiet_hours_start, end: message.quiet_hours_end },
    now,
  );
  return until ? { id, kind: 'deferred', sendAfter: until } : null;
}

// 21610: the carrier says the number replied STOP; our records follow (docs/reference/messaging.md §2).
async function recordProviderOptOuts(ctx: AppContext, sent: ClaimedMessage[], outcomes: DispatchOutcome[]) {
  const byId = new Map(sent.map((message) => [message.id, message]));
  for (const outcome of outcomes) {
    if (outcome.kind !== 'failed' || outcome.errorCode !== '21610') continue;
    const message = byId.get(outcome.id);
    if (!message) continue;
    const change = {
      merchantId: message.merchant_id,
      customerId: message.customer_id,
      channel: 'sms' as const,
      source: 'provider' as const,
      detail: '21610',
      messageId: message.id,
    };
    await recordOptOut(ctx.db, change, ctx.now());
  }
}
