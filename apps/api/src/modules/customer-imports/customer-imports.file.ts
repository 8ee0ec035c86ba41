import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { SAMPLE_ROW_COUNT, checkHeaders, noRowsError } from './customer-imports.csv';
import {
  isBlankRecord,
  readCsvRecords,
  textPieces,
  type CsvRecord,
  type FileRow,
} from './customer-imports.csv-reader';
import { insertFileRows } from './customer-imports.file-rows.repository';
import {
  clearFileText,
  deleteAbandonedUploads,
  deleteImport,
  insertReceivingImport,
  lockFileText,
  updateImport,
  type ImportRow,
} from './customer-imports.repository';
import { inTransaction } from '../../kit/transaction';

// The file of an import is parsed once, when it arrives: its rows go to customer_import_rows in batches, and
// every later step (the checks, the preview pages, the job) reads them from there by key.

/**
 * Rows per insert (~100 kB of a typical file): on PGlite a statement runs on the event loop, so it is kept
 * to tens of milliseconds.
 */
const ROWS_PER_INSERT = 500;
/** An upload 'receiving' for longer than this was left by a process that died; the next upload removes it. */
const ABANDONED_AFTER_MS = 60 * 60 * 1000;

type Target = { merchantId: string; importId: string };

/** Stores the data records of a file, blank ones left out; answers how many and the first few (the sample). */
async function storeRecords(db: Db, target: Target, records: AsyncIterable<CsvRecord>) {
  const sample: string[][] = [];
  let batch: FileRow[] = [];
  let total = 0;
  for await (const record of records) {
    if (isBlankRecord(record.cells)) continue;
    total++;
    if (sample.length < SAMPLE_ROW_COUNT) sample.push(record.cells);
    batch.push({ ...record, position: total });
    if (batch.length === ROWS_PER_INSERT) {
      await insertFileRows(db, target, batch);
      batch = [];
    }
  }
  await insertFileRows(db, target, batch);
  return { total, sample };
}

/** The records after the header (which the caller has read). */
async function* dataRecords(records: AsyncIterator<{ header: string[] } | CsvRecord>) {
  for (let next = await records.next(); !next.done; next = await records.next()) {
    if ('rowNumber' in next.value) yield next.value;
  }
}

/**
 * Reads an upload as it streams in: the header is checked first, then the rows are stored in batches under
 * an import that stays hidden ('receiving') until the last row is in. A refused or broken file leaves nothing.
 */
export async function receiveUpload(
  ctx: AppContext,
  actor: { merchantId: string; userId: string | null },
  file: { fileName: string; chunks: AsyncIterable<Uint8Array> },
): Promise<{ row: ImportRow; sample: string[][] }> {
  const records = readCsvRecords(file.chunks);
  try {
    const first = await records.next();
    const headers = checkHeaders(!first.done && 'header' in first.value ? first.value.header : []);
    await deleteAbandonedUploads(
      ctx.db,
      actor.merchantId,
      new Date(ctx.now().getTime() - ABANDONED_AFTER_MS),
    );
    const { id } = await insertReceivingImport(ctx.db, {
      merchantId: actor.merchantId,
      userId: actor.userId,
      fileName: file.fileName.slice(0, 255) || 'import.csv',
      headers,
    });
    const target = { merchantId: actor.merchantId, importId: id };
    try {
      const { total, sample } = await storeRecords(ctx.db, target, dataRecords(records));
      if (total === 0) throw noRowsError();
      const row = await updateImport(ctx.db, {
        merchantId: actor.merchantId,
        id,
        at: ctx.now(),
        fromStatuses: ['receiving'],
        data: { status: 'uploaded', totalRows: total },
      });
      if (!row) throw new Error('the upload was removed while its rows were stored');
      return { row, sample };
    } catch (error) {
      await deleteImport(ctx.db, actor.merchantId, id);
      throw error;
    }
  } finally {
    await records.return(undefined);
  }
}

/**
 * An import stored before its rows had a table holds its whole file: its rows are stored once, the first
 * time it is used, and the file dropped. Concurrent first uses take turns on the import's row lock.
 */
export async function storeRowsOfOlderImport(ctx: AppContext, current: ImportRow & { hasFileText: boolean }) {
  if (!current.hasFileText) return;
  const target = { merchantId: current.merchantId, importId: current.id };
  await inTransaction(ctx.db, async (db) => {
    const text = await lockFileText(db, target.merchantId, target.importId);
    if (text === null) return;
    await storeRecords(db, target, dataRecords(readCsvRecords(textPieces(text))));
    await clearFileText(db, target.merchantId, target.importId);
  });
}
