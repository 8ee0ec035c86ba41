import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { messages, type MessageAttachment } from '../../db/schema';

/** An outbound message waiting for the dispatcher (or recorded as failed before it could leave). */
export type PendingMessageInput = {
  merchantId: string;
  customerId: string;
  accountId?: string | null;
  batchId?: string | null;
  templateId?: string | null;
  kind: 'chat' | 'batch' | 'automation' | 'system' | 'keyword_reply';
  channel?: 'sms' | 'email';
  body: string;
  subject?: string | null;
  toAddress: string;
  fromAddress?: string | null;
  senderUserId?: string | null;
  /** Automations: with template, account and channel it makes a repeat a no-op (messages_automation_key). */
  automationDueDate?: string | null;
  attachments?: MessageAttachment[];
  language?: string;
  /** Chat: the text in other languages, by language (issue 6). */
  translations?: Record<string, string>;
  /** Chat: a note shown under the message ('Translation is unavailable'). */
  secondaryMessage?: string | null;
  /** Chat: the request's Idempotency-Key (messages_merchant_idempotency_key makes a retry a no-op). */
  idempotencyKey?: string | null;
  /** 'failed' rows are recorded for the report and the chat, never dispatched. Default 'pending'. */
  status?: 'pending' | 'failed';
  errorMessage?: string | null;
  errorCode?: string | null;
  /** Not handed over before this instant; default the database's now(). */
  sendAfter?: Date;
};

// 22 columns a row: 1,000 rows stay far below PostgreSQL's 65,535 bind parameters, and each statement is one
// round trip (PGlite pays ~190 µs a statement).
const ROWS_PER_STATEMENT = 1000;

/**
 * Inserts outbound messages, many rows a statement. A row that repeats a unique key (one message per batch
 * recipient, one per automation due date) is skipped; only the rows inserted are returned. Run it in the
 * caller's transaction, then call requestDispatch after the commit.
 */
export async function insertPendingMessages(
  db: Db,
  rows: readonly PendingMessageInput[],
): Promise<{ id: string; customerId: string }[]> {
  const inserted: { id: string; customerId: string }[] = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(start, start + ROWS_PER_STATEMENT).map(toRow);
    const result = await db
      .insert(messages)
      .values(chunk)
      .onConflictDoNothing()
      .returning({ id: messages.id, customerId: messages.customerId });
    inserted.push(...result);
  }
  return inserted;
}

function toRow(input: PendingMessageInput): typeof messages.$inferInsert {
  return {
    merchantId: input.merchantId,
    customerId: input.customerId,
    accountId: input.accountId ?? null,
    batchId: input.batchId ?? null,
    templateId: input.templateId ?? null,
    direction: 'outbound',
    channel: input.channel ?? 'sms',
    kind: input.kind,
    body: input.body,
    subject: input.subject ?? null,
    language: input.language ?? 'en-US',
    translations: input.translations ?? {},
    secondaryMessage: input.secondaryMessage ?? null,
    idempotencyKey: input.idempotencyKey ?? null,
    attachments: input.attachments ?? [],
    toAddress: input.toAddress,
    fromAddress: input.fromAddress ?? null,
    status: input.status ?? 'pending',
    errorCode: input.errorCode ?? null,
    errorMessage: input.errorMessage ?? null,
    senderUserId: input.senderUserId ?? null,
    automationDueDate: input.automationDueDate ?? null,
    ...(input.sendAfter ? { sendAfter: input.sendAfter } : {}),
  };
}

/** The message written under a merchant's Idempotency-Key, if any (a retried request answers from it). */
export async function findOutgoingMessageByKey(db: Db, key: { merchantId: string; idempotencyKey: string }) {
  const [row] = await db
    .select({ id: messages.id, customerId: messages.customerId, body: messages.body })
    .from(messages)
    .where(and(eq(messages.merchantId, key.merchantId), eq(messages.idempotencyKey, key.idempotencyKey)))
    .limit(1);
  return row ?? null;
}
