import type { Db } from './sql.ts';
import { emitWebhookEvent } from '../integrations/outbox.ts';

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
  // A contact created or changed one at a time is also a webhook event, in the same transaction (an import's rows
  // are not: the import sends one import.completed).
  if (event.type === 'contact.created' || event.type === 'contact.updated') {
    await emitWebhookEvent(db, event.companyId, event.type, { id: event.contactId, ...event.payload });
  }
}
