import { assertWithinLimit } from '../../billing/limits.ts';
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AppContext } from '../../../context.ts';
import { forTenant, type Scope } from '../../scope.ts';
import { conflict, HttpError, invalid, notFound, type FieldErrors } from '../../../http/errors.ts';
import type { components } from '../../../../shared/contract/schema.d.ts';
import { attributeDefs } from '../attributes.ts';
import { csvRows } from '../csv.ts';
import { downloadPath, signDownload, verifyDownload } from '../downloads.ts';
import { missingLists } from '../lists.ts';
import { iso } from '../sql.ts';
import { suggestMapping, type ColumnTarget } from './mapping.ts';
import { FIELD_TEXTS } from '../../../../shared/fieldTexts.ts';
import { TASKS } from '../../../../shared/jobs.ts';
import { enqueue } from '../../../jobs/enqueue.ts';
import { uploadsDir } from './files.ts';
import { inspectUpload } from './inspector.ts';
import { FILE_TEXTS, uploadFailed } from './limits.ts';

export type ImportRow = components['schemas']['ContactImport'];
type StoredImport = Omit<ImportRow, 'errorReportUrl'> & { companyId: string };

export { UPLOAD_FAILED, uploadFailed } from './limits.ts';
export const TOO_LARGE = 'You exceeded the maximum filesize';
const EXTENSIONS = new Set(['.csv', '.txt', '.tsv', '.xls', '.xlsx']);

export const fileTooLarge = () => new HttpError(413, 'file_too_large', TOO_LARGE);

const COLUMNS = `id, company_id as "companyId", status, file_name as "fileName", file_size as "fileSize", format, encoding, delimiter, headers, preview,
  suggested_mapping as "suggestedMapping", estimated_rows as "estimatedRows", mapping, list_ids as "listIds", update_existing as "updateExisting",
  blocklist, rows_done as processed, created_count as created, updated_count as updated, skipped_count as skipped, failed_count as failed, error,
  ${iso('created_at')} as "createdAt", ${iso('started_at')} as "startedAt", ${iso('finished_at')} as "finishedAt"`;

function present(scope: Scope, row: StoredImport): ImportRow {
  const { companyId, ...rest } = row;
  const errorReportUrl =
    row.failed > 0
      ? downloadPath('import-errors', row.id, signDownload(scope.config.secret, 'import-errors', companyId, row.id))
      : null;
  return { ...rest, listIds: rest.listIds.map(Number), errorReportUrl };
}

export async function getImport(scope: Scope, id: number): Promise<ImportRow> {
  const { rows } = await scope.db.query<StoredImport>(
    `select ${COLUMNS} from contact_imports where company_id = $1 and id = $2`,
    [scope.companyId, id],
  );
  if (!rows[0]) throw notFound();
  return present(scope, rows[0]);
}

export async function listImports(
  scope: Scope,
  page: number,
  perPage: number,
): Promise<{ rows: ImportRow[]; total: number }> {
  const [{ rows }, count] = await Promise.all([
    scope.db.query<StoredImport>(
      `select ${COLUMNS} from contact_imports where company_id = $1 order by id desc limit ${perPage} offset ${(page - 1) * perPage}`,
      [scope.companyId],
    ),
    scope.db.query<{ total: number }>('select count(*)::int as total from contact_imports where company_id = $1', [
      scope.companyId,
    ]),
  ]);
  return { rows: rows.map((r) => present(scope, r)), total: count.rows[0]?.total ?? 0 };
}

/** An upload stored on disk, with what was counted on the way (the CSV row estimate comes from its line breaks). */
export interface StoredUpload {
  fileName: string;
  stored: string;
  size: number;
  newlines: number;
  endsWithNewline: boolean;
}

/**
 * Streams one uploaded file into `dir` (never whole in memory) under a random name with its extension, refusing it
 * past UPLOAD_MAX_BYTES (413) or when its extension is not CSV, TSV, TXT, XLS or XLSX (422). UserFlow's file source
 * stores its uploads through this too.
 */
export async function storeUpload(
  dir: string,
  upload: { filename: string; file: Readable & { truncated?: boolean } },
  fallbackName: string,
): Promise<StoredUpload> {
  const fileName = path.basename(upload.filename || fallbackName).slice(0, 200);
  const extension = path.extname(fileName).toLowerCase();
  if (!EXTENSIONS.has(extension)) {
    upload.file.resume();
    throw uploadFailed(FILE_TEXTS.unsupported);
  }
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
  if (size === 0) {
    await rm(stored, { force: true });
    throw uploadFailed('The file is empty');
  }
  return { fileName, stored, size, newlines, endsWithNewline: last === 10 };
}

/**
 * Stores one uploaded file under DATA_DIR/uploads/<company>/ as it streams in (never whole in memory), refuses it
 * past UPLOAD_MAX_BYTES (413) or when it is not a readable CSV, XLS or XLSX with a header row (422), and answers the
 * import in status `uploaded` with its preview and suggested mapping.
 */
export async function receiveUpload(
  scope: Scope,
  upload: { filename: string; file: Readable & { truncated?: boolean } },
): Promise<ImportRow> {
  const dir = path.join(uploadsDir(scope.config.dataDir), scope.companyId);
  const { fileName, stored, size, newlines, endsWithNewline } = await storeUpload(dir, upload, 'contacts.csv');
  try {
    const found = await inspectUpload({ path: stored, newlines, endsWithNewline });
    const { headers, preview } = found;
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
      if (target.attributeId === undefined || !attributes.has(target.attributeId))
        errors[`${at}.attributeId`] = [FIELD_TEXTS.attributeMissing];
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
    const { rows } = await db.query<{ status: string; headers: string[] }>(
      'select status, headers from contact_imports where company_id = $1 and id = $2 for update',
      [scope.companyId, id],
    );
    const current = rows[0];
    if (!current) throw notFound();
    if (current.status !== 'uploaded') throw conflict('import_started', 'This import has already started.');
    // A company at its plan's contact limit cannot start an import (402 Upgrade required, shown where it tried).
    await assertWithinLimit(db, scope.companyId, 'contacts', 1, scope.config.billing);
    const errors: FieldErrors = {};
    const listIds = [...new Set(input.listIds)];
    if (!listIds.length) errors.listIds = [FIELD_TEXTS.listRequired];
    else if ((await missingLists(db, scope.companyId, listIds)).length) errors.listIds = [FIELD_TEXTS.listMissing];
    checkMapping(input.mapping, current.headers, new Set((await attributeDefs(db, scope.companyId)).keys()), errors);
    if (Object.keys(errors).length) throw invalid(errors);
    await db.query(
      `update contact_imports set status = 'queued', mapping = $3, list_ids = $4, update_existing = $5, blocklist = $6 where company_id = $1 and id = $2`,
      [
        scope.companyId,
        id,
        JSON.stringify(input.mapping),
        listIds,
        input.updateExisting ?? true,
        input.blocklist ?? false,
      ],
    );
    await enqueue(db, TASKS.importContacts, { companyId: scope.companyId, importId: id });
  });
  return getImport(scope, id);
}

/** The per-row error report (row, column, reason) as a CSV stream, for a valid signed link. */
export async function errorReport(
  ctx: AppContext,
  id: number,
  token: string,
): Promise<{ fileName: string; body: Readable }> {
  const companyId = verifyDownload(ctx.config.secret, 'import-errors', id, token);
  const scope = forTenant(ctx, { companyId, userId: null });
  const { rows } = await scope.db.query<{ file_name: string }>(
    'select file_name from contact_imports where company_id = $1 and id = $2',
    [companyId, id],
  );
  if (!rows[0]) throw notFound();
  const pool = scope.db;
  async function* lines() {
    yield csvRows([['row', 'column', 'reason']]);
    let after = 0;
    for (;;) {
      const page = await pool.query<{ id: number; row_number: number; column_name: string | null; reason: string }>(
        `select id, row_number, column_name, reason from contact_import_errors where company_id = $1 and import_id = $2 and id > $3 order by id limit 5000`,
        [companyId, id, after],
      );
      if (!page.rows.length) return;
      // Column names come from the uploaded file's header: a formula there is neutralised like any cell.
      yield csvRows(page.rows.map((r) => [r.row_number, r.column_name, r.reason]));
      after = page.rows[page.rows.length - 1]!.id;
    }
  }
  return { fileName: `${path.parse(rows[0].file_name).name}-errors.csv`, body: Readable.from(lines()) };
}
