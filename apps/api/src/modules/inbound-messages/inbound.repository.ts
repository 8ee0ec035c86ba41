import { and, desc, eq, exists, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers, merchants, messages, type MessageAttachment } from '../../db/schema';

/** A merchant that sends from a number, with what its keyword answers name. */
export type NumberOwner = {
  merchantId: string;
  merchantName: string;
  merchantPhone: string | null;
  merchantEmail: string;
};

/** Who sent an inbound text: the customer of the merchant whose number it reached. */
export type InboundSender = NumberOwner & { customerId: string };

/**
 * The merchant that sends from the number texted (its own number, or its outbox number on the laptop), or
 * through the Messaging Service Twilio names (the number is then one of the service's pool). Each is unique
 * across merchants, so there is one at most; a number match wins over a service match.
 */
export async function findNumberOwner(
  db: Db,
  input: { to: string; messagingServiceSid: string | null },
): Promise<NumberOwner | null> {
  const isNumber = or(eq(merchants.smsFromNumber, input.to), eq(merchants.outboxSmsNumber, input.to));
  const [row] = await db
    .select({
      merchantId: merchants.id,
      merchantName: merchants.name,
      merchantPhone: merchants.phone,
      merchantEmail: merchants.email,
    })
    .from(merchants)
    .where(
      or(
        isNumber,
        input.messagingServiceSid
          ? eq(merchants.smsMessagingServiceSid, input.messagingServiceSid)
          : undefined,
      ),
    )
    .orderBy(sql`case when ${isNumber} then 0 else 1 end`)
    .limit(1);
  return row ?? null;
}

/** The merchant's live customer with this phone (one at most: customers_merchant_phone_key). */
export async function findMerchantCustomerId(
  db: Db,
  input: { merchantId: string; phone: string },
): Promise<string | null> {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(
      and(
        eq(customers.merchantId, input.merchantId),
        eq(customers.smsPhoneNumber, input.phone),
        isNull(customers.voidedAt),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/**
 * The live customers with this phone whose merchant texted them from one of these numbers (the platform's
 * shared number, before merchants had their own): those a STOP to that number reaches, as the carrier
 * applies it to every text sent from it.
 */
export async function findCustomersTextedFrom(
  db: Db,
  input: { phone: string; fromNumbers: string[] },
): Promise<{ merchantId: string; customerId: string }[]> {
  return db
    .select({ merchantId: customers.merchantId, customerId: customers.id })
    .from(customers)
    .where(
      and(
        eq(customers.smsPhoneNumber, input.phone),
        isNull(customers.voidedAt),
        exists(
          db
            .select({ one: sql`1` })
            .from(messages)
            .where(
              and(
                eq(messages.customerId, customers.id),
                eq(messages.merchantId, customers.merchantId),
                eq(messages.direction, 'outbound'),
                inArray(messages.fromAddress, input.fromNumbers),
              ),
            ),
        ),
      ),
    );
}

/**
 * The number a phone replies to when a test or the dev route does not say (development only): the sender of
 * the last text it received, as a phone's reply goes to the thread it answers; a phone never texted answers
 * the number of the merchant that has it as a customer (the newest such customer). Null: nobody has it.
 */
export async function findLastSenderOf(
  db: Db,
  phone: string,
): Promise<{
  smsFromNumber: string | null;
  smsMessagingServiceSid: string | null;
  outboxSmsNumber: string;
} | null> {
  const lastTexted = sql`(select max(${messages.seq}) from ${messages}
    where ${messages.customerId} = ${customers.id} and ${messages.direction} = 'outbound')`;
  const [row] = await db
    .select({
      smsFromNumber: merchants.smsFromNumber,
      smsMessagingServiceSid: merchants.smsMessagingServiceSid,
      outboxSmsNumber: merchants.outboxSmsNumber,
    })
    .from(customers)
    .innerJoin(merchants, eq(merchants.id, customers.merchantId))
    .where(and(eq(customers.smsPhoneNumber, phone), isNull(customers.voidedAt)))
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
  db: Db,
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
