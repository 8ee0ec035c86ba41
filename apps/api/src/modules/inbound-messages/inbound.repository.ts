import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, DbExecutor, DbTransaction } from '../../db/client';
import { customers, merchants, messages, type MessageAttachment } from '../../db/schema';

/** Who sent an inbound text: the customer and the merchant whose number (or the shared default) it reached. */
export type InboundSender = {
  customerId: string;
  merchantId: string;
  merchantName: string;
  merchantPhone: string | null;
  merchantEmail: string;
};

/**
 * The live customer with this phone among the merchant that owns the number texted, or among every merchant
 * when nobody owns it (the platform's shared default sender). Several matches: the customer most recently
 * texted wins, since that is the conversation being answered; then the newest customer.
 */
export async function findInboundSender(
  db: DbExecutor,
  input: { from: string; to: string },
): Promise<InboundSender | null> {
  const [owner] = await db
    .select({ id: merchants.id })
    .from(merchants)
    .where(eq(merchants.smsFromNumber, input.to));
  const lastTexted = sql`(select max(${messages.seq}) from ${messages}
    where ${messages.customerId} = ${customers.id} and ${messages.direction} = 'outbound')`;
  const [row] = await db
    .select({
      customerId: customers.id,
      merchantId: merchants.id,
      merchantName: merchants.name,
      merchantPhone: merchants.phone,
      merchantEmail: merchants.email,
    })
    .from(customers)
    .innerJoin(merchants, eq(merchants.id, customers.merchantId))
    .where(
      and(
        eq(customers.smsPhoneNumber, input.from),
        isNull(customers.voidedAt),
        owner ? eq(customers.merchantId, owner.id) : undefined,
      ),
    )
    .orderBy(sql`${lastTexted} desc nulls last`, desc(customers.createdAt), desc(customers.id))
    .limit(1);
  return row ?? null;
}

export type InboundMessageInput = {
  merchantId: string;
  customerId: string;
  provider: string;
  providerMessageId: string;
  from: string;
  to: string;
  body: string;
  attachments: MessageAttachment[];
};

/**
 * Stores an inbound text. The provider's message id is unique per provider, so a webhook delivered twice
 * stores one row: the second insert returns null and the caller does nothing more.
 */
export async function insertInboundMessage(
  db: DbExecutor,
  input: InboundMessageInput,
  at: Date,
): Promise<string | null> {
  const [row] = await db
    .insert(messages)
    .values({
      merchantId: input.merchantId,
      customerId: input.customerId,
      direction: 'inbound',
      channel: 'sms',
      kind: 'inbound',
      body: input.body,
      attachments: input.attachments,
      toAddress: input.to,
      fromAddress: input.from,
      status: 'received',
      provider: input.provider,
      providerMessageId: input.providerMessageId,
      sentAt: at,
      statusChangedAt: at,
      createdAt: at,
    })
    .onConflictDoNothing()
    .returning({ id: messages.id });
  return row?.id ?? null;
}

/** The inbound row, the consent change and the answer commit together (inbound.service.ts). */
export function inTransaction<T>(db: Db, work: (tx: DbTransaction) => Promise<T>): Promise<T> {
  return db.transaction(work);
}
