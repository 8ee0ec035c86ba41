import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantKey, updatedAt } from './columns';
import { merchants } from './merchants';
import { users } from './users';

export const customerImportStatuses = [
  'uploaded',
  'validated',
  'queued',
  'running',
  'completed',
  'failed',
] as const;

/**
 * One CSV import of customers (spec §2 /customers/import): the uploaded file, the column mapping, the
 * validation counts and the progress of the import job. The file lives in the database so any worker
 * process can run the job.
 */
export const customerImports = pgTable(
  'customer_imports',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    status: text('status', { enum: customerImportStatuses }).notNull().default('uploaded'),
    csvText: text('csv_text').notNull(),
    headers: jsonb('headers').$type<string[]>().notNull().default([]),
    // Import field → CSV header.
    mapping: jsonb('mapping').$type<Record<string, string>>(),
    totalRows: integer('total_rows').notNull().default(0),
    validRows: integer('valid_rows').notNull().default(0),
    invalidRows: integer('invalid_rows').notNull().default(0),
    // Rows the job has committed; a restarted job resumes after them.
    processedRows: integer('processed_rows').notNull().default(0),
    createdCount: integer('created_count').notNull().default(0),
    updatedCount: integer('updated_count').notNull().default(0),
    errorMessage: text('error_message'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantKey('customer_imports', t),
    index('customer_imports_merchant_idx').on(t.merchantId, t.createdAt),
  ],
);

/** The rows of an import that cannot be imported, with their messages by field and the values as read. */
export const customerImportRowErrors = pgTable(
  'customer_import_row_errors',
  {
    importId: uuid('import_id').notNull(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    // 1-based data row number (the header is row 0), as a spreadsheet user counts below the header.
    rowNumber: integer('row_number').notNull(),
    errors: jsonb('errors').$type<Record<string, string[]>>().notNull(),
    values: jsonb('values').$type<Record<string, string>>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.rowNumber] })],
);
