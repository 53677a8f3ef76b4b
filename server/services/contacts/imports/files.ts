import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../../../context.ts';
import type { Queryable } from '../../../db/tenant.ts';
import { conflict, notFound } from '../../../http/errors.ts';
import type { Scope } from '../../scope.ts';

/** An import never started is deleted with its file after this many hours (uploads abandoned at the mapping step). */
export const ABANDONED_AFTER_HOURS = 24;

export const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');

/** Deletes an import's file once nothing reads it again (finished, failed for good) and forgets its path. */
export async function releaseFile(pool: Queryable, companyId: string, importId: number): Promise<void> {
  const { rows } = await pool.query<{ file_path: string }>(
    `update contact_imports i set file_path = null
       from (select file_path from contact_imports where company_id = $1 and id = $2 for update) old
      where i.company_id = $1 and i.id = $2 and old.file_path is not null returning old.file_path`,
    [companyId, importId],
  );
  if (rows[0]) await rm(rows[0].file_path, { force: true });
}

/** Deletes an import that is not queued or running, its error rows (by trigger) and its file; the contacts stay. */
export async function deleteImport(scope: Scope, id: number): Promise<void> {
  const file = await scope.db.transaction(async (db) => {
    const { rows } = await db.query<{ status: string; file_path: string | null }>(
      'select status, file_path from contact_imports where company_id = $1 and id = $2 for update',
      [scope.companyId, id],
    );
    const row = rows[0];
    if (!row) throw notFound();
    if (row.status === 'queued' || row.status === 'running')
      throw conflict('import_running', 'This import is running and cannot be deleted.');
    await db.query('delete from contact_imports where company_id = $1 and id = $2', [scope.companyId, id]);
    return row.file_path;
  });
  if (file) await rm(file, { force: true });
}

/**
 * Deletes the imports never started within ABANDONED_AFTER_HOURS with their files, then any file under
 * DATA_DIR/uploads older than that which no import names (an upload cut off between storing and recording it).
 * Runs hourly from the job worker's crontab. Answers how many imports and stray files went.
 */
export async function cleanAbandonedUploads(
  ctx: AppContext,
  now = Date.now(),
): Promise<{ imports: number; files: number }> {
  const { rows } = await ctx.pool.query<{ file_path: string | null }>(
    `delete from contact_imports
      where status = 'uploaded' and created_at < now() - make_interval(hours => $1) returning file_path`,
    [ABANDONED_AFTER_HOURS],
  );
  for (const row of rows) if (row.file_path) await rm(row.file_path, { force: true });
  let files = 0;
  const root = uploadsDir(ctx.config.dataDir);
  const companies = await readdir(root).catch(() => [] as string[]);
  for (const company of companies) {
    const dir = path.join(root, company);
    for (const name of await readdir(dir).catch(() => [] as string[])) {
      const file = path.join(dir, name);
      const info = await stat(file).catch(() => undefined);
      if (!info?.isFile() || now - info.mtimeMs < ABANDONED_AFTER_HOURS * 3_600_000) continue;
      const named = await ctx.pool.query('select 1 from contact_imports where file_path = $1 limit 1', [file]);
      if (named.rowCount) continue;
      await rm(file, { force: true });
      files += 1;
    }
  }
  return { imports: rows.length, files };
}
