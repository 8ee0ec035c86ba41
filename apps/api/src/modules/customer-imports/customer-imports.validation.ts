import { setImmediate } from 'node:timers/promises';
import {
  accountImportFields,
  requiredImportFields,
  type ImportField,
  type ImportMapping,
} from '@paylane/shared/contracts/customer-imports';
import { messages } from '@paylane/shared/messages';
import { validationMessages } from '@paylane/shared/validation';
import type { Db } from '../../db/client';
import { invalid } from '../../kit/errors';
import { analyzeCustomerTables } from './customer-imports.batch.repository';
import { markDatabaseConflicts, markFileRepeats } from './customer-imports.conflicts';
import { valuesByHeader } from './customer-imports.csv';
import { listFileRows, listFileRowsAt } from './customer-imports.file-rows.repository';
import {
  deleteRowErrors,
  insertRowErrors,
  listLocationNames,
  type ImportRow,
  type RowErrorData,
} from './customer-imports.repository';
import { checkRow, columnIndexes, type CheckedRow, type RowContext } from './customer-imports.rows';
import { inTransaction } from '../../kit/transaction';

/**
 * The mapping as sent, without unmapped fields, or 400 by field: a header the file does not have, a required
 * field left out, or account columns without both the account number and the amount due.
 */
export function checkMapping(headers: readonly string[], sent: Partial<Record<ImportField, string | null>>) {
  const mapping: ImportMapping = {};
  const errors: Record<string, string[]> = {};
  for (const [field, header] of Object.entries(sent) as [ImportField, string | null][]) {
    if (!header) continue;
    if (!headers.includes(header)) errors[field] = [messages.importUnknownColumn];
    else mapping[field] = header;
  }
  const hasAccount = accountImportFields.some((field) => mapping[field]);
  const required: ImportField[] = [
    ...requiredImportFields,
    ...(hasAccount ? (['account_external_id', 'amount_due'] as const) : []),
  ];
  for (const field of required) {
    if (!mapping[field] && !errors[field]) errors[field] = [validationMessages.required];
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);
  return mapping;
}

/** The merchant's locations for the rows: by lower-cased name, and the first by name as the default. */
export async function loadRowContext(
  db: Db,
  merchantId: string,
  headers: readonly string[],
  mapping: ImportMapping,
): Promise<RowContext> {
  const locations = await listLocationNames(db, merchantId);
  const locationIdsByName = new Map<string, string>();
  for (const location of locations) {
    const key = location.name.trim().toLowerCase();
    if (!locationIdsByName.has(key)) locationIdsByName.set(key, location.id);
  }
  return { headers, mapping, locationIdsByName, defaultLocationId: locations[0]?.id ?? null };
}

/** Rows per read; the checks give the event loop a turn every ROWS_BETWEEN_TURNS rows. */
const ROWS_PER_READ = 2000;
const ROWS_BETWEEN_TURNS = 500;

/**
 * Each stored row on its own (read by key, a slice at a time), then the repeats across the file. A
 * 100,000-row file takes seconds of CPU, so the work yields to the event loop between slices and the
 * process keeps answering other requests meanwhile.
 */
async function checkRowsAlone(db: Db, current: ImportRow, ctx: RowContext): Promise<CheckedRow[]> {
  const indexes = columnIndexes(ctx);
  const rows: CheckedRow[] = [];
  const target = { merchantId: current.merchantId, importId: current.id };
  for (let from = 1; ; from += ROWS_PER_READ) {
    const stored = await listFileRows(db, { ...target, from, to: from + ROWS_PER_READ - 1 });
    for (const [index, row] of stored.entries()) {
      if (index > 0 && index % ROWS_BETWEEN_TURNS === 0) await setImmediate();
      rows.push(checkRow(ctx, indexes, current.headers.length, row));
    }
    if (stored.length < ROWS_PER_READ) break;
  }
  markFileRepeats(rows);
  return rows;
}

/** Every rule on every stored row: each row, repeats in the file, and conflicts with the merchant's data. */
export async function checkStoredRows(db: Db, current: ImportRow, mapping: ImportMapping) {
  const ctx = await loadRowContext(db, current.merchantId, current.headers, mapping);
  const rows = await checkRowsAlone(db, current, ctx);
  await analyzeCustomerTables(db);
  await markDatabaseConflicts(db, current.merchantId, rows);
  return rows;
}

const CELLS_PER_READ = 5000;

/**
 * Replaces the import's row errors with `bad` (their cells read back by position, by header) and runs
 * `finish` (the counts) in the same transaction.
 */
export async function replaceRowErrors<T>(
  db: Db,
  current: ImportRow,
  bad: readonly CheckedRow[],
  finish: (txDb: Db) => Promise<T>,
): Promise<T> {
  const target = { merchantId: current.merchantId, importId: current.id };
  const errorsByPosition = new Map(bad.map((row) => [row.position, row.errors]));
  const data: RowErrorData[] = [];
  for (let start = 0; start < bad.length; start += CELLS_PER_READ) {
    const positions = bad.slice(start, start + CELLS_PER_READ).map((row) => row.position);
    for (const row of await listFileRowsAt(db, target, positions)) {
      data.push({
        rowNumber: row.rowNumber,
        errors: errorsByPosition.get(row.position) ?? {},
        values: valuesByHeader(current.headers, row.cells),
      });
    }
  }
  return inTransaction(db, async (txDb) => {
    await deleteRowErrors(txDb, target.merchantId, target.importId);
    await insertRowErrors(txDb, { ...target, rows: data });
    return finish(txDb);
  });
}
