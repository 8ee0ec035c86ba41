import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  foreignKey,
  index,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, tenantKey } from './columns';
import { paymentMethods } from './customer-records';
import { accounts, customers } from './customers';
import { merchants } from './merchants';
import { payments } from './payments';
import { users } from './users';

export const promiseStatuses = ['PROMISED', 'PROMISE_CONFIRMED', 'SCHEDULED'] as const;
export const promiseOutcomes = ['open', 'kept', 'partially_kept', 'broken', 'cancelled'] as const;

/**
 * A promise to pay on an account (docs/product.md §3 promises, §4 promise status; issue 17 item 4): a moment on
 * the merchant's clock by which the customer says they will pay, optionally an amount; with a saved method and
 * an amount it is a scheduled payment the sweep charges once (run_started_at is its claim, transaction_id its
 * payment). Its outcome is read from the ledger PROMISE_GRACE_HOURS after the moment. One open promise per
 * account (the partial unique index); composite tenant keys so it names only its own merchant's rows.
 */
export const paymentPromises = pgTable(
  'payment_promises',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').notNull(),
    accountId: uuid('account_id').notNull(),
    status: text('status', { enum: promiseStatuses }).notNull(),
    outcome: text('outcome', { enum: promiseOutcomes }).notNull().default('open'),
    /** The promised moment (UTC), and the same as typed on the merchant's clock. */
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }).notNull(),
    localDate: date('local_date', { mode: 'string' }).notNull(),
    localTime: text('local_time').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }),
    paymentMethodId: uuid('payment_method_id'),
    /** The scheduled run: claimed by one sweep (run_started_at), its payment, or why it did not charge. */
    runStartedAt: timestamp('run_started_at', { withTimezone: true }),
    transactionId: uuid('transaction_id'),
    failureMessage: text('failure_message'),
    note: text('note'),
    idempotencyKey: text('idempotency_key').notNull(),
    // SHA-256 of the request: the same key with another request is refused, not answered.
    requestDigest: text('request_digest').notNull(),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** When UNCONFIRMED_PROMISE was considered (sent or not), so the sweep asks once. */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    paidCents: bigint('paid_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    tenantKey('payment_promises', t),
    unique('payment_promises_merchant_idempotency_key').on(t.merchantId, t.idempotencyKey),
    // One open promise per account; a racing second one meets this and is refused with openPromiseExists.
    uniqueIndex('payment_promises_one_open_per_account')
      .on(t.merchantId, t.accountId)
      .where(sql`${t.outcome} = 'open'`),
    check(
      'payment_promises_scheduled_has_method_and_amount',
      sql`(${t.status} = 'SCHEDULED') = (${t.paymentMethodId} is not null and ${t.amountCents} is not null)`,
    ),
    check(
      'payment_promises_method_needs_amount',
      sql`${t.paymentMethodId} is null or ${t.amountCents} is not null`,
    ),
    check('payment_promises_amount_positive', sql`${t.amountCents} is null or ${t.amountCents} > 0`),
    check('payment_promises_paid_not_negative', sql`${t.paidCents} >= 0`),
    foreignKey({
      name: 'payment_promises_customer_tenant_fk',
      columns: [t.merchantId, t.customerId],
      foreignColumns: [customers.merchantId, customers.id],
    }),
    foreignKey({
      name: 'payment_promises_account_tenant_fk',
      columns: [t.merchantId, t.accountId],
      foreignColumns: [accounts.merchantId, accounts.id],
    }),
    foreignKey({
      name: 'payment_promises_payment_method_tenant_fk',
      columns: [t.merchantId, t.paymentMethodId],
      foreignColumns: [paymentMethods.merchantId, paymentMethods.id],
    }),
    foreignKey({
      name: 'payment_promises_transaction_tenant_fk',
      columns: [t.merchantId, t.transactionId],
      foreignColumns: [payments.merchantId, payments.id],
    }),
    // The /promises page and Home's summaries: a merchant's promises by their moment.
    index('payment_promises_merchant_scheduled_idx').on(t.merchantId, t.scheduledAt),
    // An account's promises, newest first; a merged customer's promises.
    index('payment_promises_account_created_idx').on(t.merchantId, t.accountId, t.createdAt),
    index('payment_promises_customer_idx').on(t.merchantId, t.customerId),
    // The sweep: open promises by their moment, across merchants.
    index('payment_promises_open_idx')
      .on(t.scheduledAt)
      .where(sql`${t.outcome} = 'open'`),
  ],
);
