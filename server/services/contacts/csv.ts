import Papa from 'papaparse';

/**
 * Cells a spreadsheet would run as a formula (leading =, +, -, @, tab or carriage return) get a leading apostrophe.
 * papaparse's own `escapeFormulae: true` pattern ends with `.*$` and so misses a formula followed by a line break.
 */
const FORMULA = /^[=+\-@\t\r]/;

export type CsvCell = string | number | boolean | null | undefined;

/** Rows as CSV text for the files people open in a spreadsheet (exports, error reports): CRLF after every row. */
export function csvRows(rows: CsvCell[][]): string {
  if (!rows.length) return '';
  return `${Papa.unparse(rows, { header: false, newline: '\r\n', escapeFormulae: FORMULA })}\r\n`;
}
