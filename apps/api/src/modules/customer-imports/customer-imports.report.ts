import { stringify } from 'csv-stringify/sync';
import { importFieldLabels, type ImportField } from '@paylane/shared/contracts/customer-imports';
import { neutralizeCsvCell } from '@paylane/shared/csv-cells';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/http-errors';
import { findImport, listRowErrors } from './customer-imports.repository';

const fieldLabel = (field: string) =>
  field === 'non_field_errors' ? 'Row' : (importFieldLabels[field as ImportField] ?? field);

/** The error report: one line per message (row, field, message), then the row's cells as uploaded. */
export async function buildErrorReport(ctx: AppContext, merchantId: string, id: string) {
  const current = await findImport(ctx.db, merchantId, id);
  if (!current) throw notFound();
  const { rows } = await listRowErrors(ctx.db, {
    merchantId,
    importId: id,
    limit: Math.max(current.totalRows, 1),
    offset: 0,
  });
  const lines: string[][] = [['Row', 'Field', 'Message', ...current.headers]];
  for (const row of rows) {
    const cells = current.headers.map((header) => row.values[header] ?? '');
    for (const [field, list] of Object.entries(row.errors)) {
      for (const message of list) lines.push([String(row.rowNumber), fieldLabel(field), message, ...cells]);
    }
  }
  const csv = stringify(lines.map((line) => line.map(neutralizeCsvCell)));
  const base = current.fileName.replace(/\.csv$/i, '').replace(/[^A-Za-z0-9._ -]/g, '_') || 'import';
  return { csv, fileName: `${base}-errors.csv` };
}
