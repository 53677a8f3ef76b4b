import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AppContext } from '../../../context.ts';
import { forTenant, type Scope } from '../../scope.ts';
import { conflict, HttpError, invalid, notFound, type FieldErrors } from '../../../http/errors.ts';
import type { components } from '../../../../src/api/schema.d.ts';
import { attributeDefs } from '../attributes.ts';
import { downloadPath, signDownload, verifyDownload } from '../downloads.ts';
import { missingLists } from '../lists.ts';
import { iso } from '../sql.ts';
import { suggestMapping, type ColumnTarget } from './mapping.ts';
import { detectDelimiter, detectEncoding, detectFormat, isBlank, looksBinary, readHead, readRecords, readWorkbook, type ImportFormat } from './reader.ts';

export type ImportRow = components['schemas']['ContactImport'];
type StoredImport = Omit<ImportRow, 'errorReportUrl'> & { companyId: string };

export const UPLOAD_FAILED = 'Error while uploading this file, please try again.';
export const TOO_LARGE = 'You exceeded the maximum filesize';
const PREVIEW_ROWS = 10;
const EXTENSIONS = new Set(['.csv', '.txt', '.tsv', '.xls', '.xlsx']);

export const uploadFailed = (reason: string) => new HttpError(422, 'upload_failed', UPLOAD_FAILED, { file: [reason] });
export const fileTooLarge = () => new HttpError(413, 'file_too_large', TOO_LARGE);

const COLUMNS = `id, company_id as "companyId", status, file_name as "fileName", file_size as "fileSize", format, encoding, delimiter, headers, preview,
  suggested_mapping as "suggestedMapping", estimated_rows as "estimatedRows", mapping, list_ids as "listIds", update_existing as "updateExisting",
  blocklist, rows_done as processed, created_count as created, updated_count as updated, skipped_count as skipped, failed_count as failed, error,
  ${iso('created_at')} as "createdAt", ${iso('started_at')} as "startedAt", ${iso('finished_at')} as "finishedAt"`;

function present(scope: Scope, row: StoredImport): ImportRow {
  const { companyId, ...rest } = row;
  const errorReportUrl = row.failed > 0 ? downloadPath('import-errors', row.id, signDownload(scope.config.secret, 'import-errors', companyId, row.id)) : null;
  return { ...rest, listIds: rest.listIds.map(Number), errorReportUrl };
}

export async function getImport(scope: Scope, id: number): Promise<ImportRow> {
  const { rows } = await scope.db.query<StoredImport>(`select ${COLUMNS} from contact_imports where company_id = $1 and id = $2`, [scope.companyId, id]);
  if (!rows[0]) throw notFound();
  return present(scope, rows[0]);
}

export async function listImports(scope: Scope, page: number, perPage: number): Promise<{ rows: ImportRow[]; total: number }> {
  const [{ rows }, count] = await Promise.all([
    scope.db.query<StoredImport>(`select ${COLUMNS} from contact_imports where company_id = $1 order by id desc limit ${perPage} offset ${(page - 1) * perPage}`, [
      scope.companyId,
    ]),
    scope.db.query<{ total: number }>('select count(*)::int as total from contact_imports where company_id = $1', [scope.companyId]),
  ]);
  return { rows: rows.map((r) => present(scope, r)), total: count.rows[0]?.total ?? 0 };
}

interface Inspection {
  format: ImportFormat;
  encoding: string | null;
  delimiter: string | null;
  records: string[][];
  estimatedRows: number | null;
}

/** Reads what the preview needs: format, encoding and delimiter (CSV), the header and first rows, a row estimate. */
async function inspect(file: string, newlines: number, endsWithNewline: boolean): Promise<Inspection> {
  const head = await readHead(file);
  const format = detectFormat(head);
  if (format !== 'csv') {
    try {
      const { rows, totalRows } = readWorkbook(file, PREVIEW_ROWS * 5 + 1);
      return { format, encoding: null, delimiter: null, records: rows, estimatedRows: Math.max(0, totalRows - 1) };
    } catch {
      throw uploadFailed('The spreadsheet cannot be read');
    }
  }
  const encoding = detectEncoding(head);
  const sample = new TextDecoder(encoding).decode(head);
  if (looksBinary(sample)) throw uploadFailed('Only CSV, XLS and XLSX files can be imported');
  const delimiter = detectDelimiter(sample);
  const records: string[][] = [];
  for await (const record of readRecords(file, { format, encoding, delimiter, limit: PREVIEW_ROWS * 5 + 1 })) records.push(record);
  return { format, encoding, delimiter, records, estimatedRows: Math.max(0, newlines + (endsWithNewline ? 0 : 1) - 1) };
}

/**
 * Stores one uploaded file under DATA_DIR/uploads/<company>/ as it streams in (never whole in memory), refuses it
 * past UPLOAD_MAX_BYTES (413) or when it is not a readable CSV, XLS or XLSX with a header row (422), and answers the
 * import in status `uploaded` with its preview and suggested mapping.
 */
export async function receiveUpload(scope: Scope, upload: { filename: string; file: Readable & { truncated?: boolean } }): Promise<ImportRow> {
  const fileName = path.basename(upload.filename || 'contacts.csv').slice(0, 200);
  const extension = path.extname(fileName).toLowerCase();
  if (!EXTENSIONS.has(extension)) {
    upload.file.resume();
    throw uploadFailed('Only CSV, XLS and XLSX files can be imported');
  }
  const dir = path.join(scope.config.dataDir, 'uploads', scope.companyId);
  await mkdir(dir, { recursive: true });
  const stored = path.join(dir, `${randomUUID()}${extension}`);
  let size = 0;
  let newlines = 0;
  let last = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) newlines += 1;
      last = chunk[chunk.length - 1] ?? last;
      callback(null, chunk);
    },
  });
  try {
    await pipeline(upload.file, counter, createWriteStream(stored));
  } catch (error) {
    await rm(stored, { force: true });
    if (upload.file.truncated || (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge();
    throw uploadFailed('The upload was interrupted');
  }
  if (upload.file.truncated) {
    await rm(stored, { force: true });
    throw fileTooLarge();
  }
  try {
    if (size === 0) throw uploadFailed('The file is empty');
    const found = await inspect(stored, newlines, last === 10);
    const header = found.records[0];
    if (!header || isBlank(header)) throw uploadFailed('The first row must hold the column names');
    const headers = header.map((h, i) => h.trim() || `Column ${i + 1}`);
    const preview = found.records
      .slice(1)
      .filter((r) => !isBlank(r))
      .slice(0, PREVIEW_ROWS)
      .map((r) => headers.map((_, i) => r[i] ?? ''));
    const suggested = suggestMapping(headers, (await attributeDefs(scope.db, scope.companyId)).values());
    const { rows } = await scope.db.query<StoredImport>(
      `insert into contact_imports (company_id, user_id, file_name, file_path, file_size, format, encoding, delimiter, headers, preview, suggested_mapping, estimated_rows)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) returning ${COLUMNS}`,
      [
        scope.companyId,
        scope.userId,
        fileName,
        stored,
        size,
        found.format,
        found.encoding,
        found.delimiter,
        JSON.stringify(headers),
        JSON.stringify(preview),
        JSON.stringify(suggested),
        found.estimatedRows,
      ],
    );
    return present(scope, rows[0]!);
  } catch (error) {
    await rm(stored, { force: true });
    throw error;
  }
}

function checkMapping(mapping: ColumnTarget[], headers: string[], attributes: Set<number>, errors: FieldErrors): void {
  if (mapping.length !== headers.length) {
    errors.mapping = [`Give a target for each of the ${headers.length} columns`];
    return;
  }
  const seen = new Map<string, number>();
  mapping.forEach((target, index) => {
    const at = `mapping.${index}`;
    if (target.target === 'attribute') {
      if (target.attributeId === undefined || !attributes.has(target.attributeId)) errors[`${at}.attributeId`] = ['Attribute does not exist'];
    } else if (target.attributeId !== undefined) {
      errors[`${at}.attributeId`] = ['Only an attribute target takes an attribute'];
    }
    if (target.target === 'skip') return;
    const key = target.target === 'attribute' ? `a${target.attributeId}` : target.target;
    if (seen.has(key)) errors[at] = [`Already mapped to column ${seen.get(key)! + 1}`];
    else seen.set(key, index);
  });
  if (!seen.has('email')) errors.mapping = ['Map one column to the email'];
}

/** Fixes the mapping, target lists and options, and queues the import job (in the same transaction). */
export async function startImport(
  scope: Scope,
  id: number,
  input: { mapping: ColumnTarget[]; listIds: number[]; updateExisting?: boolean; blocklist?: boolean },
): Promise<ImportRow> {
  await scope.db.transaction(async (db) => {
    const { rows } = await db.query<{ status: string; headers: string[] }>('select status, headers from contact_imports where company_id = $1 and id = $2 for update', [
      scope.companyId,
      id,
    ]);
    const current = rows[0];
    if (!current) throw notFound();
    if (current.status !== 'uploaded') throw conflict('import_started', 'This import has already started.');
    const errors: FieldErrors = {};
    const listIds = [...new Set(input.listIds)];
    if (!listIds.length) errors.listIds = ['At least one list is required'];
    else if ((await missingLists(db, scope.companyId, listIds)).length) errors.listIds = ['List does not exist'];
    checkMapping(input.mapping, current.headers, new Set((await attributeDefs(db, scope.companyId)).keys()), errors);
    if (Object.keys(errors).length) throw invalid(errors);
    await db.query(
      `update contact_imports set status = 'queued', mapping = $3, list_ids = $4, update_existing = $5, blocklist = $6 where company_id = $1 and id = $2`,
      [scope.companyId, id, JSON.stringify(input.mapping), listIds, input.updateExisting ?? true, input.blocklist ?? false],
    );
    await db.query(
      `select missiva_add_job('import_contacts', json_build_object('companyId', $1::uuid, 'importId', $2::bigint), 5, 'contact-import:' || $2::text)`,
      [scope.companyId, id],
    );
  });
  return getImport(scope, id);
}

function csvCell(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The per-row error report (row, column, reason) as a CSV stream, for a valid signed link. */
export async function errorReport(ctx: AppContext, id: number, token: string): Promise<{ fileName: string; body: Readable }> {
  const companyId = verifyDownload(ctx.config.secret, 'import-errors', id, token);
  const scope = forTenant(ctx, { companyId, userId: null });
  const { rows } = await scope.db.query<{ file_name: string }>('select file_name from contact_imports where company_id = $1 and id = $2', [companyId, id]);
  if (!rows[0]) throw notFound();
  const pool = scope.db;
  async function* lines() {
    yield 'row,column,reason\r\n';
    let after = 0;
    for (;;) {
      const page = await pool.query<{ id: number; row_number: number; column_name: string | null; reason: string }>(
        `select id, row_number, column_name, reason from contact_import_errors where company_id = $1 and import_id = $2 and id > $3 order by id limit 5000`,
        [companyId, id, after],
      );
      if (!page.rows.length) return;
      yield page.rows.map((r) => `${r.row_number},${csvCell(r.column_name)},${csvCell(r.reason)}\r\n`).join('');
      after = page.rows[page.rows.length - 1]!.id;
    }
  }
  return { fileName: `${path.parse(rows[0].file_name).name}-errors.csv`, body: Readable.from(lines()) };
}

