import type { Db } from './sql.ts';

/**
 * Advisory lock class of a company's contacts, for the two-key form (company as the second key). The migration lock
 * takes the one-key form, whose keys PostgreSQL keeps apart from these.
 */
const CONTACTS_LOCK_CLASS = 0x4d43_0001;

/**
 * List members and timeline events have no foreign key to their contact: a statement trigger of the deleting
 * transaction removes them, and it cannot see rows that a transaction still in progress writes. So until commit,
 * whoever writes such rows for a selection of contacts holds the company's contacts `shared` (writers run together),
 * taken before the statement that selects them, and whoever deletes contacts holds them `exclusive`: a deletion waits
 * for the writers in flight, whose rows its trigger then sees, and a writer that starts after it commits no longer
 * sees the deleted contacts. Take it first in the transaction, before any row lock, so that no two paths can wait on
 * each other in opposite orders. Paths that write for one contact they hold with a row lock need none.
 */
export async function lockContacts(db: Db, companyId: string, mode: 'shared' | 'exclusive'): Promise<void> {
  const fn = mode === 'shared' ? 'pg_advisory_xact_lock_shared' : 'pg_advisory_xact_lock';
  await db.query(`select ${fn}($1, hashtext($2::text))`, [CONTACTS_LOCK_CLASS, companyId]);
}
