// A CSV of recipients read in the browser (docs/product.md §2 compose 'CSV upload', §7 groups from a CSV): papaparse
// loads only when a file is chosen, so no page pays for it up front (docs/conventions.md §7 sign-in budget).

export type CsvTable = {
  /** Tells two readings apart, even of the same file name. */
  id: string;
  fileName: string;
  /** The header row's names, trimmed, empty ones left out. */
  columns: string[];
  rows: Record<string, string>[];
};

/** Spec: ids are at most 100 characters (the contracts' bound), so longer cells cannot be anyone's. */
const MAX_ID_LENGTH = 100;

let readCount = 0;

export async function readCsvFile(file: File): Promise<CsvTable> {
  const [{ default: Papa }, text] = await Promise.all([import('papaparse'), file.text()]);
  const result = Papa.parse<Record<string, string>>(text, {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim(),
  });
  const columns = (result.meta.fields ?? []).filter((field) => field !== '');
  return { id: `${Date.now()}-${++readCount}`, fileName: file.name, columns, rows: result.data };
}

/** The key column's ids: trimmed, without blanks and repeats, in file order. */
export function keyColumnValues(table: CsvTable, column: string): string[] {
  const ids = new Set<string>();
  for (const row of table.rows) {
    const value = (row[column] ?? '').trim();
    if (value && value.length <= MAX_ID_LENGTH) ids.add(value);
  }
  return [...ids];
}
