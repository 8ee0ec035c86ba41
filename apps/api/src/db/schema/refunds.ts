import { sql } from 'drizzle-orm';
import { bigint, check, foreignKey, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantKey } from './columns';
import { merchants } from './merchants';
import { payments } from './payments';
import { users } from './users';

/**
 * One refund request (`refund_payment` / `refund_transaction`, issue 17): the payment it was asked for, its
 * total, and the Idempotency-Key it came with, so a retried request answers the same refund. Each source it
 * gives money back on is a payments row of kind 'refund' naming it (`refund_id`), written with this row
 * before any processor is called.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id').notNull(),
    customerId: uuid('customer_id'),
    accountId: uuid('account_id'),
    idempotencyKey: text('idempotency_key').notNull(),
    // SHA-256 of the request: the same key with another request is refused, not answered.
    requestDigest: text('request_digest').notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    feeCents: bigint('fee_cents', { mode: 'number' }).notNull(),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey('refunds', t),
    unique('refunds_merchant_idempotency_key').on(t.merchantId, t.idempotencyKey),
    check('refunds_total_positive', sql`${t.totalCents} > 0 and ${t.feeCents} between 0 and ${t.totalCents}`),
    foreignKey({
      name: 'refunds_payment_tenant_fk',
      columns: [t.merchantId, t.paymentId],
      foreignColumns: [payments.merchantId, payments.id],
    }),
  ],
);
