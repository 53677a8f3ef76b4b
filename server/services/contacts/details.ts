import type { Scope } from '../scope.ts';
import { conflict, invalid, notFound } from '../../http/errors.ts';
import type { components } from '../../../shared/contract/schema.d.ts';
import { attributeDefs } from './attributes.ts';
import { getContact } from './contacts.ts';
import type { ListRow } from './lists.ts';
import { pageOf, pagePosition, type Page, type PageRequest } from './paging.ts';
import { iso, SqlParams, type Db } from './sql.ts';
import { importOrigin, SELECT_EVENTS, type EventRow } from './timeline.ts';
import { FIELD_TEXTS } from '../../../shared/fieldTexts.ts';

type NoteRow = components['schemas']['ContactNote'];
type DataExport = components['schemas']['ContactDataExport'];

const NOTE_FAILED = 'Cannot create this note, try later.';
/** Notes (alias `n`; add the WHERE) with their author, who is looked up in the note's company only. */
const SELECT_NOTES = `select n.id, n.contact_id as "contactId", n.body as text, u.id as "authorId",
  nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as "authorName", ${iso('n.created_at')} as "createdAt"
  from contact_notes n left join users u on u.company_id = n.company_id and u.id = n.user_id`;

/** The contact's state; `for share` holds it until commit against deletion and anonymisation (which erases notes). */
async function contactExists(
  db: Db,
  companyId: string,
  contactId: number,
  lock: '' | 'for share' = '',
): Promise<{ anonymised: boolean }> {
  const { rows } = await db.query<{ anonymised: boolean }>(
    `select anonymised_at is not null as anonymised from contacts where company_id = $1 and id = $2 ${lock}`,
    [companyId, contactId],
  );
  if (!rows[0]) throw notFound();
  return rows[0];
}

export async function contactLists(scope: Scope, contactId: number): Promise<ListRow[]> {
  await contactExists(scope.db, scope.companyId, contactId);
  const { rows } = await scope.db.query<ListRow>(
    `select l.id, l.name, l.folder_id as "folderId", l.member_count as "memberCount", ${iso('l.created_at')} as "createdAt", ${iso('l.updated_at')} as "updatedAt"
       from list_members m join lists l on l.company_id = m.company_id and l.id = m.list_id
      where m.company_id = $1 and m.contact_id = $2 order by lower(l.name), l.id`,
    [scope.companyId, contactId],
  );
  return rows;
}

/** Notes on the contact, newest first, by page number or after a cursor. */
export async function listNotes(scope: Scope, contactId: number, request: PageRequest): Promise<Page<NoteRow>> {
  const params = new SqlParams([scope.companyId, contactId]);
  const at = pagePosition('notes', request, 'n', (value) => params.add(value));
  await contactExists(scope.db, scope.companyId, contactId);
  const [{ rows }, count] = await Promise.all([
    scope.db.query<NoteRow>(
      `${SELECT_NOTES}
        where n.company_id = $1 and n.contact_id = $2 ${at.where} order by n.id desc limit ${request.perPage + 1} offset ${at.offset}`,
      params.values,
    ),
    scope.db.query<{ total: number; earlier: number }>(
      `select count(*)::int as total, ${at.earlier}::int as earlier from contact_notes n where n.company_id = $1 and n.contact_id = $2`,
      params.values,
    ),
  ]);
  return pageOf('notes', rows, request, count.rows[0]?.total ?? 0, count.rows[0]?.earlier ?? 0);
}

export async function createNote(scope: Scope, contactId: number, text: string): Promise<NoteRow> {
  const body = text.trim();
  if (!body) throw invalid({ text: [FIELD_TEXTS.textRequired] }, NOTE_FAILED);
  return scope.db.transaction(async (db) => {
    const contact = await contactExists(db, scope.companyId, contactId, 'for share');
    if (contact.anonymised) throw conflict('contact_anonymised', NOTE_FAILED);
    const { rows } = await db.query<{ id: number }>(
      'insert into contact_notes (company_id, contact_id, user_id, body) values ($1, $2, $3, $4) returning id',
      [scope.companyId, contactId, scope.userId, body],
    );
    const note = await db.query<NoteRow>(`${SELECT_NOTES} where n.company_id = $1 and n.id = $2`, [
      scope.companyId,
      rows[0]!.id,
    ]);
    return note.rows[0]!;
  });
}

export async function deleteNote(scope: Scope, contactId: number, noteId: number): Promise<void> {
  const { rowCount } = await scope.db.query(
    'delete from contact_notes where company_id = $1 and contact_id = $2 and id = $3',
    [scope.companyId, contactId, noteId],
  );
  if (!rowCount) throw notFound();
}

/** Everything stored about one contact, for a data-portability request. */
export async function exportContactData(scope: Scope, contactId: number): Promise<DataExport> {
  const contact = await getContact(scope.db, scope.companyId, contactId);
  const defs = await attributeDefs(scope.db, scope.companyId);
  const attributes = Object.entries(contact.attributes).flatMap(([key, value]) => {
    const def = defs.get(Number(key));
    return def && value !== null ? [{ id: def.id, name: def.name, type: def.type, value }] : [];
  });
  const [lists, notes, events, origin] = await Promise.all([
    scope.db.query<{ id: number; name: string }>(
      `select l.id, l.name from list_members m join lists l on l.company_id = m.company_id and l.id = m.list_id where m.company_id = $1 and m.contact_id = $2 order by l.id`,
      [scope.companyId, contactId],
    ),
    scope.db.query<NoteRow>(`${SELECT_NOTES} where n.company_id = $1 and n.contact_id = $2 order by n.id`, [
      scope.companyId,
      contactId,
    ]),
    scope.db.query<EventRow>(`${SELECT_EVENTS} where e.company_id = $1 and e.contact_id = $2 order by e.id`, [
      scope.companyId,
      contactId,
    ]),
    importOrigin(scope.db, scope.companyId, contactId),
  ]);
  // Oldest first, as the timeline's last entry: the import that created the contact comes before its events.
  const history = origin ? [origin, ...events.rows] : events.rows;
  return {
    exportedAt: new Date().toISOString(),
    contact,
    attributes,
    lists: lists.rows,
    notes: notes.rows,
    events: history,
  };
}
