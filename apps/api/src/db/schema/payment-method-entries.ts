import { index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { merchants } from './merchants';

/**
 * A hosted entry Paylane opened at the processor for a new card or bank account (issue 16), bound to the
 * merchant and customer it was opened for: the browser only brings back the processor's entry id, and the
 * method is saved for the customer this row names, never one the request names. Single use: the method it
 * saved is kept here, so the same entry id sent again answers that method instead of a second row.
 * Composite tenant keys to customers and payment_methods are hand-written in the migration.
 */
export const paymentMethodEntries = pgTable(
  'payment_method_entries',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').notNull(),
    // Who opened it: `customer:{id}` for staff on the customer page, `pay_link:{id}` for a pay link.
    reference: text('reference').notNull(),
    kind: text('kind', { enum: ['card', 'bank'] }).notNull(),
    processor: text('processor', { enum: ['sandbox', 'stripe'] }).notNull(),
    processorAccountId: text('processor_account_id').notNull(),
    // The processor's id for the entry: the sandbox's entry, or a Stripe SetupIntent.
    entryId: text('entry_id').notNull(),
    paymentMethodId: uuid('payment_method_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('payment_method_entries_entry_key').on(t.processor, t.entryId),
    index('payment_method_entries_customer_idx').on(t.customerId),
  ],
);
