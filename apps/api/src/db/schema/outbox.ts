import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { merchants } from './merchants';

// The offline email provider's mailbox: what would have been sent, readable by tests and developers.
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: id(),
    merchantId: uuid('merchant_id').references(() => merchants.id, { onDelete: 'cascade' }),
    toAddress: text('to_address').notNull(),
    fromAddress: text('from_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_emails_to_idx').on(t.toAddress, t.createdAt)],
);
