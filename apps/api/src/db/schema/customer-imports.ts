import {
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, tenantKey, updatedAt } from './columns';
import { merchants } from './merchants';
import { users } from './users';

export const customerImportStatuses = [
  // The upload is still streaming in (its rows are being stored): no request sees it until it is 'uploaded'.
  'receiving',
  'uploaded',
  'validated',
  'queued',
  'running',
  'completed',
  'failed',
] as const;

/**
 * One CSV import of customers (docs/product.md §2 /customers/import): the column mapping, the validation counts and the
 * progress of the import job. The file's rows live in customer_import_rows (parsed once, on upload), so any
 * worker process can run the job and a preview page reads only its rows.
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
    // The whole file, as imports stored it before their rows had a table: read once into
    // customer_import_rows (then cleared) the first time such an import is used. New imports leave it null.
    csvText: text('csv_text'),
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
    // Also the target of the rows' (merchant_id, import_id) key: a row cannot name another merchant's import.
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

/**
 * The file's rows as read on upload (blank rows left out), so previews, the checks and the job page through
 * them by key instead of parsing the file again. `position` numbers the stored rows 1, 2, 3…: page n of size
 * s is positions (n-1)·s+1 … n·s.
 */
export const customerImportRows = pgTable(
  'customer_import_rows',
  {
    importId: uuid('import_id').notNull(),
    merchantId: uuid('merchant_id').notNull(),
    position: integer('position').notNull(),
    // 1-based data row number in the file (the header is row 0; blank lines count), as errors name it.
    rowNumber: integer('row_number').notNull(),
    // The cells as read, in file order (not trimmed), as a JSON array in text: PostgreSQL stores it without
    // parsing it (jsonb costs three times as much to write, and every reader parses it in JavaScript anyway).
    cells: text('cells').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.position] }),
    // One key for both: a check per row of a 100,000-row upload, and deleting the import (or the merchant)
    // deletes its rows.
    foreignKey({
      name: 'customer_import_rows_import_fk',
      columns: [t.merchantId, t.importId],
      foreignColumns: [customerImports.merchantId, customerImports.id],
    }).onDelete('cascade'),
  ],
);
