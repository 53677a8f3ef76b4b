import type { AuditEvent } from '../../shared/audit.ts';
import type { Queryable } from '../db/tenant.ts';
import type { Scope } from './scope.ts';

export interface AuditEntry {
  companyId: string;
  userId: string | null;
  event: AuditEvent;
  ip?: string | null;
  details?: Record<string, unknown>;
}

/** Records an audit event (shared/audit.ts names them all). Never pass secrets in details. */
export async function audit(db: Queryable, entry: AuditEntry): Promise<void> {
  await db.query('insert into audit_log (company_id, user_id, event, ip, details) values ($1, $2, $3, $4, $5)', [
    entry.companyId,
    entry.userId,
    entry.event,
    entry.ip ?? null,
    JSON.stringify(entry.details ?? {}),
  ]);
}

/** Records what the scope's member did from a request's address (details name what changed, never a secret). */
export function auditBy(scope: Scope, ip: string, event: AuditEvent, details: Record<string, unknown> = {}) {
  return audit(scope.db, { companyId: scope.companyId, userId: scope.userId, event, ip, details });
}
