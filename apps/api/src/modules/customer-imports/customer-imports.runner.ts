import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { BatchConflictError, writeBatch } from './customer-imports.batch';
import { analyzeCustomerTables } from './customer-imports.batch.repository';
import { valuesByHeader } from './customer-imports.csv';
import type { FileRow } from './customer-imports.csv-reader';
import { storeRowsOfOlderImport } from './customer-imports.file';
import { listErrorFlags, listPendingFileRows } from './customer-imports.file-rows.repository';
import {
  findImport,
  insertRowErrors,
  lockImport,
  updateImport,
  type ImportRow,
} from './customer-imports.repository';
import { checkRow, columnIndexes, type CheckedRow } from './customer-imports.rows';
import { loadRowContext } from './customer-imports.validation';
import { inTransaction } from '../../kit/transaction';

// The import job's work. The valid rows are written in batches, each in one transaction together with the
// import's counters, so a crash loses at most the open batch and a retry resumes after `processed_rows`: the
// stored rows without errors, in file order, past the ones already counted. Rows are upserted by external id, so
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
  await storeRowsOfOlderImport(ctx, current);
  const pending = await pendingRows(ctx, running);
  await analyzeCustomerTables(ctx.db);
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  let processed = running.processedRows;
  // A resumed run starts after the rows already imported; each later batch after the last one read.
  let rows = await pending.read(await pending.positionAfter(processed), batchSize);
  for (let batch = 0; rows.checked.length > 0; batch++) {
    if (signal?.aborted) throw new Error('the import job was stopped; a retry resumes it');
    // The next batch is read and checked while the database writes this one (on PostgreSQL they overlap).
    [processed, rows] = await Promise.all([
      commitBatch(ctx, { current: running, rows, processed, batch, options }),
      pending.read(rows.lastPosition, batchSize),
    ]);
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

/** A batch: the stored rows read, checked, and their cells by row number (a rejected row's values). */
type PendingBatch = { checked: CheckedRow[]; cellsByNumber: Map<number, string[]>; lastPosition: number };

const FLAGS_PER_READ = 5000;

/**
 * Reads the rows that had no errors when the import was last checked (or since), in file order, by ranges
 * of positions, and checks each when its batch comes: the job needs the typed values, and a rule may have
 * changed since the preview (a location renamed). Repeats across the file were recorded then.
 */
async function pendingRows(ctx: AppContext, current: ImportRow) {
  const rowContext = await loadRowContext(ctx.db, current.merchantId, current.headers, current.mapping ?? {});
  const indexes = columnIndexes(rowContext);
  const target = { merchantId: current.merchantId, importId: current.id };
  return {
    /** The next `limit` rows without errors after position `after`. */
    async read(after: number, limit: number): Promise<PendingBatch> {
      const rows: FileRow[] = [];
      let lastPosition = after;
      while (rows.length < limit) {
        const range = { from: lastPosition + 1, to: lastPosition + limit - rows.length };
        const read = await listPendingFileRows(ctx.db, { ...target, ...range });
        if (read.lastPosition === null) break;
        rows.push(...read.rows);
        lastPosition = read.lastPosition;
      }
      return {
        checked: rows.map((row) => checkRow(rowContext, indexes, current.headers.length, row)),
        cellsByNumber: new Map(rows.map((row) => [row.rowNumber, row.cells])),
        lastPosition,
      };
    },
    /** The position of the `imported`-th row without errors: where a resumed run goes on. */
    async positionAfter(imported: number): Promise<number> {
      let after = 0;
      let seen = 0;
      while (seen < imported) {
        const flags = await listErrorFlags(ctx.db, {
          ...target,
          from: after + 1,
          to: after + FLAGS_PER_READ,
        });
        if (flags.length === 0) return after;
        for (const flag of flags) if (!flag.hasErrors && ++seen === imported) return flag.position;
        after = flags.at(-1)?.position ?? after;
      }
      return after;
    },
  };
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
    rows: PendingBatch;
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
  const { current, rows, processed } = input;
  const locked = await lockImport(db, current.merchantId, current.id);
  if (locked?.status !== 'running' || locked.processedRows !== processed) {
    throw new ConcurrentRunError('another run of this import moved on; this one stops');
  }
  const result = await writeBatch(db, {
    merchantId: current.merchantId,
    importId: current.id,
    actorUserId: current.createdByUserId,
    mapping: current.mapping ?? {},
    rows: rows.checked,
    at: ctx.now(),
  });
  await insertRowErrors(db, {
    merchantId: current.merchantId,
    importId: current.id,
    rows: result.rejected.map((row) => ({
      rowNumber: row.rowNumber,
      errors: row.errors,
      values: valuesByHeader(current.headers, rows.cellsByNumber.get(row.rowNumber) ?? []),
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
