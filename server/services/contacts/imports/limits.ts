import { HttpError } from '../../../http/errors.ts';

/**
 * What an uploaded file may hold, whatever its size on disk. A spreadsheet is a zip: 2 MB of it can expand to
 * gigabytes, so its entries' sizes are checked before they are read (see zip.ts). The rows cap is a full Excel sheet
 * (1,048,576 rows with the header); the columns cap is the contract's `mapping` maxItems of startContactImport; the
 * time cap stops the reading of a file that parses slowly on purpose.
 */
export const IMPORT_LIMITS = {
  unpackedBytes: 256 * 1024 * 1024,
  rows: 1_048_575,
  columns: 500,
  seconds: 20,
  /** Header and preview cells are cut to this many characters: the import's answer repeats them in every list. */
  previewCellChars: 200,
} as const;

export type ImportLimit = 'unpackedBytes' | 'rows' | 'columns' | 'seconds';

const count = (n: number) => n.toLocaleString('en-US');

/** The 422 texts, one per cap (the contract's uploadContactImport lists them). */
export const LIMIT_TEXTS: Record<ImportLimit, string> = {
  unpackedBytes: `The file expands to more than ${IMPORT_LIMITS.unpackedBytes / 1024 / 1024} MB when unpacked`,
  rows: `The file has more than ${count(IMPORT_LIMITS.rows)} rows`,
  columns: `The file has more than ${count(IMPORT_LIMITS.columns)} columns`,
  seconds: `The file takes more than ${IMPORT_LIMITS.seconds} seconds to read`,
};

/** A file over one of the caps; thrown where the file is read, turned into a 422 by the upload. */
export class LimitExceeded extends Error {
  constructor(readonly limit: ImportLimit) {
    super(LIMIT_TEXTS[limit]);
    this.name = 'LimitExceeded';
  }
}

export const UPLOAD_FAILED = 'Error while uploading this file, please try again.';

/** 422 `upload_failed` with the reason under `errors.file`. */
export const uploadFailed = (reason: string) => new HttpError(422, 'upload_failed', UPLOAD_FAILED, { file: [reason] });

/** Why an upload cannot be imported, besides the caps (under `errors.file`). */
export const FILE_TEXTS = {
  unsupported: 'Only CSV, XLS and XLSX files can be imported',
  unreadable: 'The spreadsheet cannot be read',
  noHeader: 'The first row must hold the column names',
} as const;
