import { Readable, pipeline } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import { CsvError, parse } from 'csv-parse';
import { IMPORT_FILE_FIELD } from '@paylane/shared/contracts/customer-imports';
import { messages } from '@paylane/shared/messages';
import { fieldError } from '../../kit/errors';

// Reads a CSV file piece by piece (UTF-8, BOM or not, CRLF or LF, quoted fields with commas and newlines):
// a 20 MB file is never held whole, and the event loop gets a turn between pieces, so a big upload does not
// keep other requests waiting (issue 14: a whole-file parse held the API for seconds).

/** One data record: row 1 is the first record below the header. Cells are as read (not trimmed). */
export type CsvRecord = { rowNumber: number; cells: string[] };
/** A stored row: its place among the file's stored (non-blank) rows, 1, 2, 3…, as pages are cut. */
export type FileRow = CsvRecord & { position: number };

export const notCsv = () => fieldError(IMPORT_FILE_FIELD, messages.importNotCsv);

// eslint-disable-next-line no-control-regex -- looking for binary bytes is the point
const binary = /[\u0000-\u0008\u000B\u000E-\u001F\u007F]/;

/**
 * The bytes, checked on their way to the parser: refused when they are not UTF-8, or hold control characters
 * no spreadsheet writes (a NUL or other binary byte means an image, a PDF or an .xlsx).
 */
async function* checkCsvBytes(
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
): AsyncGenerator<Uint8Array> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const check = (chunk?: Uint8Array) => {
    let text: string;
    try {
      text = chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
    } catch {
      throw notCsv();
    }
    if (binary.test(text)) throw notCsv();
  };
  for await (const chunk of chunks) {
    check(chunk);
    yield chunk;
  }
  check();
}

const RECORDS_BETWEEN_TURNS = 500;

/**
 * The header record, then every data record of the file, in order. A record that is not valid CSV (an
 * unclosed quote) ends the reading with 'The file is not a CSV text file'; errors of the source pass through.
 */
export async function* readCsvRecords(
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
): AsyncGenerator<{ header: string[] } | CsvRecord> {
  const parser = parse({ bom: true, relax_column_count: true, skip_empty_lines: false });
  // The pipeline ends the parser with the source's error, so the loop below throws it.
  const records: AsyncIterable<string[]> = pipeline(Readable.from(checkCsvBytes(chunks)), parser, () => {});
  let index = 0;
  try {
    for await (const cells of records) {
      yield index === 0 ? { header: cells } : { rowNumber: index, cells };
      index++;
      if (index % RECORDS_BETWEEN_TURNS === 0) await setImmediate();
    }
  } catch (error) {
    throw error instanceof CsvError ? notCsv() : error;
  } finally {
    parser.destroy();
  }
}

/** A blank line or a row of empty cells (spreadsheets leave them at the end) is not a row to import. */
export const isBlankRecord = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');

/** Text held in memory (an import stored before its rows had a table) as pieces for readCsvRecords. */
export function* textPieces(text: string, size = 65_536): Generator<Uint8Array> {
  const bytes = Buffer.from(text, 'utf8');
  for (let start = 0; start < bytes.length; start += size) yield bytes.subarray(start, start + size);
}
