import type {
  CustomerImport,
  CustomerImportRow,
  CustomerImportSummary,
  ImportField,
} from '@paylane/shared/contracts/customer-imports';
import { messages } from '@paylane/shared/messages';
import type { AppContext } from '../../context';
import { requireQueue } from '../../context';
import { invalid, conflict, notFound } from '../../kit/errors';
import { SAMPLE_ROW_COUNT, suggestMapping, valuesByHeader } from './customer-imports.csv';
import { receiveUpload, storeRowsOfOlderImport } from './customer-imports.file';
import { listFileRows, listFileRowsWithErrors } from './customer-imports.file-rows.repository';
import { enqueueCustomerImport } from './customer-imports.jobs';
import {
  findImport,
  listImports,
  listRowErrors,
  updateImport,
  type ImportRow,
} from './customer-imports.repository';
import { checkStoredRows, checkMapping, replaceRowErrors } from './customer-imports.validation';
import { rowsOfPage, type PageSlice } from '../../kit/paging';
import type { Actor } from '../../kit/actor';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toImportSummary(row: ImportRow): CustomerImportSummary {
  const progress =
    row.status === 'completed'
      ? 100
      : row.validRows > 0
        ? Math.min(100, Math.floor((row.processedRows * 100) / row.validRows))
        : 0;
  return {
    id: row.id,
    file_name: row.fileName,
    status: row.status,
    total_rows: row.totalRows,
    valid_rows: row.validRows,
    invalid_rows: row.invalidRows,
    processed_rows: row.processedRows,
    created_count: row.createdCount,
    updated_count: row.updatedCount,
    progress,
    error_message: row.errorMessage,
    started_at: iso(row.startedAt),
    finished_at: iso(row.finishedAt),
    created: row.createdAt.toISOString(),
  };
}

function toCustomerImport(row: ImportRow, sample: string[][]): CustomerImport {
  return {
    ...toImportSummary(row),
    headers: row.headers,
    mapping: row.mapping,
    suggested_mapping: suggestMapping(row.headers),
    sample_rows: sample,
  };
}

/** The import, its rows stored (an import from before the rows table gets them here, once). */
async function getImportRow(ctx: AppContext, merchantId: string, id: string) {
  const row = await findImport(ctx.db, merchantId, id);
  if (!row) throw notFound();
  await storeRowsOfOlderImport(ctx, row);
  return row;
}

/** The import with its first rows as the sample: a read of five stored rows, however big the file. */
async function withSample(ctx: AppContext, row: ImportRow): Promise<CustomerImport> {
  const first = await listFileRows(ctx.db, {
    merchantId: row.merchantId,
    importId: row.id,
    from: 1,
    to: SAMPLE_ROW_COUNT,
  });
  return toCustomerImport(
    row,
    first.map((stored) => stored.cells),
  );
}

/** Reads the upload as it streams in (refusing what is not a CSV with a header and rows) and stores its rows. */
export async function uploadCustomerImport(
  ctx: AppContext,
  actor: Actor,
  file: { fileName: string; chunks: AsyncIterable<Uint8Array> },
): Promise<CustomerImport> {
  const { row, sample } = await receiveUpload(ctx, actor, file);
  return toCustomerImport(row, sample);
}

export async function getCustomerImport(ctx: AppContext, merchantId: string, id: string) {
  return withSample(ctx, await getImportRow(ctx, merchantId, id));
}

export async function listCustomerImports(
  ctx: AppContext,
  merchantId: string,
  query: { page: number; page_size: number },
): Promise<PageSlice<CustomerImportSummary>> {
  const { rows, total } = await listImports(ctx.db, {
    merchantId,
    ...rowsOfPage(query),
  });
  return {
    count: total,
    results: rows.map(toImportSummary),
  };
}

/**
 * Maps the columns and checks every stored row: each bad row's messages replace the earlier ones, and the
 * counts are stored. Refused once the import has started.
 */
export async function mapCustomerImport(
  ctx: AppContext,
  actor: Actor,
  id: string,
  sent: Partial<Record<ImportField, string | null>>,
): Promise<CustomerImport> {
  const current = await getImportRow(ctx, actor.merchantId, id);
  if (current.status !== 'uploaded' && current.status !== 'validated') throw conflict(messages.importStarted);
  const mapping = checkMapping(current.headers, sent);
  const rows = await checkStoredRows(ctx.db, current, mapping);
  const bad = rows.filter((row) => row.record === null);
  const updated = await replaceRowErrors(ctx.db, current, bad, (db) =>
    updateImport(db, {
      merchantId: actor.merchantId,
      id,
      at: ctx.now(),
      fromStatuses: ['uploaded', 'validated'],
      data: {
        mapping,
        status: 'validated',
        totalRows: rows.length,
        validRows: rows.length - bad.length,
        invalidRows: bad.length,
        processedRows: 0,
        createdCount: 0,
        updatedCount: 0,
      },
    }),
  );
  // Started by another request while the rows were being checked.
  if (!updated) throw conflict(messages.importStarted);
  return withSample(ctx, updated);
}

/** The preview: every row with its messages, or only the rows with errors; a page reads only its rows. */
export async function listCustomerImportRows(
  ctx: AppContext,
  merchantId: string,
  id: string,
  query: { page: number; page_size: number; errors_only: boolean },
): Promise<PageSlice<CustomerImportRow>> {
  const current = await getImportRow(ctx, merchantId, id);
  const offset = (query.page - 1) * query.page_size;
  const page = (total: number, results: CustomerImportRow[]) => ({
    count: total,
    results,
  });
  if (query.errors_only) {
    const { rows, total } = await listRowErrors(ctx.db, {
      merchantId,
      importId: id,
      limit: query.page_size,
      offset,
    });
    return page(
      total,
      rows.map((row) => ({ row_number: row.rowNumber, values: row.values, errors: row.errors })),
    );
  }
  // Positions number the stored rows 1, 2, 3…: page n is a range of the primary key.
  const rows = await listFileRowsWithErrors(ctx.db, {
    merchantId,
    importId: id,
    from: offset + 1,
    to: offset + query.page_size,
  });
  return page(
    current.totalRows,
    rows.map((row) => ({
      row_number: row.rowNumber,
      values: valuesByHeader(current.headers, row.cells),
      errors: row.errors,
    })),
  );
}

/** Queues the import job once: a second start (or a retried request) finds it queued and does nothing. */
export async function startCustomerImport(ctx: AppContext, merchantId: string, id: string) {
  const current = await getImportRow(ctx, merchantId, id);
  if (current.status === 'uploaded') throw invalid({ non_field_errors: [messages.importNotValidated] });
  if (current.status !== 'validated' && current.status !== 'queued') return withSample(ctx, current);
  await updateImport(ctx.db, {
    merchantId,
    id,
    at: ctx.now(),
    fromStatuses: ['validated'],
    data: { status: 'queued' },
  });
  // Keyed by the import: racing starts, or a start after a lost enqueue, queue it exactly once.
  await enqueueCustomerImport(requireQueue(ctx), { import_id: id, merchant_id: merchantId });
  return getCustomerImport(ctx, merchantId, id);
}
