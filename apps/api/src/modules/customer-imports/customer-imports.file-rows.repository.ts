import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { FileRow } from './customer-imports.csv-reader';

// The file's rows as stored on upload (customer_import_rows). Every read is a range of the primary key
// (import_id, position), so a page costs its own rows whatever the size of the file. Every query carries
// the merchant id.

type Target = { merchantId: string; importId: string };

/** One statement per call: the cells travel (and are kept) as one JSON text per row. */
export async function insertFileRows(db: Db, target: Target, rows: readonly FileRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    insert into customer_import_rows (import_id, merchant_id, position, row_number, cells)
    select ${target.importId}, ${target.merchantId}, t.position, t.row_number, t.cells
    from unnest(
      ${sql.param(rows.map((row) => row.position))}::int[],
      ${sql.param(rows.map((row) => row.rowNumber))}::int[],
      ${sql.param(rows.map((row) => JSON.stringify(row.cells)))}::text[]
    ) as t(position, row_number, cells)`);
}

type RowRecord = { position: number; row_number: number; cells: string };
const toFileRow = (row: RowRecord): FileRow => ({
  position: row.position,
  rowNumber: row.row_number,
  cells: JSON.parse(row.cells) as string[],
});

/** The rows at positions `from` … `to`, in order. */
export async function listFileRows(db: Db, target: Target & { from: number; to: number }) {
  const result = await db.execute<RowRecord>(sql`
    select position, row_number, cells from customer_import_rows
    where import_id = ${target.importId} and merchant_id = ${target.merchantId}
      and position between ${target.from} and ${target.to}
    order by position`);
  return result.rows.map(toFileRow);
}

/** The rows at these positions (any order), in position order. */
export async function listFileRowsAt(db: Db, target: Target, positions: readonly number[]) {
  if (positions.length === 0) return [];
  const result = await db.execute<RowRecord>(sql`
    select r.position, r.row_number, r.cells
    from unnest(${sql.param([...positions])}::int[]) as p(position)
    join customer_import_rows r
      on r.import_id = ${target.importId} and r.merchant_id = ${target.merchantId} and r.position = p.position
    order by r.position`);
  return result.rows.map(toFileRow);
}

/** A preview page: the rows at positions `from` … `to` with their messages (none for a good row). */
export async function listFileRowsWithErrors(db: Db, target: Target & { from: number; to: number }) {
  const result = await db.execute<RowRecord & { errors: Record<string, string[]> | null }>(sql`
    select r.position, r.row_number, r.cells, e.errors
    from customer_import_rows r
    left join customer_import_row_errors e
      on e.import_id = r.import_id and e.merchant_id = r.merchant_id and e.row_number = r.row_number
    where r.import_id = ${target.importId} and r.merchant_id = ${target.merchantId}
      and r.position between ${target.from} and ${target.to}
    order by r.position`);
  return result.rows.map((row) => ({ ...toFileRow(row), errors: row.errors ?? {} }));
}

const hasErrors = sql`exists (
  select 1 from customer_import_row_errors e
  where e.import_id = r.import_id and e.merchant_id = r.merchant_id and e.row_number = r.row_number)`;

/** The rows at positions `from` … `to` that have no errors (the job's rows), in order, and the last position. */
export async function listPendingFileRows(db: Db, target: Target & { from: number; to: number }) {
  const result = await db.execute<RowRecord & { has_errors: boolean }>(sql`
    select r.position, r.row_number, r.cells, ${hasErrors} as has_errors
    from customer_import_rows r
    where r.import_id = ${target.importId} and r.merchant_id = ${target.merchantId}
      and r.position between ${target.from} and ${target.to}
    order by r.position`);
  return {
    rows: result.rows.filter((row) => !row.has_errors).map(toFileRow),
    lastPosition: result.rows.at(-1)?.position ?? null,
  };
}

/** Positions `from` … `to` with whether each has errors (no cells: a resumed job only counts them). */
export async function listErrorFlags(db: Db, target: Target & { from: number; to: number }) {
  const result = await db.execute<{ position: number; has_errors: boolean }>(sql`
    select r.position, ${hasErrors} as has_errors from customer_import_rows r
    where r.import_id = ${target.importId} and r.merchant_id = ${target.merchantId}
      and r.position between ${target.from} and ${target.to}
    order by r.position`);
  return result.rows.map((row) => ({ position: row.position, hasErrors: row.has_errors }));
}
