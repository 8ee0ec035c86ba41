import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  foreignKey,
  index,
  integer,
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

/**
 * An autopay enrolment (issue 18 item 1): the authorization record of one customer's autopay on one account —
 * who enrolled it, when, from where, the exact text they agreed to, the method and the due day (1..28). It is
 * kept after it stops (stopped_at, stopped_by, stop_reason) as the proof of authorization the network rules ask
 * for. `accounts.autopay_enabled` stays the switch the nightly run reads; this table says who and how. One
 * active enrolment per account (the partial unique index); composite tenant keys as on payment_promises.
 */
export const autopayEnrolments = pgTable(
  'autopay_enrolments',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').notNull(),
    accountId: uuid('account_id').notNull(),
    paymentMethodId: uuid('payment_method_id').notNull(),
    dueDay: integer('due_day').notNull(),
    authorizationText: text('authorization_text').notNull(),
    enrolledBy: uuid('enrolled_by').references(() => users.id, { onDelete: 'set null' }),
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    stoppedBy: uuid('stopped_by').references(() => users.id, { onDelete: 'set null' }),
    stopReason: text('stop_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey('autopay_enrolments', t),
    // One active enrolment per account: a racing second enrolment meets this and is refused.
    uniqueIndex('autopay_enrolments_one_active_per_account')
      .on(t.merchantId, t.accountId)
      .where(sql`${t.stoppedAt} is null`),
    check('autopay_enrolments_due_day_range', sql`${t.dueDay} between 1 and 28`),
    foreignKey({
      name: 'autopay_enrolments_customer_tenant_fk',
      columns: [t.merchantId, t.customerId],
      foreignColumns: [customers.merchantId, customers.id],
    }),
    foreignKey({
      name: 'autopay_enrolments_account_tenant_fk',
      columns: [t.merchantId, t.accountId],
      foreignColumns: [accounts.merchantId, accounts.id],
    }),
    foreignKey({
      name: 'autopay_enrolments_payment_method_tenant_fk',
      columns: [t.merchantId, t.paymentMethodId],
      foreignColumns: [paymentMethods.merchantId, paymentMethods.id],
    }),
    index('autopay_enrolments_account_idx').on(t.merchantId, t.accountId, t.enrolledAt),
    index('autopay_enrolments_customer_idx').on(t.merchantId, t.customerId),
  ],
);

/**
 * claimed: inserted by one nightly run before take-payment is called (started_at is the claim; a claim gone
 * stale with no outcome is a crashed run, claimed again by a conditional UPDATE and retried under the same key);
 * paid / processing / failed: the payment's outcome; skipped: not charged (nothing due any more, autopay
 * stopped, refused before any charge — failure_message says why).
 */
export const autopayRunStatuses = ['claimed', 'paid', 'processing', 'failed', 'skipped'] as const;

/**
 * One attempt of the nightly autopay charge of an account for one due date (issue 18 item 2). UNIQUE
 * (account_id, due_date, attempt) is the exactly-once guard: the row is inserted before the processor is
 * called, so two workers, a crash and restart or a repeat of the night's job never make a second attempt n.
 * The payment is taken under the key `autopay:{account}:{due}` (attempt n>1: `…:{n}`), so a re-claimed attempt
 * finds the payment the first one wrote. A soft decline sets next_attempt_at; the run that reaches it inserts
 * attempt n+1.
 */
export const autopayRuns = pgTable(
  'autopay_runs',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').notNull(),
    accountId: uuid('account_id').notNull(),
    enrolmentId: uuid('enrolment_id'),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    attempt: integer('attempt').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status', { enum: autopayRunStatuses }).notNull().default('claimed'),
    amountCents: bigint('amount_cents', { mode: 'number' }),
    paymentId: uuid('payment_id'),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    /** A soft decline: when the next attempt may run (the start of that day on the merchant's clock). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey('autopay_runs', t),
    unique('autopay_runs_account_due_attempt_key').on(t.accountId, t.dueDate, t.attempt),
    unique('autopay_runs_merchant_idempotency_key').on(t.merchantId, t.idempotencyKey),
    check('autopay_runs_attempt_positive', sql`${t.attempt} >= 1`),
    foreignKey({
      name: 'autopay_runs_customer_tenant_fk',
      columns: [t.merchantId, t.customerId],
      foreignColumns: [customers.merchantId, customers.id],
    }),
    foreignKey({
      name: 'autopay_runs_account_tenant_fk',
      columns: [t.merchantId, t.accountId],
      foreignColumns: [accounts.merchantId, accounts.id],
    }),
    foreignKey({
      name: 'autopay_runs_enrolment_tenant_fk',
      columns: [t.merchantId, t.enrolmentId],
      foreignColumns: [autopayEnrolments.merchantId, autopayEnrolments.id],
    }),
    foreignKey({
      name: 'autopay_runs_payment_tenant_fk',
      columns: [t.merchantId, t.paymentId],
      foreignColumns: [payments.merchantId, payments.id],
    }),
    // The reports: a merchant's runs by when they ran.
    index('autopay_runs_merchant_started_idx').on(t.merchantId, t.startedAt),
    // The run's work lists: claims that may have gone stale, and soft declines waiting for their retry.
    index('autopay_runs_claimed_idx')
      .on(t.merchantId, t.startedAt)
      .where(sql`${t.status} = 'claimed'`),
    index('autopay_runs_retry_idx')
      .on(t.merchantId, t.nextAttemptAt)
      .where(sql`${t.nextAttemptAt} is not null`),
  ],
);
