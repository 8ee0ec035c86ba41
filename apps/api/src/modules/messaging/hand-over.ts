import { messages as catalogue } from '@paylane/shared/messages';
import type { AppContext } from '../../context';
import { canSendMany, type SmsSendResult } from '../../providers/sms/outbox-sms-provider';
import { SmsSendError, type OutgoingSms, type SmsHandOver } from '../../providers/sms/sms-provider';
import type { ClaimedMessage, DispatchOutcome } from './dispatch.repository';
import { merchantSmsSender } from './merchant-sender.service';
import type { SendRateLimiter } from './send-rate-limiter';

export type HandOverDeps = {
  ctx: AppContext;
  limiter: SendRateLimiter;
  now: Date;
  /** The messages were left 'sending' by a dead dispatcher: ask the provider before sending again. */
  recovered: boolean;
  settings: { concurrency: number };
  signal: AbortSignal | undefined;
};

const MINUTE_MS = 60_000;
/** A message the provider keeps refusing for a retryable reason is given up after a day. */
const RETRY_FOR_MS = 24 * 60 * MINUTE_MS;

/**
 * Hands texts to the SMS provider within the process's send rate; one outcome per message, except where
 * the hand-over failed in an unknown way (a timeout may still have reached the provider): such a message
 * stays 'sending' and is recovered after the lease by asking the provider, so it is neither lost nor sent twice.
 */
export async function handOverTexts(
  deps: HandOverDeps,
  messages: ClaimedMessage[],
): Promise<DispatchOutcome[]> {
  if (messages.length === 0) return [];
  const { ctx } = deps;
  const outcomes: DispatchOutcome[] = [];
  const outgoing: OutgoingSms[] = [];
  for (const message of messages) {
    const sms = toOutgoingSms(ctx, message);
    // Never the platform's shared number instead: a reply to it could not be routed to this merchant.
    if (sms) outgoing.push(sms);
    else
      outcomes.push({
        id: message.id,
        kind: 'failed',
        errorCode: null,
        errorMessage: catalogue.noTextSender,
      });
  }
  let toSend = outgoing;
  const byId = new Map(messages.map((message) => [message.id, message]));
  if (deps.recovered) {
    const found = await mapLimited(outgoing, deps.settings.concurrency, (sms) =>
      ctx.sms.findHandOver({ ...sms, since: byId.get(sms.idempotencyKey)!.created_at }),
    );
    toSend = outgoing.filter((sms, i) => {
      const handOver = found[i];
      if (handOver) outcomes.push(handedOver(ctx.sms.name, sms, handOver));
      return !handOver;
    });
  }
  const results = await sendTexts(deps, toSend);
  toSend.forEach((sms, i) => {
    const outcome = outcomeOf(deps, sms, results[i], byId.get(sms.idempotencyKey)!);
    if (outcome) outcomes.push(outcome);
  });
  return outcomes;
}

async function sendTexts(deps: HandOverDeps, batch: OutgoingSms[]): Promise<(SmsSendResult | unknown)[]> {
  if (batch.length === 0) return [];
  const { sms } = deps.ctx;
  if (canSendMany(sms)) {
    await deps.limiter.take(batch.length, deps.signal);
    try {
      return await sms.sendMany(batch);
    } catch (error) {
      return batch.map(() => error);
    }
  }
  return mapLimited(batch, deps.settings.concurrency, async (message) => {
    await deps.limiter.take(1, deps.signal);
    try {
      return await sms.send(message);
    } catch (error) {
      return error;
    }
  });
}

function outcomeOf(
  deps: HandOverDeps,
  sms: OutgoingSms,
  result: unknown,
  message: ClaimedMessage,
): DispatchOutcome | null {
  const id = sms.idempotencyKey;
  if (result instanceof SmsSendError) {
    if (result.code === '21610')
      return { id, kind: 'failed', errorCode: '21610', errorMessage: catalogue.optedOut };
    if (!result.isRetryable)
      return { id, kind: 'failed', errorCode: result.code, errorMessage: result.message };
    return retryLater(deps.now, message, result);
  }
  if (isHandOver(result)) return handedOver(deps.ctx.sms.name, sms, result);
  deps.ctx.log.warn({ err: result, messageId: id }, 'text hand-over failed; recovered after the lease');
  return null;
}

function isHandOver(value: unknown): value is SmsHandOver {
  return typeof value === 'object' && value !== null && 'providerMessageId' in value;
}

/** Retries back off with the message's age (≈ 1.5× each time), between 30 s and 15 min, for a day. */
function retryLater(now: Date, message: ClaimedMessage, error: Error & { code?: string }): DispatchOutcome {
  const age = now.getTime() - message.created_at.getTime();
  if (age > RETRY_FOR_MS) {
    return { id: message.id, kind: 'failed', errorCode: error.code ?? null, errorMessage: error.message };
  }
  const delay = Math.min(15 * MINUTE_MS, Math.max(MINUTE_MS / 2, age / 2));
  return { id: message.id, kind: 'deferred', sendAfter: new Date(now.getTime() + delay) };
}

function handedOver(provider: string, sms: OutgoingSms, handOver: SmsHandOver): DispatchOutcome {
  const { providerMessageId, status } = handOver;
  return {
    id: sms.idempotencyKey,
    kind: 'handed_over',
    provider,
    providerMessageId,
    status,
    fromAddress: sms.from,
  };
}

/** The text as the provider takes it, from the merchant's own sender; null when the merchant has none. */
function toOutgoingSms(ctx: AppContext, message: ClaimedMessage): OutgoingSms | null {
  const sender = merchantSmsSender(ctx.config.sms, {
    smsFromNumber: message.sms_from_number,
    smsMessagingServiceSid: message.sms_messaging_service_sid,
    outboxSmsNumber: message.outbox_sms_number,
  });
  if (!sender) return null;
  return {
    to: message.to_address,
    ...sender,
    body: message.body,
    // Stored as our public path (/media/mms/…): the provider fetches the media, so it needs an absolute URL.
    mediaUrls: message.attachments.map((attachment) =>
      attachment.url.startsWith('/') ? `${ctx.config.publicUrl}${attachment.url}` : attachment.url,
    ),
    idempotencyKey: message.id,
    statusCallbackUrl: `${ctx.config.publicUrl}/api/webhooks/twilio/status/`,
  };
}

/**
 * Emails through the email port. It has no idempotency key, so a recovered email is sent again (at least
 * once); a refused one is retried like a text.
 */
export async function handOverEmails(
  deps: HandOverDeps,
  messages: ClaimedMessage[],
): Promise<DispatchOutcome[]> {
  const { ctx } = deps;
  return mapLimited(messages, deps.settings.concurrency, async (message) => {
    try {
      const sent = await ctx.email.send({
        to: message.to_address,
        subject: message.subject ?? '',
        text: message.body,
        merchantId: message.merchant_id,
      });
      return {
        id: message.id,
        kind: 'handed_over',
        provider: ctx.email.name,
        providerMessageId: sent.id,
        status: 'sent',
        fromAddress: ctx.config.email.from,
      } satisfies DispatchOutcome;
    } catch (error) {
      return retryLater(deps.now, message, error instanceof Error ? error : new Error(String(error)));
    }
  });
}

/** Runs `work` over items with at most `limit` in flight, keeping the order of the answers. */
async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
) {
  const answers: R[] = new Array(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      answers[index] = await work(items[index]!, index);
    }
  });
  await Promise.all(lanes);
  return answers;
}
