import type { Db } from './sql.ts';

/** Timeline event types this area records (payloads hold ids and field names, never personal data). */
export type ContactEventType =
  | 'contact.created'
  | 'contact.updated'
  | 'contact.blocked'
  | 'contact.unblocked'
  | 'contact.anonymised'
  | 'list.added'
  | 'list.removed';

export async function recordEvent(
  db: Db,
  event: {
    companyId: string;
    contactId: number;
    type: ContactEventType;
    userId: string | null;
    payload?: Record<string, unknown>;
  },
): Promise<void> {
  await db.query(
    'insert into contact_events (company_id, contact_id, type, user_id, payload) values ($1, $2, $3, $4, $5)',
    [event.companyId, event.contactId, event.type, event.userId, JSON.stringify(event.payload ?? {})],
  );
}
