import { notFound } from '../../http/errors.ts';
import type { Scope } from '../scope.ts';
import { mutedFor, SHOWN } from './notifications.ts';

/**
 * Read state of notifications, per user (table notification_reads). A notification addressed to the whole company
 * (user_id null) is read by each member on their own; one addressed to another user is not theirs and answers 404.
 */
const MINE = 'n.company_id = $1 and (n.user_id is null or n.user_id = $2)';

function who(scope: Scope): [string, string] {
  // Only signed-in requests reach these services: `scoped` refuses a request without a user.
  if (!scope.userId) throw notFound();
  return [scope.companyId, scope.userId];
}

export async function countUnread(scope: Scope): Promise<{ unread: number }> {
  // Kinds the user switched off on /account/notifications are not listed, so they are not counted either.
  const { rows } = await scope.db.query<{ unread: number }>(
    `select count(*)::int as unread from notifications n
      where ${MINE} and ${SHOWN} and not exists (select 1 from notification_reads r
        where r.company_id = n.company_id and r.user_id = $2 and r.notification_id = n.id)`,
    [...who(scope), ...(await mutedFor(scope))],
  );
  return { unread: rows[0]?.unread ?? 0 };
}

/** Which of the given notification ids the user has read (ids of other users or companies are never listed). */
export async function readStates(scope: Scope, ids: number[]): Promise<string[]> {
  const { rows } = await scope.db.query<{ id: string }>(
    `select r.notification_id::text as id from notification_reads r
      where r.company_id = $1 and r.user_id = $2 and r.notification_id = any($3::bigint[])`,
    [...who(scope), ids],
  );
  return rows.map((r) => r.id);
}

export async function markRead(scope: Scope, notificationId: number): Promise<{ unread: number }> {
  const [companyId, userId] = who(scope);
  const { rowCount } = await scope.db.query(
    `insert into notification_reads (company_id, user_id, notification_id)
     select n.company_id, $2, n.id from notifications n where ${MINE} and n.id = $3
     on conflict do nothing`,
    [companyId, userId, notificationId],
  );
  if (!rowCount) {
    // Nothing inserted: either already read (fine) or not the user's notification (404).
    const seen = await scope.db.query(`select 1 from notifications n where ${MINE} and n.id = $3`, [
      companyId,
      userId,
      notificationId,
    ]);
    if (!seen.rowCount) throw notFound();
  }
  return countUnread(scope);
}

export async function markAllRead(scope: Scope): Promise<{ unread: number }> {
  await scope.db.query(
    `insert into notification_reads (company_id, user_id, notification_id)
     select n.company_id, $2, n.id from notifications n where ${MINE}
     on conflict do nothing`,
    who(scope),
  );
  return countUnread(scope);
}
