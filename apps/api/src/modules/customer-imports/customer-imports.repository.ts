import { and, asc, count, desc, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { CustomerImportStatus } from '@paylane/shared/contracts/customer-imports';
import type { Db } from '../../db/client';
import { customerImportRowErrors, customerImports, locations } from '../../db/schema';

// The imports themselves and their row errors. Every query carries the merchant id.

/** An import without its file (a poll must not move 20 MB). */
export const importColumns = {
  id: customerImports.id,
  merchantId: customerImports.merchantId,
  createdByUserId: customerImports.createdByUserId,
  fileName: customerImports.fileName,
  status: customerImports.status,
  headers: customerImports.headers,
  mapping: customerImports.mapping,
  totalRows: customerImports.totalRows,
  validRows: customerImports.validRows,
  invalidRows: customerImports.invalidRows,
  processedRows: customerImports.processedRows,
  createdCount: customerImports.createdCount,
  updatedCount: customerImports.updatedCount,
  errorMessage: customerImports.errorMessage,
  startedAt: customerImports.startedAt,
  finishedAt: customerImports.finishedAt,
  createdAt: customerImports.createdAt,
  updatedAt: customerImports.updatedAt,
};
/** An import as requests see it: one still being received is never read (see `visible`). */
export type ImportRow = Omit<typeof customerImports.$inferSelect, 'csvText' | 'status'> & {
  status: CustomerImportStatus;
};

const scope = (merchantId: string, id: string) =>
  and(eq(customerImports.merchantId, merchantId), eq(customerImports.id, id));
// An upload still streaming in has part of its rows: no page, poll or job may see it.
const visible = ne(customerImports.status, 'receiving');

/** A new import while its file is read: hidden until `updateImport` moves it to 'uploaded'. */
export async function insertReceivingImport(
  db: Db,
  data: { merchantId: string; userId: string | null; fileName: string; headers: string[] },
): Promise<{ id: string }> {
  const [row] = await db
    .insert(customerImports)
    .values({
      merchantId: data.merchantId,
      createdByUserId: data.userId,
      fileName: data.fileName,
      status: 'receiving',
      headers: data.headers,
    })
    .returning({ id: customerImports.id });
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** An import and whether it still holds its whole file (stored before its rows had a table). */
export async function findImport(
  db: Db,
  merchantId: string,
  id: string,
): Promise<(ImportRow & { hasFileText: boolean }) | null> {
  const [row] = await db
    .select({ ...importColumns, hasFileText: sql<boolean>`${customerImports.csvText} is not null` })
    .from(customerImports)
    .where(and(scope(merchantId, id), visible))
    .limit(1);
  return (row as (ImportRow & { hasFileText: boolean }) | undefined) ?? null;
}

/** The whole file of an import stored before its rows had a table, locked until the caller's transaction ends. */
export async function lockFileText(db: Db, merchantId: string, id: string): Promise<string | null> {
  const [row] = await db
    .select({ csvText: customerImports.csvText })
    .from(customerImports)
    .where(scope(merchantId, id))
    .for('update');
  return row?.csvText ?? null;
}

export async function clearFileText(db: Db, merchantId: string, id: string): Promise<void> {
  await db.update(customerImports).set({ csvText: null }).where(scope(merchantId, id));
}

/** Removes an import and (cascading) its rows and errors: an upload that failed half-way. */
export async function deleteImport(db: Db, merchantId: string, id: string): Promise<void> {
  await db.delete(customerImports).where(scope(merchantId, id));
}

/** Uploads of the merchant still 'receiving' since before `before`: their process died mid-upload. */
export async function deleteAbandonedUploads(db: Db, merchantId: string, before: Date): Promise<void> {
  await db
    .delete(customerImports)
    .where(
      and(
        eq(customerImports.merchantId, merchantId),
        eq(customerImports.status, 'receiving'),
        lt(customerImports.createdAt, before),
      ),
    );
}

export async function listImports(db: Db, query: { merchantId: string; limit: number; offset: number }) {
  const where = and(eq(customerImports.merchantId, query.merchantId), visible);
  const rows = await db
    .select(importColumns)
    .from(customerImports)
    .where(where)
    .orderBy(desc(customerImports.createdAt), desc(customerImports.id))
    .limit(query.limit)
    .offset(query.offset);
  const [totals] = await db.select({ total: count() }).from(customerImports).where(where);
  return { rows: rows as ImportRow[], total: totals?.total ?? 0 };
}

/** Values or SQL expressions (counters advance with `processed_rows + n`). */
type ImportUpdate = Omit<
  PgUpdateSetSource<typeof customerImports>,
  'id' | 'merchantId' | 'csvText' | 'status'
> & {
  status?: CustomerImportStatus;
};

/** Updates the import; with `fromStatuses` only while it is in one of them (a repeat then changes nothing). */
export async function updateImport(
  db: Db,
  input: {
    merchantId: string;
    id: string;
    data: ImportUpdate;
    at: Date;
    fromStatuses?: readonly (ImportRow['status'] | 'receiving')[];
  },
): Promise<ImportRow | null> {
  const statusIn = input.fromStatuses ? sql`${customerImports.status} in ${input.fromStatuses}` : undefined;
  const [row] = await db
    .update(customerImports)
    .set({ ...input.data, updatedAt: input.at })
    .where(and(scope(input.merchantId, input.id), statusIn))
    .returning(importColumns);
  return (row as ImportRow | undefined) ?? null;
}

/** Locks the import for one batch of the job; concurrent runs of the same import take turns here. */
export async function lockImport(db: Db, merchantId: string, id: string) {
  const [row] = await db
    .select({ status: customerImports.status, processedRows: customerImports.processedRows })
    .from(customerImports)
    .where(scope(merchantId, id))
    .for('update');
  return row ?? null;
}

export type RowErrorData = {
  rowNumber: number;
  errors: Record<string, string[]>;
  values: Record<string, string>;
};

/**
 * Many rows per statement: an import may report 100,000 bad rows. On PGlite a statement runs on the event
 * loop, so each is kept to a few hundred rows.
 */
export async function insertRowErrors(
  db: Db,
  input: { merchantId: string; importId: string; rows: readonly RowErrorData[] },
): Promise<void> {
  const CHUNK = 500;
  for (let start = 0; start < input.rows.length; start += CHUNK) {
    const chunk = input.rows.slice(start, start + CHUNK);
    await db.execute(sql`
      insert into customer_import_row_errors (import_id, merchant_id, row_number, errors, "values")
      select ${input.importId}, ${input.merchantId}, t.row_number, t.errors::jsonb, t.vals::jsonb
      from unnest(
        ${sql.param(chunk.map((row) => row.rowNumber))}::int[],
        ${sql.param(chunk.map((row) => JSON.stringify(row.errors)))}::text[],
        ${sql.param(chunk.map((row) => JSON.stringify(row.values)))}::text[]
      ) as t(row_number, errors, vals)`);
  }
}

export async function deleteRowErrors(db: Db, merchantId: string, importId: string): Promise<void> {
  await db
    .delete(customerImportRowErrors)
    .where(
      and(eq(customerImportRowErrors.merchantId, merchantId), eq(customerImportRowErrors.importId, importId)),
    );
}

const errorScope = (merchantId: string, importId: string) =>
  and(eq(customerImportRowErrors.merchantId, merchantId), eq(customerImportRowErrors.importId, importId));

export async function listRowErrors(
  db: Db,
  query: { merchantId: string; importId: string; limit: number; offset: number },
) {
  const rows = await db
    .select()
    .from(customerImportRowErrors)
    .where(errorScope(query.merchantId, query.importId))
    .orderBy(asc(customerImportRowErrors.rowNumber))
    .limit(query.limit)
    .offset(query.offset);
  const [totals] = await db
    .select({ total: count() })
    .from(customerImportRowErrors)
    .where(errorScope(query.merchantId, query.importId));
  return { rows, total: totals?.total ?? 0 };
}

/** The next `limit` row errors after row `after`, in row order (the error report reads them by key). */
export async function listRowErrorsAfter(
  db: Db,
  query: { merchantId: string; importId: string; after: number; limit: number },
) {
  return db
    .select()
    .from(customerImportRowErrors)
    .where(
      and(errorScope(query.merchantId, query.importId), gt(customerImportRowErrors.rowNumber, query.after)),
    )
    .orderBy(asc(customerImportRowErrors.rowNumber))
    .limit(query.limit);
}

/** The merchant's locations by name, first by name first (the default location of a row without one). */
export async function listLocationNames(db: Db, merchantId: string) {
  return db
    .select({ id: locations.id, name: locations.name })
    .from(locations)
    .where(eq(locations.merchantId, merchantId))
    .orderBy(asc(locations.name), asc(locations.id));
}
