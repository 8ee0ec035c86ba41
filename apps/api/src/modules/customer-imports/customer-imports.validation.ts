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
import { badRequest } from '../../lib/http-errors';
import { analyzeCustomerTables } from './customer-imports.batch.repository';
import { markDatabaseConflicts, markFileRepeats } from './customer-imports.conflicts';
import type { CsvTable } from './customer-imports.csv';
import { listLocationNames } from './customer-imports.repository';
import { checkRow, columnIndexes, type CheckedRow, type RowContext } from './customer-imports.rows';

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
  if (Object.keys(errors).length > 0) throw badRequest(errors);
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

const ROWS_BETWEEN_YIELDS = 2000;

/**
 * Each row on its own, then the repeats across the file. A 100,000-row file takes seconds of CPU, so the work
 * yields to the event loop between slices and the process keeps answering other requests meanwhile.
 */
export async function checkRowsAlone(ctx: RowContext, table: CsvTable): Promise<CheckedRow[]> {
  const indexes = columnIndexes(ctx);
  const rows: CheckedRow[] = [];
  for (let start = 0; start < table.rows.length; start += ROWS_BETWEEN_YIELDS) {
    if (start > 0) await setImmediate();
    for (const row of table.rows.slice(start, start + ROWS_BETWEEN_YIELDS)) {
      rows.push(checkRow(ctx, indexes, table.headers.length, row));
    }
  }
  markFileRepeats(rows);
  return rows;
}

/** Every rule: each row, repeats in the file, and conflicts with the merchant's customers and accounts. */
export async function checkAllRows(db: Db, merchantId: string, ctx: RowContext, table: CsvTable) {
  const rows = await checkRowsAlone(ctx, table);
  await analyzeCustomerTables(db);
  await markDatabaseConflicts(db, merchantId, rows);
  return rows;
}
