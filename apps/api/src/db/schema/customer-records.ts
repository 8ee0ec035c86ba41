import { bigserial, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantKey, updatedAt } from './columns';
import { merchants } from './merchants';
import { users } from './users';

// What hangs off a customer and their accounts: tags, co-borrowers, notes, payment methods and the history
// timeline. Every row carries merchant_id so each query is scoped by merchant (docs/conventions.md §5).

export const accountTagLinks = pgTable(
  'account_tag_links',
  {
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').notNull(),
    tagId: uuid('tag_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.tagId] }), index('account_tag_links_tag_idx').on(t.tagId)],
);

/** Customers who share an account with its primary borrower (accounts.customer_id). */
export const accountCoBorrowers = pgTable(
  'account_co_borrowers',
  {
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').notNull(),
    customerId: uuid('customer_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.customerId] }),
    index('account_co_borrowers_customer_idx').on(t.customerId),
  ],
);

export const customerNotes = pgTable(
  'customer_notes',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').notNull(),
    // Optional: a note about one of the customer's accounts.
    accountId: uuid('account_id'),
    body: text('body').notNull(),
    authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Newest first with the id breaking ties: the notes list and the timeline's keyset read it in order.
  (t) => [index('customer_notes_customer_idx').on(t.customerId, t.createdAt, t.id)],
);

export const paymentMethodTypes = ['CREDIT', 'DEBIT', 'CHECKING', 'SAVINGS'] as const;

/**
 * A saved way to pay (docs/product.md §3 Payment method option). Only masks are stored: card and account numbers never
 * reach our database (docs/conventions.md §8); the payments issue adds the processor's token.
 */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').notNull(),
    paymentType: text('payment_type', { enum: paymentMethodTypes }).notNull(),
    cardType: text('card_type'),
    nickname: text('nickname').notNull().default(''),
    maskedCardNumber: text('masked_card_number'),
    maskedAccountNumber: text('masked_account_number'),
    // The processor's token for the method (never its number) and the account it was saved under; null for
    // methods that came from an import or the demo before payments, which cannot be charged.
    processor: text('processor', { enum: ['sandbox', 'stripe'] }),
    processorAccountId: text('processor_account_id'),
    processorToken: text('processor_token'),
    // credit, debit, prepaid or unknown, as the processor says; decides whether a convenience fee applies.
    funding: text('funding', { enum: ['credit', 'debit', 'prepaid', 'unknown'] }),
    createdAt: createdAt(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    // Retired by a bank return that says the account cannot be debited (R02–R04, issue 18): kept and listed as
    // retired on the customer page, never offered or charged again.
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    retiredReason: text('retired_reason'),
  },
  (t) => [tenantKey('payment_methods', t), index('payment_methods_customer_idx').on(t.customerId)],
);

/**
 * The customer's history timeline: one row per change (created, updated, voided, account changes, tags,
 * co-borrowers, notes, merges), newest first by (customer, created_at). Messages and payments join the
 * timeline from their own tables when those features land.
 */
export const customerEvents = pgTable(
  'customer_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').notNull(),
    accountId: uuid('account_id'),
    // e.g. 'customer.created', 'customer.updated', 'account.updated', 'note.added', 'co_borrower.linked'.
    kind: text('kind').notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    // What changed: { field: [before, after] } for updates, or the facts of the event.
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  // Newest first with the id breaking ties: the history's and the timeline's keyset pages read it in order.
  (t) => [index('customer_events_customer_idx').on(t.customerId, t.createdAt, t.id)],
);
