/**
 * The file a model's file source reads (issue 24 §2): uploaded through the contacts import path (the same extensions,
 * size limit and caps, inspected in a worker thread), kept under DATA_DIR/userflow-files/<company>/ — apart from the
 * contact imports' uploads, whose hourly sweep deletes files no import names — and recorded in userflow_files, one
 * per model. A new upload replaces the previous file; deleting the model deletes its file.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { USERFLOW_ERRORS, USERFLOW_LIMITS } from '../../../shared/userflow.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { storeUpload } from '../contacts/imports/imports.ts';
import { inspectUpload } from '../contacts/imports/inspector.ts';
import { uploadFailed } from '../contacts/imports/limits.ts';
import type { Scope } from '../scope.ts';
import { uniqueColumns } from './connectors/values.ts';
import { getModel, type UserflowModel } from './models.ts';

export const modelFilesDir = (dataDir: string, companyId: string) => path.join(dataDir, 'userflow-files', companyId);

export async function receiveModelFile(
  scope: Scope,
  modelId: number,
  upload: { filename: string; file: Readable & { truncated?: boolean } },
): Promise<UserflowModel> {
  const model = await getModel(scope, modelId);
  if (model.status === 'training') {
    upload.file.resume();
    throw conflict('busy', USERFLOW_ERRORS.busy);
  }
  const dir = modelFilesDir(scope.config.dataDir, scope.companyId);
  const { fileName, stored, size, newlines, endsWithNewline } = await storeUpload(dir, upload, 'data.csv');
  let previous: string | null = null;
  try {
    const found = await inspectUpload({ path: stored, newlines, endsWithNewline });
    if (found.headers.length > USERFLOW_LIMITS.maxColumns) {
      throw uploadFailed(`The file has more than ${USERFLOW_LIMITS.maxColumns} columns`);
    }
    const rows = found.estimatedRows ?? 0;
    const config = { fileName, rows, uploadedAt: new Date().toISOString() };
    previous = await scope.db.transaction(async (db) => {
      const current = await db.query<{ status: string }>(
        'select status from userflow_models where company_id = $1 and id = $2 for update',
        [scope.companyId, modelId],
      );
      if (!current.rows[0]) throw notFound();
      if (current.rows[0].status === 'training') throw conflict('busy', USERFLOW_ERRORS.busy);
      const old = await db.query<{ file_path: string }>(
        'select file_path from userflow_files where company_id = $1 and model_id = $2',
        [scope.companyId, modelId],
      );
      await db.query(
        `insert into userflow_files (company_id, model_id, file_path, file_name, file_size, format, encoding, delimiter,
           headers, rows)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         on conflict (company_id, model_id) do update set file_path = excluded.file_path,
           file_name = excluded.file_name, file_size = excluded.file_size, format = excluded.format,
           encoding = excluded.encoding, delimiter = excluded.delimiter, headers = excluded.headers,
           rows = excluded.rows, uploaded_at = now()`,
        [
          scope.companyId,
          modelId,
          stored,
          fileName,
          size,
          found.format,
          found.encoding,
          found.delimiter,
          JSON.stringify(uniqueColumns(found.headers)),
          rows,
        ],
      );
      await db.query(
        `update userflow_models set source = $3, source_secrets = null, updated_at = now()
         where company_id = $1 and id = $2`,
        [scope.companyId, modelId, JSON.stringify({ kind: 'file', config })],
      );
      return old.rows[0]?.file_path ?? null;
    });
  } catch (error) {
    await rm(stored, { force: true });
    throw error;
  }
  if (previous && previous !== stored) await rm(previous, { force: true });
  return getModel(scope, modelId);
}

/** The stored file of a model, or null (read before the model is deleted, so the file can go with it). */
export async function modelFilePath(scope: Scope, modelId: number): Promise<string | null> {
  const { rows } = await scope.db.query<{ file_path: string }>(
    'select file_path from userflow_files where company_id = $1 and model_id = $2',
    [scope.companyId, modelId],
  );
  return rows[0]?.file_path ?? null;
}
