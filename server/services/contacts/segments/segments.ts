import type { AppContext } from '../../../context.ts';
import { invalid, notFound } from '../../../http/errors.ts';
import type { components } from '../../../../shared/contract/schema.d.ts';
import { attributeDefs } from '../attributes.ts';
import { segmentConditions } from '../query.ts';
import { iso, SqlParams, type Actor, type Db } from '../sql.ts';
import { compileSegment } from './compile.ts';
import type { SegmentGroup } from './types.ts';
import { validateConditions } from './validate.ts';
import { FIELD_TEXTS } from '../../../../shared/fieldTexts.ts';

type SegmentRow = components['schemas']['Segment'];

const COLUMNS = `id, name, conditions, ${iso('created_at')} as "createdAt", ${iso('updated_at')} as "updatedAt"`;

async function checked(db: Db, companyId: string, input: { name: string; conditions: SegmentGroup }): Promise<{ name: string; conditions: SegmentGroup }> {
  const name = input.name.trim();
  if (!name) throw invalid({ name: [FIELD_TEXTS.nameRequired] });
  await validateConditions(db, companyId, input.conditions, await attributeDefs(db, companyId));
  return { name, conditions: input.conditions };
}

export async function listSegments(ctx: AppContext, actor: Actor): Promise<SegmentRow[]> {
  const { rows } = await ctx.pool.query<SegmentRow>(`select ${COLUMNS} from segments where company_id = $1 order by lower(name), id`, [actor.companyId]);
  return rows;
}

export async function getSegment(ctx: AppContext, actor: Actor, id: number): Promise<SegmentRow> {
  const { rows } = await ctx.pool.query<SegmentRow>(`select ${COLUMNS} from segments where company_id = $1 and id = $2`, [actor.companyId, id]);
  if (!rows[0]) throw notFound();
  return rows[0];
}

export async function createSegment(ctx: AppContext, actor: Actor, input: { name: string; conditions: SegmentGroup }): Promise<SegmentRow> {
  const { name, conditions } = await checked(ctx.pool, actor.companyId, input);
  const { rows } = await ctx.pool.query<SegmentRow>(`insert into segments (company_id, name, conditions) values ($1, $2, $3) returning ${COLUMNS}`, [
    actor.companyId,
    name,
    JSON.stringify(conditions),
  ]);
  return rows[0]!;
}

export async function updateSegment(ctx: AppContext, actor: Actor, id: number, input: { name: string; conditions: SegmentGroup }): Promise<SegmentRow> {
  await getSegment(ctx, actor, id);
  const { name, conditions } = await checked(ctx.pool, actor.companyId, input);
  const { rows } = await ctx.pool.query<SegmentRow>(
    `update segments set name = $3, conditions = $4, updated_at = now() where company_id = $1 and id = $2 returning ${COLUMNS}`,
    [actor.companyId, id, name, JSON.stringify(conditions)],
  );
  if (!rows[0]) throw notFound();
  return rows[0];
}

export async function deleteSegment(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  const { rowCount } = await ctx.pool.query('delete from segments where company_id = $1 and id = $2', [actor.companyId, id]);
  if (!rowCount) throw notFound();
}

/** Counts the company's contacts matching a condition tree, with the same compiled SQL as pages and exports. */
export async function countMatching(db: Db, companyId: string, conditions: SegmentGroup): Promise<number> {
  const params = new SqlParams([companyId]);
  const where = compileSegment(conditions, { params, attributes: await attributeDefs(db, companyId) });
  const { rows } = await db.query<{ count: number }>(`select count(*)::int as count from contacts c where c.company_id = $1 and ${where}`, params.values);
  return rows[0]?.count ?? 0;
}

/** The live count while editing: validated like a save, never stored. */
export async function countConditions(ctx: AppContext, actor: Actor, conditions: SegmentGroup): Promise<number> {
  await validateConditions(ctx.pool, actor.companyId, conditions, await attributeDefs(ctx.pool, actor.companyId));
  return countMatching(ctx.pool, actor.companyId, conditions);
}

export async function countSegment(ctx: AppContext, actor: Actor, id: number): Promise<number> {
  return countMatching(ctx.pool, actor.companyId, await segmentConditions(ctx.pool, actor.companyId, id));
}
