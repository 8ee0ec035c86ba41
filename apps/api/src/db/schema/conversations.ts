import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { merchants } from './merchants';
import { messageKinds } from './messaging';

/**
 * One row per customer who has a text conversation (issue 6 Inbox): the last message and the unread count,
 * kept by a statement-level trigger on messages (migration 0008), so the inbox reads one row per customer
 * instead of aggregating messages. location_id copies the customer's (kept by a trigger on customers) so the
 * inbox's location filter is an index range.
 */
export const customerConversations = pgTable(
  'customer_conversations',
  {
    customerId: uuid('customer_id').primaryKey(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    locationId: uuid('location_id'),
    lastMessageId: uuid('last_message_id').notNull(),
    // The inbox's order and cursor: messages.seq of the last message (unique, grows with time).
    lastMessageSeq: bigint('last_message_seq', { mode: 'number' }).notNull(),
    lastMessageBody: text('last_message_body').notNull(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull(),
    lastDirection: text('last_direction', { enum: ['outbound', 'inbound'] }).notNull(),
    // Inbound texts since staff last opened the conversation (update_last_viewed sets it to 0).
    unreadCount: integer('unread_count').notNull().default(0),
    lastInboundAt: timestamp('last_inbound_at', { withTimezone: true }),
    lastOutboundAt: timestamp('last_outbound_at', { withTimezone: true }),
    // Who wrote the last message, for the inbox preview's "You:" / "Auto:" (migration 0033).
    lastMessageKind: text('last_message_kind', { enum: messageKinds }).notNull().default('inbound'),
    lastMessageSenderUserId: uuid('last_message_sender_user_id'),
    // Needs reply (issue 20): the customer's first text since staff last replied, null once answered or
    // resolved. A staff reply is an outbound text a user wrote, not a mass text, automation or keyword answer,
    // so a mass text never takes a waiting customer out of Needs reply nor puts anyone in it.
    awaitingReplySeq: bigint('awaiting_reply_seq', { mode: 'number' }),
    awaitingReplyAt: timestamp('awaiting_reply_at', { withTimezone: true }),
    // Mine: the staff user who replied last.
    lastRepliedByUserId: uuid('last_replied_by_user_id'),
    // Snoozed (issue 20): out of Needs reply, Unread and Mine until then. The customer's next text clears it
    // (the upsert, migration 0035), and so does the minute job `inbox.wake-snoozed` once the time has come, so a
    // view only asks whether it is null.
    snoozedUntil: timestamp('snoozed_until', { withTimezone: true }),
  },
  (t) => [
    index('customer_conversations_merchant_recent_idx').on(t.merchantId, t.lastMessageSeq),
    index('customer_conversations_location_recent_idx').on(t.merchantId, t.locationId, t.lastMessageSeq),
    // The home page /missed-messages: conversations whose last text is the customer's, newest first, and
    // their count, without reading every conversation of the merchant.
    index('customer_conversations_merchant_missed_idx')
      .on(t.merchantId, t.lastMessageSeq)
      .where(sql`${t.lastDirection} = 'inbound'`),
    // The inbox's views (issue 20): Needs reply oldest wait first, Unread and Mine newest first, and their counts.
    index('customer_conversations_merchant_awaiting_idx')
      .on(t.merchantId, t.awaitingReplySeq)
      .where(sql`${t.awaitingReplySeq} is not null`),
    index('customer_conversations_merchant_unread_idx')
      .on(t.merchantId, t.lastMessageSeq)
      .where(sql`${t.unreadCount} > 0`),
    index('customer_conversations_merchant_replier_idx')
      .on(t.merchantId, t.lastRepliedByUserId, t.lastMessageSeq)
      .where(sql`${t.lastRepliedByUserId} is not null`),
    // The Snoozed view, newest first, and the wake job's due snoozes (both few rows).
    index('customer_conversations_merchant_snoozed_idx')
      .on(t.merchantId, t.lastMessageSeq)
      .where(sql`${t.snoozedUntil} is not null`),
    index('customer_conversations_snoozed_until_idx')
      .on(t.snoozedUntil)
      .where(sql`${t.snoozedUntil} is not null`),
  ],
);
