import type { Scope } from '../scope.ts';
import { conflict, invalid, notFound } from '../../http/errors.ts';
import { iso } from './sql.ts';
import { FIELD_TEXTS } from '../../../shared/fieldTexts.ts';

export interface FolderRow {
  id: number;
  name: string;
  listCount: number;
  createdAt: string;
  updatedAt: string;
}

const SELECT = `select f.id, f.name, (select count(*)::int from lists l where l.company_id = f.company_id and l.folder_id = f.id) as "listCount",
  ${iso('f.created_at')} as "createdAt", ${iso('f.updated_at')} as "updatedAt" from folders f`;

function checkedName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw invalid({ name: [FIELD_TEXTS.nameRequired] });
  return trimmed;
}

export async function listFolders(scope: Scope): Promise<FolderRow[]> {
  const { rows } = await scope.db.query<FolderRow>(`${SELECT} where f.company_id = $1 order by lower(f.name), f.id`, [
    scope.companyId,
  ]);
  return rows;
}

export async function getFolder(scope: Scope, id: number): Promise<FolderRow> {
  const { rows } = await scope.db.query<FolderRow>(`${SELECT} where f.company_id = $1 and f.id = $2`, [
    scope.companyId,
    id,
  ]);
  if (!rows[0]) throw notFound();
  return rows[0];
}

export async function createFolder(scope: Scope, name: string): Promise<FolderRow> {
  const { rows } = await scope.db.query<{ id: number }>(
    'insert into folders (company_id, name) values ($1, $2) returning id',
    [scope.companyId, checkedName(name)],
  );
  return getFolder(scope, rows[0]!.id);
}

export async function renameFolder(scope: Scope, id: number, name: string): Promise<FolderRow> {
  const { rowCount } = await scope.db.query(
    'update folders set name = $3, updated_at = now() where company_id = $1 and id = $2',
    [scope.companyId, id, checkedName(name)],
  );
  if (!rowCount) throw notFound();
  return getFolder(scope, id);
}

/** A folder that is not empty cannot be deleted (the lists' foreign key refuses it too, under concurrency). */
export async function deleteFolder(scope: Scope, id: number): Promise<void> {
  try {
    const { rowCount } = await scope.db.query(
      `delete from folders f where f.company_id = $1 and f.id = $2
         and not exists (select 1 from lists l where l.company_id = f.company_id and l.folder_id = f.id)`,
      [scope.companyId, id],
    );
    if (rowCount) return;
  } catch (error) {
    if ((error as { code?: string }).code !== '23503') throw error;
  }
  await getFolder(scope, id); // 404 when it does not exist
  throw conflict('folder_not_empty', 'A folder that is not empty cannot be deleted');
}
