import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { BatchConflictError, writeBatch } from './customer-imports.batch';
import { analyzeCustomerTables } from './customer-imports.batch.repository';
import { readCsvTable, valuesByHeader, type CsvRow, type CsvTable } from './customer-imports.csv';
import {
  findImport,
  findImportText,
  inTransaction,
  insertRowErrors,
  listErrorRowNumbers,
  lockImport,
  updateImport,
  type ImportRow,
} from './customer-imports.repository';
import { checkRow, columnIndexes, type CheckedRow } from './customer-imports.rows';
import { loadRowContext } from './customer-imports.validation';

// The import job's work. The valid rows are written in batches, each in one transaction together with the
// import's counters, so a crash loses at most the open batch and a retry resumes after `processed_rows`: the
// rows without errors, in file order, past the ones already counted. Rows are upserted by external id, so
// even a batch written twice would not duplicate a customer or an account.

export type ImportRunOptions = {
  /** Rows per transaction; ~1,000 keeps a batch's statements few and its transaction short. */
  batchSize?: number;
  /** Called inside each batch's transaction just before it commits (the crash test stops a worker here). */
  beforeBatchCommit?: (batch: { index: number; processedRows: number }) => Promise<void>;
};

export const DEFAULT_BATCH_SIZE = 1000;
const CONFLICT_ATTEMPTS = 3;
const BATCH_PAUSE_MS = 5;

/** Another run of the same import moved on (a job retried while an expired run was still going). */
class ConcurrentRunError extends Error {}

export async function runCustomerImport(
  ctx: AppContext,
  target: { importId: string; merchantId: string },
  options: ImportRunOptions = {},
  signal?: AbortSignal,
): Promise<void> {
  const current = await findImport(ctx.db, target.merchantId, target.importId);
  if (!current?.mapping || !['queued', 'running'].includes(current.status)) return;
  const running = await updateImport(ctx.db, {
    merchantId: target.merchantId,
    id: target.importId,
    at: ctx.now(),
    fromStatuses: ['queued', 'running'],
    data: { status: 'running', startedAt: current.startedAt ?? ctx.now() },
  });
  if (!running) return;
  const { table, pending, check } = await loadPendingRows(ctx, running);
  await analyzeCustomerTables(ctx.db);
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  let processed = running.processedRows;
  let index = processed;
  let rows = check(pending.slice(index, index + batchSize));
  for (let batch = 0; rows.length > 0; batch++) {
    if (signal?.aborted) throw new Error('the import job was stopped; a retry resumes it');
    const writing = commitBatch(ctx, { current: running, table, rows, processed, batch, options });
    index += batchSize;
    // The next batch is checked while the database writes this one (on PostgreSQL they overlap).
    rows = check(pending.slice(index, index + batchSize));
    processed = await writing;
    // A breath between batches: on PGlite every other request waits while a batch's transaction is open, so
    // a poll or a page load gets its few queries through here instead of one per batch.
    await sleep(BATCH_PAUSE_MS);
  }
  await updateImport(ctx.db, {
    merchantId: target.merchantId,
    id: target.importId,
    at: ctx.now(),
    fromStatuses: ['running'],
    data: { status: 'completed', finishedAt: ctx.now() },
  });
}

/**
 * The rows that had no errors when the import was last checked (or since), in file order, and the check that
 * gives a row its typed values. Each row is checked again when its batch comes: the job needs the values, and a
 * rule may have changed since the preview (a location renamed). Repeats across the file were recorded then.
 */
async function loadPendingRows(ctx: AppContext, current: ImportRow) {
  const text = await findImportText(ctx.db, current.merchantId, current.id);
  const table = readCsvTable(text ?? '');
  const rowContext = await loadRowContext(ctx.db, current.merchantId, table.headers, current.mapping ?? {});
  const withErrors = new Set(await listErrorRowNumbers(ctx.db, current.merchantId, current.id));
  const pending = table.rows.filter((row) => !withErrors.has(row.rowNumber));
  const indexes = columnIndexes(rowContext);
  const check = (rows: CsvRow[]) =>
    rows.map((row) => checkRow(rowContext, indexes, table.headers.length, row));
  return { table, pending, check };
}

const isUniqueViolation = (error: unknown): boolean => {
  const { code, cause } = (error ?? {}) as { code?: string; cause?: unknown };
  return code === '23505' || (cause !== undefined && isUniqueViolation(cause));
};

/** One batch in one transaction, retried when a concurrent writer took a phone or account meanwhile. */
async function commitBatch(
  ctx: AppContext,
  input: {
    current: ImportRow;
    table: CsvTable;
    rows: CheckedRow[];
    processed: number;
    batch: number;
    options: ImportRunOptions;
  },
): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await inTransaction(ctx.db, (db) => writeCountedBatch(ctx, db, input));
    } catch (error) {
      const isRace = error instanceof BatchConflictError || isUniqueViolation(error);
      if (!isRace || attempt >= CONFLICT_ATTEMPTS) throw error;
    }
  }
}

async function writeCountedBatch(
  ctx: AppContext,
  db: AppContext['db'],
  input: Parameters<typeof commitBatch>[1],
): Promise<number> {
  const { current, table, rows, processed } = input;
  const locked = await lockImport(db, current.merchantId, current.id);
  if (locked?.status !== 'running' || locked.processedRows !== processed) {
    throw new ConcurrentRunError('another run of this import moved on; this one stops');
  }
  const result = await writeBatch(db, {
    merchantId: current.merchantId,
    importId: current.id,
    actorUserId: current.createdByUserId,
    mapping: current.mapping ?? {},
    rows,
    at: ctx.now(),
  });
  const cellsByNumber = new Map(table.rows.map((row) => [row.rowNumber, row.cells]));
  await insertRowErrors(db, {
    merchantId: current.merchantId,
    importId: current.id,
    rows: result.rejected.map((row) => ({
      rowNumber: row.rowNumber,
      errors: row.errors,
      values: valuesByHeader(table.headers, cellsByNumber.get(row.rowNumber) ?? []),
    })),
  });
  const rejected = result.rejected.length;
  await updateImport(db, {
    merchantId: current.merchantId,
    id: current.id,
    at: ctx.now(),
    data: {
      processedRows: sql`processed_rows + ${result.imported}`,
      createdCount: sql`created_count + ${result.created}`,
      updatedCount: sql`updated_count + ${result.updated}`,
      validRows: sql`valid_rows - ${rejected}`,
      invalidRows: sql`invalid_rows + ${rejected}`,
    },
  });
  await input.options.beforeBatchCommit?.({ index: input.batch, processedRows: processed + result.imported });
  return processed + result.imported;
}
