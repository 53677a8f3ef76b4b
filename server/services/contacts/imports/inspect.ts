import { readFile } from 'node:fs/promises';
import { IMPORT_LIMITS, LimitExceeded, FILE_TEXTS } from './limits.ts';
import {
  detectDelimiter,
  detectEncoding,
  detectFormat,
  isBlank,
  looksBinary,
  readHead,
  readRecords,
  readWorkbook,
  type ImportFormat,
} from './reader.ts';
import { checkSpreadsheetZip } from './zip.ts';

/** Data rows shown in the preview. */
export const PREVIEW_ROWS = 10;
/** Records read for the preview: the header and enough rows to find PREVIEW_ROWS that are not blank. */
const PREVIEW_RECORDS = PREVIEW_ROWS * 5 + 1;

export interface Inspection {
  format: ImportFormat;
  encoding: string | null;
  delimiter: string | null;
  headers: string[];
  preview: string[][];
  estimatedRows: number | null;
}

/** What the upload counted while storing the file (the CSV row estimate comes from its line breaks). */
export interface StoredFile {
  path: string;
  newlines: number;
  endsWithNewline: boolean;
}

export type InspectionOutcome = { ok: true; inspection: Inspection } | { ok: false; reason: string };

/** Thrown for a file that cannot be imported; `reason` goes under `errors.file`. */
class Refused extends Error {}

const cut = (text: string) =>
  text.length > IMPORT_LIMITS.previewCellChars ? text.slice(0, IMPORT_LIMITS.previewCellChars) : text;

/** The header, the first rows that are not blank, cut to the caps; refuses a file without a header or over a cap. */
function shape(records: string[][], estimatedRows: number): Pick<Inspection, 'headers' | 'preview' | 'estimatedRows'> {
  const header = records[0];
  if (!header || isBlank(header)) throw new Refused(FILE_TEXTS.noHeader);
  if (header.length > IMPORT_LIMITS.columns) throw new LimitExceeded('columns');
  if (estimatedRows > IMPORT_LIMITS.rows) throw new LimitExceeded('rows');
  const headers = header.map((h, i) => cut(h.trim()) || `Column ${i + 1}`);
  const preview = records
    .slice(1)
    .filter((r) => !isBlank(r))
    .slice(0, PREVIEW_ROWS)
    .map((r) => headers.map((_, i) => cut(r[i] ?? '')));
  return { headers, preview, estimatedRows };
}

async function inspectSpreadsheet(file: StoredFile, format: 'xls' | 'xlsx'): Promise<Inspection> {
  let rows: number;
  let records: string[][];
  try {
    if (format === 'xlsx') {
      // The zip is checked before SheetJS inflates it; the rows that hold a value are counted on the way.
      rows = (await checkSpreadsheetZip(await readFile(file.path))).rows;
      records = await readWorkbook(file.path, PREVIEW_RECORDS);
    } else {
      // An XLS is not compressed (and holds at most 65,536 rows): read whole, its rows are counted from the cells.
      records = await readWorkbook(file.path);
      rows = records.filter((r) => !isBlank(r)).length;
    }
  } catch (error) {
    if (error instanceof LimitExceeded) throw error;
    // A damaged zip (BadZip) or whatever SheetJS cannot parse.
    throw new Refused(FILE_TEXTS.unreadable);
  }
  return {
    format,
    encoding: null,
    delimiter: null,
    ...shape(records.slice(0, PREVIEW_RECORDS), Math.max(0, rows - 1)),
  };
}

async function textSample(path: string): Promise<string> {
  const head = await readHead(path);
  return new TextDecoder(detectEncoding(head)).decode(head);
}

async function inspectText(file: StoredFile): Promise<Inspection> {
  const head = await readHead(file.path);
  const encoding = detectEncoding(head);
  const sample = new TextDecoder(encoding).decode(head);
  if (looksBinary(sample)) throw new Refused(FILE_TEXTS.unsupported);
  const delimiter = detectDelimiter(sample);
  const records: string[][] = [];
  for await (const record of readRecords(file.path, { format: 'csv', encoding, delimiter, limit: PREVIEW_RECORDS }))
    records.push(record);
  const estimatedRows = Math.max(0, file.newlines + (file.endsWithNewline ? 0 : 1) - 1);
  return { format: 'csv', encoding, delimiter, ...shape(records, estimatedRows) };
}

/**
 * Reads what the preview needs: format (by content), encoding and delimiter (CSV), the header and first rows, the
 * number of rows; refuses a file over IMPORT_LIMITS. Runs in a worker thread (inspector.ts), never on the server's
 * event loop.
 */
export async function inspectFile(file: StoredFile): Promise<InspectionOutcome> {
  try {
    let format = await detectFormat(file.path);
    // Some signatures file-type knows are short text ("BM", "ID3"): a CSV header may start with one.
    if (format === null && !looksBinary(await textSample(file.path))) format = 'csv';
    if (format === null) throw new Refused(FILE_TEXTS.unsupported);
    const inspection = format === 'csv' ? await inspectText(file) : await inspectSpreadsheet(file, format);
    return { ok: true, inspection };
  } catch (error) {
    if (error instanceof Refused || error instanceof LimitExceeded) return { ok: false, reason: error.message };
    throw error;
  }
}
