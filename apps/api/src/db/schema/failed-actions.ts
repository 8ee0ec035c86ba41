import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, tenantKey } from './columns';
import { accounts, customers } from './customers';
import { merchants } from './merchants';
import { payments } from './payments';
import { users } from './users';

/** What failed: a payment a person or a link made, an autopay charge, a text or email, (later) a DMS post or a device call. */
export const failedActionKinds = ['payment', 'autopay', 'message', 'dms', 'device'] as const;
/** How an action was closed: marked resolved by a person, or retried successfully. */
export const failedActionResolutions = ['resolved', 'retried'] as const;

/**
 * One failure someone must look at (docs/product.md §3 Failed action; issue 18 item 4), written in the same
 * transaction as the failure itself. `subject_key` makes one failure one action: `payment:{id}`,
 * `autopay:{accountId}:{dueDate}` (every attempt of one due date is one action) and `message:{id}`. A retry
 * is a new payment or message under `retry:{actionId}` (`:{n}` after the first), counted in retry_count.
 */
export const failedActions = pgTable(
  'failed_actions',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: failedActionKinds }).notNull(),
    subjectKey: text('subject_key').notNull(),
    paymentId: uuid('payment_id'),
    messageId: uuid('message_id'),
    customerId: uuid('customer_id'),
    accountId: uuid('account_id'),
    reasonCode: text('reason_code'),
    reasonMessage: text('reason_message').notNull().default(''),
    isRetryable: boolean('is_retryable').notNull().default(true),
    isResolvable: boolean('is_resolvable').notNull().default(true),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedByUserId: uuid('resolved_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    resolution: text('resolution', { enum: failedActionResolutions }),
    retryCount: integer('retry_count').notNull().default(0),
    retryPaymentId: uuid('retry_payment_id'),
    retryMessageId: uuid('retry_message_id'),
  },
  (t) => [
    tenantKey('failed_actions', t),
    unique('failed_actions_merchant_subject_key').on(t.merchantId, t.subjectKey),
    foreignKey({
      name: 'failed_actions_payment_tenant_fk',
      columns: [t.merchantId, t.paymentId],
      foreignColumns: [payments.merchantId, payments.id],
    }),
    foreignKey({
      name: 'failed_actions_retry_payment_tenant_fk',
      columns: [t.merchantId, t.retryPaymentId],
      foreignColumns: [payments.merchantId, payments.id],
    }),
    foreignKey({
      name: 'failed_actions_customer_tenant_fk',
      columns: [t.merchantId, t.customerId],
      foreignColumns: [customers.merchantId, customers.id],
    }),
    foreignKey({
      name: 'failed_actions_account_tenant_fk',
      columns: [t.merchantId, t.accountId],
      foreignColumns: [accounts.merchantId, accounts.id],
    }),
    // The list: a merchant's actions, open first by the index's filter, newest first.
    index('failed_actions_merchant_created_idx').on(t.merchantId, t.createdAt, t.id),
    index('failed_actions_open_idx')
      .on(t.merchantId, t.kind, t.createdAt)
      .where(sql`${t.resolvedAt} is null`),
    index('failed_actions_message_idx')
      .on(t.messageId)
      .where(sql`${t.messageId} is not null`),
  ],
);
