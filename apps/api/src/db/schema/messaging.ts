import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { BodyType, MessageStatus, TemplateType } from '@paylane/shared/messaging';
import { createdAt, id, tenantKey, updatedAt } from './columns';
import { merchants } from './merchants';
import { users } from './users';

// Messaging (issue 5): templates, customer groups, mass-text batches, every message in and out, provider
// status events, consent records and the offline SMS provider's mailbox. Every row carries merchant_id.

export type MessageBody = { language: string; body_type: BodyType; message_body: string };
export type MessageAttachment = { url: string; type: string };

/** docs/product.md §3 Message template. Deleting sets deleted_at (docs/conventions.md §5: templates are deactivated, not erased). */
export const messageTemplates = pgTable(
  'message_templates',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    type: text('type').$type<TemplateType>().notNull(),
    active: boolean('active').notNull().default(true),
    isVisible: boolean('is_visible').notNull().default(true),
    // Automation: days before (positive), on (0) or after (negative) the due date; null = none.
    deltaDays: integer('delta_days'),
    messageBodies: jsonb('message_bodies').$type<MessageBody[]>().notNull().default([]),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    tenantKey('message_templates', t),
    // 'Existing template name'
    uniqueIndex('message_templates_merchant_name_key')
      .on(t.merchantId, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
    // 'A template already exists for the chosen days'
    uniqueIndex('message_templates_merchant_days_key')
      .on(t.merchantId, t.deltaDays)
      .where(sql`${t.type} = 'SCHEDULED' and ${t.deletedAt} is null`),
    // One system template of each type per merchant (seeded).
    uniqueIndex('message_templates_merchant_system_type_key')
      .on(t.merchantId, t.type)
      .where(sql`${t.type} not in ('SCHEDULED', 'UNSCHEDULED') and ${t.deletedAt} is null`),
  ],
);

/** docs/product.md §3 Customer group: a named set of customers to send a mass text to. */
export const customerGroups = pgTable(
  'customer_groups',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantKey('customer_groups', t),
    uniqueIndex('customer_groups_merchant_name_key').on(t.merchantId, sql`lower(${t.name})`),
  ],
);

export const customerGroupMembers = pgTable(
  'customer_group_members',
  {
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id').notNull(),
    customerId: uuid('customer_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.customerId] }),
    index('customer_group_members_customer_idx').on(t.customerId),
  ],
);

/** One mass text (docs/product.md §3 Mass message payload): its recipients are its messages (one per customer). */
export const messageBatches = pgTable(
  'message_batches',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    templateId: uuid('template_id'),
    // The body as written, before merge fields are filled per recipient.
    body: text('body').notNull(),
    isCsvImported: boolean('is_csv_imported').notNull().default(false),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    recipientCount: integer('recipient_count').notNull().default(0),
    // A retried request with the same Idempotency-Key returns this batch and creates nothing.
    idempotencyKey: text('idempotency_key'),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey('message_batches', t),
    uniqueIndex('message_batches_merchant_idempotency_key')
      .on(t.merchantId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    index('message_batches_merchant_created_idx').on(t.merchantId, t.createdAt),
  ],
);

export const messageDirections = ['outbound', 'inbound'] as const;
export const messageChannels = ['sms', 'email'] as const;
/** Why a message exists: a chat reply, a mass text, an automation, a system event, a keyword answer, inbound. */
export const messageKinds = ['chat', 'batch', 'automation', 'system', 'keyword_reply', 'inbound'] as const;

/**
 * Every message in or out (docs/product.md §3 Chat message). `seq` orders a conversation and is the cursor (chat pages,
 * websocket catch-up); `id` is what the API shows.
 */
export const messages = pgTable(
  'messages',
  {
    id: id(),
    seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
    // No foreign key of its own: the tenant key (merchant_id, customer_id) → customers (migration 0013)
    // already ties the row to its merchant, and checking a second one costs ~0.5 s when a 100,000-recipient
    // mass text is accepted.
    merchantId: uuid('merchant_id').notNull(),
    customerId: uuid('customer_id').notNull(),
    accountId: uuid('account_id'),
    batchId: uuid('batch_id'),
    templateId: uuid('template_id'),
    direction: text('direction', { enum: messageDirections }).notNull(),
    channel: text('channel', { enum: messageChannels }).notNull().default('sms'),
    kind: text('kind', { enum: messageKinds }).notNull(),
    body: text('body').notNull(),
    // Email only.
    subject: text('subject'),
    language: text('language').notNull().default('en-US'),
    translations: jsonb('translations').$type<Record<string, string>>().notNull().default({}),
    attachments: jsonb('attachments').$type<MessageAttachment[]>().notNull().default([]),
    toAddress: text('to_address').notNull(),
    fromAddress: text('from_address'),
    status: text('status').$type<MessageStatus>().notNull(),
    provider: text('provider'),
    providerMessageId: text('provider_message_id'),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    secondaryMessage: text('secondary_message'),
    // The staff user who wrote it (null for automations, keyword answers and inbound).
    senderUserId: uuid('sender_user_id').references(() => users.id, { onDelete: 'set null' }),
    // Not handed to the provider before this instant (quiet hours in the recipient's zone, retries).
    sendAfter: timestamp('send_after', { withTimezone: true }).notNull().defaultNow(),
    // When a dispatcher claimed it (status 'sending'); a stale claim is recovered after a crash.
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    // Automations: the due date this send is for; with template and account, it makes a repeat a no-op.
    automationDueDate: date('automation_due_date', { mode: 'string' }),
    // A chat send's Idempotency-Key: a retried request answers the first message and sends nothing.
    idempotencyKey: text('idempotency_key'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    // A chat page: one customer's messages by seq.
    index('messages_customer_seq_idx').on(t.customerId, t.seq),
    // The customer's timeline (issue 20): their messages by time among notes, payments and history events.
    index('messages_customer_created_idx').on(t.customerId, t.createdAt, t.id),
    // One message per recipient of a batch: a crashed and restarted dispatch can never write a second.
    uniqueIndex('messages_batch_customer_key')
      .on(t.batchId, t.customerId)
      .where(sql`${t.batchId} is not null`),
    index('messages_batch_status_idx').on(t.batchId, t.status),
    // Exactly once per (account, due date, template) for automations (docs/conventions.md §5).
    uniqueIndex('messages_automation_key')
      .on(t.templateId, t.accountId, t.automationDueDate, t.channel)
      .where(sql`${t.automationDueDate} is not null`),
    uniqueIndex('messages_merchant_idempotency_key')
      .on(t.merchantId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    // Status callbacks find their message by the provider's id; a provider id belongs to one message.
    uniqueIndex('messages_provider_message_key')
      .on(t.provider, t.providerMessageId)
      .where(sql`${t.providerMessageId} is not null`),
    // The dispatcher's work list: what waits to be handed over, oldest first.
    index('messages_pending_idx')
      .on(t.sendAfter)
      .where(sql`${t.status} in ('pending', 'sending')`),
    index('messages_merchant_kind_created_idx').on(t.merchantId, t.kind, t.createdAt),
  ],
);

/** Each status a provider reported, once per (provider message id, status): a replayed callback is a no-op. */
export const messageStatusEvents = pgTable(
  'message_status_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerMessageId: text('provider_message_id').notNull(),
    status: text('status').notNull(),
    errorCode: text('error_code'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('message_status_events_key').on(t.provider, t.providerMessageId, t.status),
    index('message_status_events_message_idx').on(t.messageId),
  ],
);

export const consentChannels = ['sms', 'email'] as const;
export const consentActions = ['opt_out', 'opt_in'] as const;
/** Where a consent change came from: an inbound keyword, a provider error (21610), staff, or an import. */
export const consentSources = ['keyword', 'provider', 'staff', 'import'] as const;

/** The consent record (docs/reference/messaging.md §2): who opted out or in, when, how. */
export const consentEvents = pgTable(
  'consent_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').notNull(),
    channel: text('channel', { enum: consentChannels }).notNull(),
    action: text('action', { enum: consentActions }).notNull(),
    source: text('source', { enum: consentSources }).notNull(),
    // The keyword as received, or the provider's error code.
    detail: text('detail').notNull().default(''),
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('consent_events_customer_idx').on(t.customerId, t.createdAt)],
);

export const outboxSmsStatuses = ['queued', 'sent', 'delivered', 'failed', 'undelivered'] as const;

/**
 * The offline SMS provider's mailbox (docs/conventions.md §6 `outbox`): what would have gone to the carrier. It walks
 * queued → sent → delivered; `idempotency_key` (our message id) makes a repeated hand-over a no-op.
 */
export const outboxSms = pgTable(
  'outbox_sms',
  {
    sid: text('sid').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    toAddress: text('to_address').notNull(),
    fromAddress: text('from_address').notNull(),
    body: text('body').notNull(),
    mediaUrls: jsonb('media_urls').$type<string[]>().notNull().default([]),
    status: text('status', { enum: outboxSmsStatuses }).notNull(),
    errorCode: text('error_code'),
    // When the walker moves it to its next status; null once final.
    nextStepAt: timestamp('next_step_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('outbox_sms_to_idx').on(t.toAddress, t.createdAt),
    index('outbox_sms_next_step_idx')
      .on(t.nextStepAt)
      .where(sql`${t.nextStepAt} is not null`),
  ],
);

/** Tells the outbox provider to fail sends to a number with a provider error code (a test or a demo). */
export const outboxSmsFailureRules = pgTable('outbox_sms_failure_rules', {
  toAddress: text('to_address').primaryKey(),
  errorCode: text('error_code').notNull(),
  // When the failure is reported: at hand-over (like a Twilio API 400) or later by callback (undelivered).
  stage: text('stage', { enum: ['send', 'callback'] })
    .notNull()
    .default('send'),
  createdAt: createdAt(),
});
