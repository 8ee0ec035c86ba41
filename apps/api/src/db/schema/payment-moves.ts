import { bigint, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { id, tenantKey } from './columns';
import { merchants } from './merchants';
import { users } from './users';

/**
 * A payment moved to another account of its merchant (docs/product.md §7 move_payment, issue 17 item 3): the
 * wrong account was picked at the counter. The ledger keeps the money side (an adjustment on each account,
 * same transaction); this row keeps who moved what where, once per (merchant, Idempotency-Key), so a retried
 * request answers the first move. Composite tenant keys to payments and accounts are hand-written in the
 * migration.
 */
export const paymentMoves = pgTable(
  'payment_moves',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id').notNull(),
    fromAccountId: uuid('from_account_id').notNull(),
    toAccountId: uuid('to_account_id').notNull(),
    /** The principal that moved: what the payment still counted on the account it left (refunds taken off). */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    movedByUserId: uuid('moved_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    movedAt: timestamp('moved_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    tenantKey('payment_moves', t),
    unique('payment_moves_merchant_idempotency_key').on(t.merchantId, t.idempotencyKey),
    index('payment_moves_payment_idx').on(t.paymentId, t.movedAt),
  ],
);
