import type { AppContext } from '../../context.ts';
import { invalid } from '../../http/errors.ts';
import { getList } from './lists.ts';
import { selectionClauses, type ContactSelection } from './query.ts';
import { SqlParams, type Actor } from './sql.ts';

export type BulkAction = 'addToList' | 'removeFromList' | 'block' | 'unblock' | 'delete';

/**
 * Applies one action to a selection in a single set-based statement (with its timeline events), whether the
 * selection is ten ids or every contact matching a filter. Answers how many contacts changed.
 */
export async function applyBulkAction(ctx: AppContext, actor: Actor, action: BulkAction, selection: ContactSelection, listId?: number): Promise<number> {
  const needsList = action === 'addToList' || action === 'removeFromList';
  if (needsList && listId === undefined) throw invalid({ listId: ['At least one list is required'] });
  const params = new SqlParams([actor.companyId]);
  if (needsList) await getList(ctx.pool, actor, listId!);
  const where = (await selectionClauses(ctx.pool, actor.companyId, selection, params)).join(' and ');
  const event = (type: string, payload: string) =>
    `ev as (insert into contact_events (company_id, contact_id, type, user_id, payload) select $1, id, '${type}', ${params.add(actor.userId)}::uuid, ${payload} from changed)`;
  let sql: string;
  switch (action) {
    case 'addToList': {
      const list = params.add(listId);
      sql = `with changed as (
               insert into list_members (company_id, list_id, contact_id) select c.company_id, ${list}::bigint, c.id from contacts c where ${where}
               on conflict do nothing returning contact_id as id),
             ${event('list.added', `jsonb_build_object('listId', ${list}::bigint)`)}
             select count(*)::int as n from changed`;
      break;
    }
    case 'removeFromList': {
      const list = params.add(listId);
      sql = `with changed as (
               delete from list_members m using contacts c
                where m.company_id = $1 and m.list_id = ${list}::bigint and m.contact_id = c.id and ${where} returning m.contact_id as id),
             ${event('list.removed', `jsonb_build_object('listId', ${list}::bigint)`)}
             select count(*)::int as n from changed`;
      break;
    }
    case 'block':
      sql = `with changed as (update contacts c set blocked_at = now(), updated_at = now() where ${where} and c.blocked_at is null returning c.id),
             ${event('contact.blocked', `'{}'::jsonb`)}
             select count(*)::int as n from changed`;
      break;
    case 'unblock':
      sql = `with changed as (update contacts c set blocked_at = null, updated_at = now()
                               where ${where} and c.blocked_at is not null and c.anonymised_at is null returning c.id),
             ${event('contact.unblocked', `'{}'::jsonb`)}
             select count(*)::int as n from changed`;
      break;
    case 'delete':
      sql = `with changed as (delete from contacts c where ${where} returning c.id) select count(*)::int as n from changed`;
      break;
  }
  const { rows } = await ctx.pool.query<{ n: number }>(sql, params.values);
  return rows[0]?.n ?? 0;
}
