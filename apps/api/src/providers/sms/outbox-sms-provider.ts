import { randomBytes } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import type { MessageStatus } from '@paylane/shared/messaging';
import type { Db } from '../../db/client';
import { outboxSms, outboxSmsFailureRules } from '../../db/schema';
import { SmsSendError, type OutgoingSms, type SmsHandOver, type SmsProvider } from './sms-provider';

/** What a provider answers per message of a batch hand-over: the hand-over, or why it was refused. */
export type SmsSendResult = SmsHandOver | SmsSendError;

/** A provider that can hand many messages over at once with the same semantics as one send() each. */
export type BatchSmsProvider = SmsProvider & {
  sendMany(batch: readonly OutgoingSms[]): Promise<SmsSendResult[]>;
};

export function canSendMany(provider: SmsProvider): provider is BatchSmsProvider {
  return typeof (provider as Partial<BatchSmsProvider>).sendMany === 'function';
}

// Twilio's synchronous refusals (API 400); everything the outbox can be told to fail at hand-over is final.
const sendErrorTexts: Record<string, string> = {
  '21610': 'Attempt to send to unsubscribed recipient',
  '21211': "The 'To' number is not a valid phone number",
};

/** Twilio-like message sid: 'SM' and 32 hex digits. */
export function newOutboxSid(): string {
  return `SM${randomBytes(16).toString('hex')}`;
}

/**
 * The offline SMS provider (docs/conventions.md §6): each text lands in outbox_sms instead of a carrier, starts 'queued'
 * and is walked to sent and delivered by the outbox walker (modules/outbox/outbox-sms-walker.ts). A number with
 * a failure rule is refused at hand-over (stage 'send') or walked to a failure later (stage 'callback').
 * Handing over the same idempotency key twice returns the first sid and stores nothing new.
 */
export function createOutboxSmsProvider(db: Db, options: { stepMs: number }): BatchSmsProvider {
  const provider: BatchSmsProvider = {
    name: 'outbox',
    async send(sms) {
      const [result] = await provider.sendMany([sms]);
      if (!result) throw new Error('outbox hand-over returned nothing');
      if (result instanceof SmsSendError) throw result;
      return result;
    },
    sendMany: (batch) => sendMany(db, options.stepMs, batch),
    async findHandOver(sms) {
      const found = await findStored(db, [sms.idempotencyKey]);
      return found.get(sms.idempotencyKey) ?? null;
    },
  };
  return provider;
}

async function sendMany(db: Db, stepMs: number, batch: readonly OutgoingSms[]): Promise<SmsSendResult[]> {
  if (batch.length === 0) return [];
  const rules = await sendStageRules(db, batch);
  const accepted = batch.filter((sms) => !rules.has(sms.to));
  if (accepted.length > 0) {
    const nextStepAt = new Date(Date.now() + stepMs);
    await db
      .insert(outboxSms)
      .values(
        accepted.map((sms) => ({
          sid: newOutboxSid(),
          idempotencyKey: sms.idempotencyKey,
          toAddress: sms.to,
          // Every merchant has a number with the outbox (merchant-sender.ts); a service is Twilio's alone.
          fromAddress: sms.from ?? '',
          body: sms.body,
          mediaUrls: [...(sms.mediaUrls ?? [])],
          status: 'queued' as const,
          nextStepAt,
        })),
      )
      .onConflictDoNothing({ target: outboxSms.idempotencyKey });
  }
  // Read back by key: a repeat hand-over answers with the first sid (and where it has got to since).
  const stored = await findStored(
    db,
    accepted.map((sms) => sms.idempotencyKey),
  );
  return batch.map((sms) => {
    const code = rules.get(sms.to);
    if (code !== undefined) {
      return new SmsSendError(sendErrorTexts[code] ?? `Outbox failure ${code}`, { code, isRetryable: false });
    }
    const handOver = stored.get(sms.idempotencyKey);
    if (!handOver) throw new Error(`outbox lost the hand-over of ${sms.idempotencyKey}`);
    return handOver;
  });
}

async function sendStageRules(db: Db, batch: readonly OutgoingSms[]): Promise<Map<string, string>> {
  const numbers = [...new Set(batch.map((sms) => sms.to))];
  const rows = await db
    .select({ to: outboxSmsFailureRules.toAddress, code: outboxSmsFailureRules.errorCode })
    .from(outboxSmsFailureRules)
    .where(
      sql`${outboxSmsFailureRules.stage} = 'send' and ${inArray(outboxSmsFailureRules.toAddress, numbers)}`,
    );
  return new Map(rows.map((row) => [row.to, row.code]));
}

async function findStored(db: Db, keys: readonly string[]): Promise<Map<string, SmsHandOver>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({ key: outboxSms.idempotencyKey, sid: outboxSms.sid, status: outboxSms.status })
    .from(outboxSms)
    .where(inArray(outboxSms.idempotencyKey, [...keys]));
  return new Map(
    rows.map((row) => [row.key, { providerMessageId: row.sid, status: row.status satisfies MessageStatus }]),
  );
}
