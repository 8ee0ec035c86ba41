// CSV files we write echo what users typed (names, notes, import rows). A spreadsheet runs a cell that starts
// with = + - @ as a formula, and some read past leading whitespace or a control character first (docs/conventions.md
// docs/product.md §8, OWASP "CSV injection"): such a cell gets a leading apostrophe, which spreadsheets show as text.
const RUNS_AS_FORMULA = /^[\s]*[=+\-@]|^[\t\r\n]/;

/** The cell as a spreadsheet will show it, never run it. */
export function neutralizeCsvCell(value: string): string {
  return RUNS_AS_FORMULA.test(value) ? `'${value}` : value;
}
