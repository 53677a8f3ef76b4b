import type { Scope } from '../scope.ts';
import { invalid, notFound } from '../../http/errors.ts';
import { lockLists } from './lists.ts';
import { lockContacts } from './locks.ts';
import { blocksContact } from '../messaging/blocklist.ts';
import { selectionClauses, type ContactSelection } from './query.ts';
import { SqlParams } from './sql.ts';
import { emitWebhookEvents } from '../integrations/outbox.ts';
import { FIELD_TEXTS } from '../../../shared/fieldTexts.ts';

export type BulkAction = 'addToList' | 'removeFromList' | 'block' | 'unblock' | 'delete';

/**
 * Applies one action to a selection in a single set-based statement (with its timeline events), whether the
 * selection is ten ids or every contact matching a filter. Answers how many contacts changed. The list of a list
 * action and the company's contacts (see lockContacts) are held against deletion until the statement commits, so a
 * list or a contact deleted meanwhile keeps no members or events.
 */
export async function applyBulkAction(
  scope: Scope,
  action: BulkAction,
  selection: ContactSelection,
  listId?: number,
): Promise<number> {
  const needsList = action === 'addToList' || action === 'removeFromList';
  if (needsList && listId === undefined) throw invalid({ listId: [FIELD_TEXTS.listRequired] });
  return scope.db.transaction(async (db) => {
    await lockContacts(db, scope.companyId, action === 'delete' ? 'exclusive' : 'shared');
    if (needsList && !(await lockLists(db, scope.companyId, [listId!])).length) throw notFound();
    const params = new SqlParams([scope.companyId]);
    const where = (await selectionClauses(db, scope.companyId, selection, params)).join(' and ');
    const { rows } = await db.query<{ n: number; ids?: number[] }>(
      statement(action, where, params, scope.userId, listId),
      params.values,
    );
    // Each contact a bulk delete removed is a contact.deleted webhook event, written in the same transaction.
    const ids = rows[0]?.ids ?? [];
    if (ids.length) {
      await emitWebhookEvents(
        db,
        scope.companyId,
        'contact.deleted',
        ids.map((id) => ({ id })),
      );
    }
    return rows[0]?.n ?? 0;
  });
}

/** The statement of one action on the contacts `where` selects (alias `c`, company as $1); it answers the count as `n`. */
function statement(
  action: BulkAction,
  where: string,
  params: SqlParams,
  userId: string | null,
  listId: number | undefined,
): string {
  const event = (type: string, payload: string) =>
    `ev as (insert into contact_events (company_id, contact_id, type, user_id, payload) select $1, id, '${type}', ${params.add(userId)}::uuid, ${payload} from changed)`;
  switch (action) {
    case 'addToList': {
      const list = params.add(listId);
      return `with changed as (
               insert into list_members (company_id, list_id, contact_id) select c.company_id, ${list}::bigint, c.id from contacts c where ${where}
               on conflict do nothing returning contact_id as id),
             ${event('list.added', `jsonb_build_object('listId', ${list}::bigint)`)}
             select count(*)::int as n from changed`;
    }
    case 'removeFromList': {
      const list = params.add(listId);
      return `with changed as (
               delete from list_members m using contacts c
                where m.company_id = $1 and m.list_id = ${list}::bigint and m.contact_id = c.id and ${where} returning m.contact_id as id),
             ${event('list.removed', `jsonb_build_object('listId', ${list}::bigint)`)}
             select count(*)::int as n from changed`;
    }
    case 'block':
      return `with changed as (update contacts c set blocked_at = now(), updated_at = now() where ${where} and c.blocked_at is null returning c.id),
             ${event('contact.blocked', `'{}'::jsonb`)}
             select count(*)::int as n from changed`;
    case 'unblock':
      return `with changed as (update contacts c set blocked_at = null, updated_at = now()
                               where ${where} and c.blocked_at is not null and c.anonymised_at is null returning c.id),
             ${event('contact.unblocked', `'{}'::jsonb`)},
             released as (delete from channel_blocklist b using changed ch, contacts u
                           where b.company_id = $1 and u.company_id = $1 and u.id = ch.id
                             and ${blocksContact('b', 'u')})
             select count(*)::int as n from changed`;
    case 'delete':
      return `with changed as (delete from contacts c where ${where} returning c.id)
             select count(*)::int as n, coalesce(array_agg(id::int), '{}') as ids from changed`;
  }
}
