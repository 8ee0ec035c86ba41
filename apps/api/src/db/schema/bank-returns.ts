import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { merchants } from './merchants';
import { payments } from './payments';

/**
 * What the return rules did about a returned bank payment (modules/bank-returns/return-rules.ts): re-presented
 * it (R01/R09), retired its method (R02–R04), stopped autopay (R05/R07/R10/R11/R29), or nothing more.
 */
export const returnActions = ['represent', 'retire_method', 'stop_autopay', 'none'] as const;
export type ReturnAction = (typeof returnActions)[number];

/**
 * One row per returned bank payment (issue 18 item 3): its NACHA code and message as the processor gave them,
 * when it came back, and what the rules did. Written in the transaction that moved the payment to 'returned',
 * once (payment_id is unique), so a duplicate or late webhook changes nothing. A re-presentment chain hangs off
 * the first payment: original_payment_id, the number of the re-presentment this return calls for, when the job
 * makes it and the payment it made (or why it did not).
 */
export const paymentReturns = pgTable(
  'payment_returns',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id').notNull(),
    originalPaymentId: uuid('original_payment_id').notNull(),
    code: text('code').notNull(),
    message: text('message').notNull().default(''),
    /** What came back, in cents (principal and fee; the fee too, as the money never arrived). */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** True when the payment had settled (paid) before it came back: the ledger was reversed. */
    wasSettled: boolean('was_settled').notNull(),
    returnedAt: timestamp('returned_at', { withTimezone: true }).notNull(),
    action: text('action', { enum: returnActions }).notNull(),
    /** Why nothing more was done (a third re-presentment, past 180 days), or what the action did. */
    actionNote: text('action_note').notNull().default(''),
    representNumber: integer('represent_number'),
    representAt: timestamp('represent_at', { withTimezone: true }),
    representPaymentId: uuid('represent_payment_id'),
    representFailure: text('represent_failure'),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey('payment_returns', t),
    unique('payment_returns_once_per_payment').on(t.paymentId),
    foreignKey({
      name: 'payment_returns_payment_tenant_fk',
      columns: [t.merchantId, t.paymentId],
      foreignColumns: [payments.merchantId, payments.id],
    }),
    // The /ach-return report and the return-rate gauge: a merchant's returns by when they came back.
    index('payment_returns_merchant_returned_idx').on(t.merchantId, t.returnedAt),
    // Which return a re-presented payment answers (the chain's next number).
    index('payment_returns_represent_payment_idx')
      .on(t.representPaymentId)
      .where(sql`${t.representPaymentId} is not null`),
    // The re-presentment job: re-presentments due and not made yet, across merchants.
    index('payment_returns_represent_due_idx')
      .on(t.representAt)
      .where(
        sql`${t.representAt} is not null and ${t.representPaymentId} is null and ${t.representFailure} is null`,
      ),
  ],
);
