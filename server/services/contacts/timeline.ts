import type { Scope } from '../scope.ts';
import { notFound } from '../../http/errors.ts';
import type { components } from '../../../shared/contract/schema.d.ts';
import { pageOf, pagePosition, type Page, type PageRequest } from './paging.ts';
import { iso, SqlParams, type Db } from './sql.ts';

export type EventRow = components['schemas']['ContactEvent'];

/**
 * The start of a query for a contact's events, up to its FROM clause (alias `e`; add the WHERE). The payload of an
 * event recorded by an import (contact.updated or list.added with an importId) gains the import's file name, null when the company
 * has no such import. A messaging event (message.sent, .opened, .clicked, .bounced, .replied…, with a messageId) gains
 * the message's name (null once it is deleted) and, for a click that names its link by index, the link's URL. Columns
 * and joined tables in one piece: the payload reads the joins.
 */
export const SELECT_EVENTS = `select e.id, e.type,
  case when e.payload ? 'importId' then e.payload || jsonb_build_object('fileName', i.file_name)
       when e.payload ? 'messageId' then e.payload || jsonb_build_object('messageName', m.name)
         || case when l.url is not null and not e.payload ? 'url' then jsonb_build_object('url', l.url) else '{}' end
       else e.payload end as payload,
  e.user_id as "userId", ${iso('e.created_at')} as "createdAt"
  from contact_events e left join contact_imports i on i.company_id = e.company_id and i.id = (e.payload->>'importId')::bigint
  left join messages m on m.company_id = e.company_id and m.id = (e.payload->>'messageId')::bigint
  left join message_links l on l.company_id = e.company_id and l.message_id = m.id and l.idx = (e.payload->>'linkIdx')::int`;

/**
 * The timeline entry of the import that created the contact, or null: derived from `contacts.import_id` and the
 * import's row, since an import of a million contacts writes no event per contact. It is the contact's first
 * entry, so the timeline (newest first) ends with it. A 404 when the company has no such contact.
 */
export async function importOrigin(db: Db, companyId: string, contactId: number): Promise<EventRow | null> {
  const { rows } = await db.query<{
    importId: number | null;
    fileName: string | null;
    userId: string | null;
    createdAt: string;
  }>(
    `select i.id as "importId", i.file_name as "fileName", i.user_id as "userId", ${iso('c.created_at')} as "createdAt"
       from contacts c left join contact_imports i on i.company_id = c.company_id and i.id = c.import_id
      where c.company_id = $1 and c.id = $2`,
    [companyId, contactId],
  );
  const row = rows[0];
  if (!row) throw notFound();
  if (row.importId === null) return null;
  return {
    id: 0,
    type: 'contact.imported',
    payload: { importId: row.importId, fileName: row.fileName },
    userId: row.userId,
    createdAt: row.createdAt,
  };
}

/** The contact's activity, newest first, by page number or after a cursor; the import entry comes last. */
export async function timeline(scope: Scope, contactId: number, request: PageRequest): Promise<Page<EventRow>> {
  const params = new SqlParams([scope.companyId, contactId]);
  const at = pagePosition('timeline', request, 'e', (value) => params.add(value));
  const origin = await importOrigin(scope.db, scope.companyId, contactId);
  const [{ rows }, count] = await Promise.all([
    scope.db.query<EventRow>(
      `${SELECT_EVENTS}
        where e.company_id = $1 and e.contact_id = $2 ${at.where} order by e.id desc limit ${request.perPage + 1} offset ${at.offset}`,
      params.values,
    ),
    scope.db.query<{ total: number; earlier: number }>(
      `select count(*)::int as total, ${at.earlier}::int as earlier from contact_events e where e.company_id = $1 and e.contact_id = $2`,
      params.values,
    ),
  ]);
  const events = count.rows[0]?.total ?? 0;
  // The events run out within this page (fewer than perPage + 1 read, and a page number not past them): the import
  // entry follows them. A cursor always points at an event, so the entry is still ahead of it.
  const reachesEnd = rows.length <= request.perPage && (at.after !== null || at.offset <= events);
  const read = origin && reachesEnd ? [...rows, origin] : rows;
  return pageOf('timeline', read, request, events + (origin ? 1 : 0), count.rows[0]?.earlier ?? 0);
}
