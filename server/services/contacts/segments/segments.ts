import type { Scope } from '../../scope.ts';
import { invalid, notFound } from '../../../http/errors.ts';
import type { components } from '../../../../shared/contract/schema.d.ts';
import { attributeDefs } from '../attributes.ts';
import { segmentConditions } from '../query.ts';
import { iso, SqlParams, type Db } from '../sql.ts';
import { compileSegment } from './compile.ts';
import type { SegmentGroup } from './types.ts';
import { validateConditions } from './validate.ts';
import { FIELD_TEXTS } from '../../../../shared/fieldTexts.ts';

type SegmentRow = components['schemas']['Segment'];

const COLUMNS = `id, name, conditions, ${iso('created_at')} as "createdAt", ${iso('updated_at')} as "updatedAt"`;

async function checked(
  db: Db,
  companyId: string,
  input: { name: string; conditions: SegmentGroup },
): Promise<{ name: string; conditions: SegmentGroup }> {
  const name = input.name.trim();
  if (!name) throw invalid({ name: [FIELD_TEXTS.nameRequired] });
  await validateConditions(db, companyId, input.conditions, await attributeDefs(db, companyId));
  return { name, conditions: input.conditions };
}

export async function listSegments(scope: Scope): Promise<SegmentRow[]> {
  const { rows } = await scope.db.query<SegmentRow>(
    `select ${COLUMNS} from segments where company_id = $1 order by lower(name), id`,
    [scope.companyId],
  );
  return rows;
}

export async function getSegment(scope: Scope, id: number): Promise<SegmentRow> {
  const { rows } = await scope.db.query<SegmentRow>(
    `select ${COLUMNS} from segments where company_id = $1 and id = $2`,
    [scope.companyId, id],
  );
  if (!rows[0]) throw notFound();
  return rows[0];
}

export async function createSegment(
  scope: Scope,
  input: { name: string; conditions: SegmentGroup },
): Promise<SegmentRow> {
  const { name, conditions } = await checked(scope.db, scope.companyId, input);
  const { rows } = await scope.db.query<SegmentRow>(
    `insert into segments (company_id, name, conditions) values ($1, $2, $3) returning ${COLUMNS}`,
    [scope.companyId, name, JSON.stringify(conditions)],
  );
  return rows[0]!;
}

export async function updateSegment(
  scope: Scope,
  id: number,
  input: { name: string; conditions: SegmentGroup },
): Promise<SegmentRow> {
  await getSegment(scope, id);
  const { name, conditions } = await checked(scope.db, scope.companyId, input);
  const { rows } = await scope.db.query<SegmentRow>(
    `update segments set name = $3, conditions = $4, updated_at = now() where company_id = $1 and id = $2 returning ${COLUMNS}`,
    [scope.companyId, id, name, JSON.stringify(conditions)],
  );
  if (!rows[0]) throw notFound();
  return rows[0];
}

export async function deleteSegment(scope: Scope, id: number): Promise<void> {
  const { rowCount } = await scope.db.query('delete from segments where company_id = $1 and id = $2', [
    scope.companyId,
    id,
  ]);
  if (!rowCount) throw notFound();
}

/** Counts the company's contacts matching a condition tree, with the same compiled SQL as pages and exports. */
export async function countMatching(db: Db, companyId: string, conditions: SegmentGroup): Promise<number> {
  const params = new SqlParams([companyId]);
  const where = compileSegment(conditions, { params, attributes: await attributeDefs(db, companyId) });
  const { rows } = await db.query<{ count: number }>(
    `select count(*)::int as count from contacts c where c.company_id = $1 and ${where}`,
    params.values,
  );
  return rows[0]?.count ?? 0;
}

/** The live count while editing: validated like a save, never stored. */
export async function countConditions(scope: Scope, conditions: SegmentGroup): Promise<number> {
  await validateConditions(scope.db, scope.companyId, conditions, await attributeDefs(scope.db, scope.companyId));
  return countMatching(scope.db, scope.companyId, conditions);
}

export async function countSegment(scope: Scope, id: number): Promise<number> {
  return countMatching(scope.db, scope.companyId, await segmentConditions(scope.db, scope.companyId, id));
}
