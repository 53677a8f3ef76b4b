import type { AppContext } from '../../context.ts';
import { conflict, invalid, notFound } from '../../http/errors.ts';
import { iso, type Actor } from './sql.ts';
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

export async function listFolders(ctx: AppContext, actor: Actor): Promise<FolderRow[]> {
  const { rows } = await ctx.pool.query<FolderRow>(`${SELECT} where f.company_id = $1 order by lower(f.name), f.id`, [actor.companyId]);
  return rows;
}

export async function getFolder(ctx: AppContext, actor: Actor, id: number): Promise<FolderRow> {
  const { rows } = await ctx.pool.query<FolderRow>(`${SELECT} where f.company_id = $1 and f.id = $2`, [actor.companyId, id]);
  if (!rows[0]) throw notFound();
  return rows[0];
}

export async function createFolder(ctx: AppContext, actor: Actor, name: string): Promise<FolderRow> {
  const { rows } = await ctx.pool.query<{ id: number }>('insert into folders (company_id, name) values ($1, $2) returning id', [
    actor.companyId,
    checkedName(name),
  ]);
  return getFolder(ctx, actor, rows[0]!.id);
}

export async function renameFolder(ctx: AppContext, actor: Actor, id: number, name: string): Promise<FolderRow> {
  const { rowCount } = await ctx.pool.query('update folders set name = $3, updated_at = now() where company_id = $1 and id = $2', [
    actor.companyId,
    id,
    checkedName(name),
  ]);
  if (!rowCount) throw notFound();
  return getFolder(ctx, actor, id);
}

/** A folder that is not empty cannot be deleted (the lists' foreign key refuses it too, under concurrency). */
export async function deleteFolder(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  try {
    const { rowCount } = await ctx.pool.query(
      `delete from folders f where f.company_id = $1 and f.id = $2
         and not exists (select 1 from lists l where l.company_id = f.company_id and l.folder_id = f.id)`,
      [actor.companyId, id],
    );
    if (rowCount) return;
  } catch (error) {
    if ((error as { code?: string }).code !== '23503') throw error;
  }
  await getFolder(ctx, actor, id); // 404 when it does not exist
  throw conflict('folder_not_empty', 'A folder that is not empty cannot be deleted');
}
