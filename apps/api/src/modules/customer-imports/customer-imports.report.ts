import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { importFieldLabels, type ImportField } from '@paylane/shared/contracts/customer-imports';
import { neutralizeCsvCell } from '@paylane/shared/csv-cells';
import type { AppContext } from '../../context';
import { notFound } from '../../kit/errors';
import { findImport, listRowErrorsAfter, type ImportRow } from './customer-imports.repository';

const fieldLabel = (field: string) =>
  field === 'non_field_errors' ? 'Row' : (importFieldLabels[field as ImportField] ?? field);

const ERRORS_PER_READ = 2000;

/** The report's lines after its header, read from the row errors by key a slice at a time. */
async function* reportLines(ctx: AppContext, current: ImportRow): AsyncGenerator<string> {
  const target = { merchantId: current.merchantId, importId: current.id };
  for (let after = 0; ;) {
    const rows = await listRowErrorsAfter(ctx.db, { ...target, after, limit: ERRORS_PER_READ });
    const lines: string[][] = [];
    for (const row of rows) {
      const cells = current.headers.map((header) => row.values[header] ?? '');
      for (const [field, list] of Object.entries(row.errors)) {
        for (const message of list) lines.push([String(row.rowNumber), fieldLabel(field), message, ...cells]);
      }
    }
    if (lines.length > 0) yield stringify(lines.map((line) => line.map(neutralizeCsvCell)));
    if (rows.length < ERRORS_PER_READ) return;
    after = rows.at(-1)?.rowNumber ?? after;
  }
}

/**
 * The error report: one line per message (row, field, message), then the row's cells as uploaded. Streamed a
 * slice of rows at a time, so a report of 100,000 bad rows is neither held whole nor written in one go.
 */
export async function buildErrorReport(ctx: AppContext, merchantId: string, id: string) {
  const current = await findImport(ctx.db, merchantId, id);
  if (!current) throw notFound();
  const header = stringify([['Row', 'Field', 'Message', ...current.headers].map(neutralizeCsvCell)]);
  async function* lines(found: ImportRow) {
    yield header;
    yield* reportLines(ctx, found);
  }
  const base = current.fileName.replace(/\.csv$/i, '').replace(/[^A-Za-z0-9._ -]/g, '_') || 'import';
  return { csv: Readable.from(lines(current)), fileName: `${base}-errors.csv` };
}
