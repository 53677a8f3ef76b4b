import type { Pool, PoolClient } from '../db/pool.ts';

export interface AuditEntry {
  companyId: string;
  userId: string | null;
  event: string;
  ip?: string | null;
  details?: Record<string, unknown>;
}

/** Records a security event (logins, 2FA changes, password resets). Never pass secrets in details. */
export async function audit(db: Pool | PoolClient, entry: AuditEntry): Promise<void> {
  await db.query('insert into audit_log (company_id, user_id, event, ip, details) values ($1, $2, $3, $4, $5)', [
    entry.companyId,
    entry.userId,
    entry.event,
    entry.ip ?? null,
    JSON.stringify(entry.details ?? {}),
  ]);
}
