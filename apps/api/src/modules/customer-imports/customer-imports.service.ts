import type {
  CustomerImport,
  CustomerImportRow,
  CustomerImportSummary,
  ImportField,
} from '@paylane/shared/contracts/customer-imports';
import type { Page } from '@paylane/shared/contracts/paging';
import { messages } from '@paylane/shared/messages';
import type { AppContext } from '../../context';
import { requireQueue } from '../../context';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import { pageLinks } from '../../lib/paging';
import {
  decodeCsvBytes,
  readCsvTable,
  readSampleRows,
  suggestMapping,
  valuesByHeader,
} from './customer-imports.csv';
import { enqueueCustomerImport } from './customer-imports.jobs';
import {
  deleteRowErrors,
  findImport,
  findImportText,
  inTransaction,
  insertImport,
  insertRowErrors,
  listImports,
  listRowErrors,
  listRowErrorsByNumbers,
  updateImport,
  type ImportRow,
} from './customer-imports.repository';
import { checkAllRows, checkMapping, loadRowContext } from './customer-imports.validation';

/** Who acts, in which merchant. */
export type ImportActor = { merchantId: string; userId: string | null };

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

function toCustomerImport(row: ImportRow, textStart: string): CustomerImport {
  return {
    ...toImportSummary(row),
    headers: row.headers,
    mapping: row.mapping,
    suggested_mapping: suggestMapping(row.headers),
    sample_rows: readSampleRows(textStart),
  };
}

async function getImportRow(ctx: AppContext, merchantId: string, id: string) {
  const row = await findImport(ctx.db, merchantId, id);
  if (!row) throw notFound();
  return row;
}

/** Reads the upload (refusing what is not a CSV with a header and rows) and keeps it for the next steps. */
export async function uploadCustomerImport(
  ctx: AppContext,
  actor: ImportActor,
  file: { fileName: string; bytes: Buffer },
): Promise<CustomerImport> {
  const csvText = decodeCsvBytes(file.bytes);
  const table = readCsvTable(csvText);
  const row = await insertImport(ctx.db, {
    merchantId: actor.merchantId,
    userId: actor.userId,
    fileName: file.fileName.slice(0, 255) || 'import.csv',
    csvText,
    headers: table.headers,
    totalRows: table.rows.length,
  });
  return toCustomerImport(row, csvText.slice(0, 65_536));
}

export async function getCustomerImport(ctx: AppContext, merchantId: string, id: string) {
  const row = await getImportRow(ctx, merchantId, id);
  return toCustomerImport(row, row.textStart);
}

export async function listCustomerImports(
  ctx: AppContext,
  merchantId: string,
  query: { page: number; page_size: number; url: string },
): Promise<Page<CustomerImportSummary>> {
  const { rows, total } = await listImports(ctx.db, {
    merchantId,
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  });
  return {
    count: total,
    ...pageLinks(query.url, query.page, query.page_size, total),
    results: rows.map(toImportSummary),
  };
}

/** The stored file, parsed again (it was checked on upload). */
export async function readStoredTable(ctx: AppContext, merchantId: string, id: string) {
  const text = await findImportText(ctx.db, merchantId, id);
  if (text === null) throw notFound();
  return readCsvTable(text);
}

/**
 * Maps the columns and checks every row: each bad row's messages replace the earlier ones, and the counts are
 * stored. Refused once the import has started.
 */
export async function mapCustomerImport(
  ctx: AppContext,
  actor: ImportActor,
  id: string,
  sent: Partial<Record<ImportField, string | null>>,
): Promise<CustomerImport> {
  const current = await getImportRow(ctx, actor.merchantId, id);
  if (current.status !== 'uploaded' && current.status !== 'validated') throw conflict(messages.importStarted);
  const mapping = checkMapping(current.headers, sent);
  const table = await readStoredTable(ctx, actor.merchantId, id);
  const rowContext = await loadRowContext(ctx.db, actor.merchantId, table.headers, mapping);
  const rows = await checkAllRows(ctx.db, actor.merchantId, rowContext, table);
  const cellsByNumber = new Map(table.rows.map((row) => [row.rowNumber, row.cells]));
  const bad = rows.filter((row) => row.record === null);
  const updated = await inTransaction(ctx.db, async (db) => {
    await deleteRowErrors(db, actor.merchantId, id);
    await insertRowErrors(db, {
      merchantId: actor.merchantId,
      importId: id,
      rows: bad.map((row) => ({
        rowNumber: row.rowNumber,
        errors: row.errors,
        values: valuesByHeader(table.headers, cellsByNumber.get(row.rowNumber) ?? []),
      })),
    });
    return updateImport(db, {
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
    });
  });
  // Started by another request while the rows were being checked.
  if (!updated) throw conflict(messages.importStarted);
  return toCustomerImport(updated, current.textStart);
}

/** The preview: every row with its messages, or only the rows with errors. */
export async function listCustomerImportRows(
  ctx: AppContext,
  merchantId: string,
  id: string,
  query: { page: number; page_size: number; errors_only: boolean; url: string },
): Promise<Page<CustomerImportRow>> {
  const current = await getImportRow(ctx, merchantId, id);
  const offset = (query.page - 1) * query.page_size;
  const page = (total: number, results: CustomerImportRow[]) => ({
    count: total,
    ...pageLinks(query.url, query.page, query.page_size, total),
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
  const table = await readStoredTable(ctx, merchantId, id);
  const slice = table.rows.slice(offset, offset + query.page_size);
  const errors = await listRowErrorsByNumbers(ctx.db, {
    merchantId,
    importId: id,
    rowNumbers: slice.map((row) => row.rowNumber),
  });
  const errorsByNumber = new Map(errors.map((row) => [row.rowNumber, row.errors]));
  return page(
    current.totalRows,
    slice.map((row) => ({
      row_number: row.rowNumber,
      values: valuesByHeader(table.headers, row.cells),
      errors: errorsByNumber.get(row.rowNumber) ?? {},
    })),
  );
}

/** Queues the import job once: a second start (or a retried request) finds it queued and does nothing. */
export async function startCustomerImport(ctx: AppContext, merchantId: string, id: string) {
  const current = await getImportRow(ctx, merchantId, id);
  if (current.status === 'uploaded') throw badRequest({ non_field_errors: [messages.importNotValidated] });
  if (current.status !== 'validated' && current.status !== 'queued') {
    return toCustomerImport(current, current.textStart);
  }
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
