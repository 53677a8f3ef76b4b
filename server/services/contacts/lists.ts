import type { Scope } from '../scope.ts';
import { invalid, notFound, type FieldErrors } from '../../http/errors.ts';
import { iso, likeEscape, SqlParams, type Db } from './sql.ts';
import { FIELD_TEXTS } from '../../../shared/fieldTexts.ts';

const CREATE_FAILED = 'Error creating this list.';

export interface ListRow {
  id: number;
  name: string;
  folderId: number;
  memberCount: number;
  createdAt: string;
  updatedAt: string;
}

const COLUMNS = `l.id, l.name, l.folder_id as "folderId", l.member_count as "memberCount",
  ${iso('l.created_at')} as "createdAt", ${iso('l.updated_at')} as "updatedAt"`;

export async function listLists(
  scope: Scope,
  query: { page: number; perPage: number; folderId?: number; q?: string },
): Promise<{ rows: ListRow[]; total: number }> {
  const params = new SqlParams([scope.companyId]);
  const where = ['l.company_id = $1'];
  if (query.folderId !== undefined) where.push(`l.folder_id = ${params.add(query.folderId)}`);
  if (query.q?.trim()) where.push(`l.name ilike ${params.add(`%${likeEscape(query.q.trim())}%`)}`);
  const filter = where.join(' and ');
  const [{ rows }, count] = await Promise.all([
    scope.db.query<ListRow>(
      `select ${COLUMNS} from lists l where ${filter} order by lower(l.name), l.id limit ${query.perPage} offset ${(query.page - 1) * query.perPage}`,
      params.values,
    ),
    scope.db.query<{ total: number }>(`select count(*)::int as total from lists l where ${filter}`, params.values),
  ]);
  return { rows, total: count.rows[0]?.total ?? 0 };
}

export async function getList(scope: Scope, id: number): Promise<ListRow> {
  const { rows } = await scope.db.query<ListRow>(
    `select ${COLUMNS} from lists l where l.company_id = $1 and l.id = $2`,
    [scope.companyId, id],
  );
  if (!rows[0]) throw notFound();
  return rows[0];
}

/** Checks that every list id belongs to the company; answers the missing ones. */
export async function missingLists(db: Db, companyId: string, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const { rows } = await db.query<{ id: number }>(
    'select id from lists where company_id = $1 and id = any($2::bigint[])',
    [companyId, ids],
  );
  const found = new Set(rows.map((r) => r.id));
  return ids.filter((id) => !found.has(id));
}

/**
 * Locks the company's lists among `ids` against deletion until the transaction ends, and answers the ids found, in
 * order. A statement trigger of the deleting transaction removes the members of a deleted list, and it cannot see
 * members written by a transaction that has not committed: whoever writes members holds their lists this way first.
 */
export async function lockLists(db: Db, companyId: string, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const { rows } = await db.query<{ id: number }>(
    'select id from lists where company_id = $1 and id = any($2::bigint[]) order by id for key share',
    [companyId, ids],
  );
  return rows.map((r) => Number(r.id));
}

async function folderExists(db: Db, companyId: string, folderId: number): Promise<boolean> {
  const { rowCount } = await db.query('select 1 from folders where company_id = $1 and id = $2', [companyId, folderId]);
  return Boolean(rowCount);
}

export async function createList(scope: Scope, input: { name: string; folderId: number }): Promise<ListRow> {
  const errors: FieldErrors = {};
  const name = input.name.trim();
  if (!name) errors.name = [FIELD_TEXTS.nameRequired];
  if (!(await folderExists(scope.db, scope.companyId, input.folderId))) errors.folderId = [FIELD_TEXTS.folderMissing];
  if (Object.keys(errors).length) throw invalid(errors, CREATE_FAILED);
  const { rows } = await scope.db.query<{ id: number }>(
    'insert into lists (company_id, folder_id, name) values ($1, $2, $3) returning id',
    [scope.companyId, input.folderId, name],
  );
  return getList(scope, rows[0]!.id);
}

export async function updateList(
  scope: Scope,
  id: number,
  patch: { name?: string; folderId?: number },
): Promise<ListRow> {
  await getList(scope, id);
  const errors: FieldErrors = {};
  const name = patch.name?.trim();
  if (patch.name !== undefined && !name) errors.name = [FIELD_TEXTS.nameRequired];
  if (patch.folderId !== undefined && !(await folderExists(scope.db, scope.companyId, patch.folderId)))
    errors.folderId = [FIELD_TEXTS.folderMissing];
  if (Object.keys(errors).length) throw invalid(errors);
  await scope.db.query(
    `update lists set name = coalesce($3, name), folder_id = coalesce($4, folder_id), updated_at = now() where company_id = $1 and id = $2`,
    [scope.companyId, id, name ?? null, patch.folderId ?? null],
  );
  return getList(scope, id);
}

/** Deletes the list and its memberships (a statement trigger removes them); the contacts stay. */
export async function deleteList(scope: Scope, id: number): Promise<void> {
  const { rowCount } = await scope.db.query('delete from lists where company_id = $1 and id = $2', [
    scope.companyId,
    id,
  ]);
  if (!rowCount) throw notFound();
}
