import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
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
import { createdAt, id, tenantKey, updatedAt } from './columns';
import { merchants } from './merchants';
import { users } from './users';

/** refund: money going back on an earlier payment (`refund_of_payment_id`), one row per source refunded. */
export const paymentKinds = ['account', 'misc', 'refund'] as const;
/** scheduled: a promise's scheduled payment, charged by the sweep at its time (issue 17). */
export const paymentChannels = ['staff', 'pos', 'pay_link', 'autopay', 'api', 'scheduled'] as const;
export const paymentMethodKinds = ['card', 'bank', 'cash', 'check', 'money_order', 'card_present'] as const;
/**
 * pending: written before the processor is called, its outcome not known yet (a crash or an ambiguous answer
 * leaves it here until it is reconciled with the processor); processing: a bank debit or delayed card the
 * processor has not finished; paid, failed, returned: final. A refund row is pending until the processor has
 * it, then refunded (or failed, and what it had reserved is released).
 */
export const paymentStatuses = ['pending', 'processing', 'paid', 'failed', 'returned', 'refunded'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/**
 * One payment a merchant takes (docs/product.md §3 Transaction): its principal and its convenience fee as
 * separate amounts, how it was taken, and where it is at the processor. The row is written before the
 * processor is called, keyed by the caller's idempotency key, so a retried request finds it instead of
 * charging again (docs/reference/payments.md §5 item 2).
 */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id'),
    accountId: uuid('account_id'),
    kind: text('kind', { enum: paymentKinds }).notNull(),
    channel: text('channel', { enum: paymentChannels }).notNull(),
    methodKind: text('method_kind', { enum: paymentMethodKinds }).notNull(),
    paymentMethodId: uuid('payment_method_id'),
    // What the receipt shows of the method: 'Visa credit •••• 4242', 'Cash', 'Check 1042'.
    methodLabel: text('method_label').notNull().default(''),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    feeCents: bigint('fee_cents', { mode: 'number' }).notNull().default(0),
    feeWaived: boolean('fee_waived').notNull().default(false),
    status: text('status', { enum: paymentStatuses }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    // SHA-256 of the request, so a key sent again with another request is refused, not answered.
    requestDigest: text('request_digest').notNull(),
    processor: text('processor', { enum: ['sandbox', 'stripe'] }),
    processorAccountId: text('processor_account_id'),
    processorChargeId: text('processor_charge_id'),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    note: text('note').notNull().default(''),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    // Refunds (issue 17): how much of this payment's principal and fee refunds have taken or reserved. The
    // checks below make the database refuse more than the payment, and the UPDATE that adds to them holds the
    // row's lock, so two refunds at once cannot both take what is left.
    refundedCents: bigint('refunded_cents', { mode: 'number' }).notNull().default(0),
    feeRefundedCents: bigint('fee_refunded_cents', { mode: 'number' }).notNull().default(0),
    // A refund row: the refund request it belongs to, the payment it gives money back on, its place in order.
    refundId: uuid('refund_id'),
    refundOfPaymentId: uuid('refund_of_payment_id'),
    refundPosition: integer('refund_position'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantKey('payments', t),
    unique('payments_merchant_idempotency_key').on(t.merchantId, t.idempotencyKey),
    // A refund row may give back only the fee (its principal 0); the refund service refuses an empty one.
    check(
      'payments_amount_positive',
      sql`${t.amountCents} > 0 or (${t.kind} = 'refund' and ${t.amountCents} >= 0)`,
    ),
    check('payments_fee_not_negative', sql`${t.feeCents} >= 0`),
    check('payments_refunded_within', sql`${t.refundedCents} between 0 and ${t.amountCents}`),
    check('payments_fee_refunded_within', sql`${t.feeRefundedCents} between 0 and ${t.feeCents}`),
    foreignKey({
      name: 'payments_refund_of_payment_tenant_fk',
      columns: [t.merchantId, t.refundOfPaymentId],
      foreignColumns: [t.merchantId, t.id],
    }),
    // The refunds shown beside their payment.
    index('payments_refund_of_idx')
      .on(t.refundOfPaymentId)
      .where(sql`${t.refundOfPaymentId} is not null`),
    // The payment report's order (newest first, id breaking ties), read backwards: its pages, the export's
    // keyset slices and Home's payments of today are each one index range.
    index('payments_merchant_created_idx').on(t.merchantId, t.createdAt, t.id),
    // The report filtered by status: its count (an index-only range per status, where the index above
    // would filter every payment of the merchant) and pages of a rare status.
    index('payments_merchant_status_created_idx').on(t.merchantId, t.status, t.createdAt),
    // An account's payments, and the report's search by account number and by customer (name or external
    // id): each an index-only read of (id, created_at), the status filter included, before any row is read.
    // (Drizzle has no INCLUDE; status last as a key column serves the same.)
    index('payments_account_created_idx').on(t.merchantId, t.accountId, t.createdAt, t.id, t.status),
    index('payments_customer_created_idx').on(t.merchantId, t.customerId, t.createdAt, t.id, t.status),
    // The report's search by a card's or bank account's last four digits (the end of its label).
    index('payments_merchant_last4_idx')
      .on(t.merchantId, sql`right(${t.methodLabel}, 4)`)
      .where(sql`${t.methodKind} in ('card', 'bank', 'card_present')`),
    // The reconciler's sweep: payments still waiting for the processor's word.
    index('payments_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('pending', 'processing')`),
  ],
);

export const ledgerEntryKinds = ['payment', 'fee', 'refund', 'fee_refund', 'return', 'adjustment'] as const;

/**
 * The ledger (docs/reference/payments.md §5 item 7): one row per money event, in integer cents, money in
 * positive and money out negative, dated when it happened. Append-only — a trigger refuses UPDATE and DELETE
 * (migration 0019) — so a correction is a new entry, and an account's amount due moves only with an entry.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id').notNull(),
    accountId: uuid('account_id'),
    kind: text('kind', { enum: ledgerEntryKinds }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // A payment is posted once: its principal, fee and return are one entry each, whoever posts them.
    uniqueIndex('ledger_entries_once_per_payment')
      .on(t.paymentId, t.kind)
      .where(sql`${t.kind} in ('payment', 'fee', 'return')`),
    index('ledger_entries_merchant_occurred_idx').on(t.merchantId, t.occurredAt),
    index('ledger_entries_account_idx').on(t.accountId, t.occurredAt),
  ],
);

/**
 * Every processor event acted on, once (docs/conventions.md §5: a processor event id makes a repeat a no-op).
 * Events arrive duplicated and out of order; statuses only move forward, and this table says which were seen.
 */
export const processorEvents = pgTable(
  'processor_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    processor: text('processor', { enum: ['sandbox', 'stripe'] }).notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    // The payment the event was about, when it named one of ours.
    paymentId: uuid('payment_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [unique('processor_events_event_key').on(t.processor, t.eventId)],
);
