import type { AuditEvent } from '../../shared/audit.ts';
import type { Pool, PoolClient } from '../db/pool.ts';

export interface AuditEntry {
  companyId: string;
  userId: string | null;
  event: AuditEvent;
  ip?: string | null;
  details?: Record<string, unknown>;
}

/** Records an audit event (shared/audit.ts names them all). Never pass secrets in details. */
export async function audit(db: Pool | PoolClient, entry: AuditEntry): Promise<void> {
  await db.query('insert into audit_log (company_id, user_id, event, ip, details) values ($1, $2, $3, $4, $5)', [
    entry.companyId,
    entry.userId,
    entry.event,
    entry.ip ?? null,
    JSON.stringify(entry.details ?? {}),
  ]);
}
