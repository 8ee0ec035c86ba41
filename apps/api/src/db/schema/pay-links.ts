import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantKey } from './columns';
import { merchants } from './merchants';
import { users } from './users';

/**
 * A pay link (docs/product.md §7 create_payment_link, issue 16 item 6): one customer's account, payable from a
 * public page without signing in. Only the SHA-256 digest of the link's secret is kept (docs/conventions.md §8
 * single-use links), so a database leak holds no usable link. It expires, and a payment that is paid or
 * processing spends it (consumed_at, payment_id); opening it changes nothing. Wrong verifications are counted
 * here (verify_attempts, locked_until) so every API process sees the same count; a verified payer holds a
 * short session whose digest is kept beside it. Composite tenant keys to customers, accounts and payments are
 * hand-written in the migration.
 */
export const payLinks = pgTable(
  'pay_links',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').notNull(),
    accountId: uuid('account_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    paymentId: uuid('payment_id'),
    verifyAttempts: integer('verify_attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    // The payment under way (its Idempotency-Key): one at a time, so two taps or two tabs cannot pay twice.
    payingKey: text('paying_key'),
    payingClaimedAt: timestamp('paying_claimed_at', { withTimezone: true }),
    sessionHash: text('session_hash'),
    sessionExpiresAt: timestamp('session_expires_at', { withTimezone: true }),
    // Who made it: a staff member, or null for the system (a texted template, an automation).
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey('pay_links', t),
    uniqueIndex('pay_links_token_hash_key').on(t.tokenHash),
    index('pay_links_account_idx').on(t.accountId, t.createdAt),
    // The purge of old links reads by expiry.
    index('pay_links_expires_idx').on(t.expiresAt),
  ],
);
