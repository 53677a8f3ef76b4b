import type { Task } from 'graphile-worker';
import type { AppContext } from '../context.ts';
import { pruneAuditLog } from '../services/team/auditLog.ts';

/** Daily from the crontab: audit entries are kept AUDIT_RETENTION_DAYS, then deleted (every company at once). */
export function pruneAuditLogTask(ctx: AppContext): Task {
  return async () => {
    const removed = await pruneAuditLog(ctx);
    if (removed) ctx.log.info({ removed }, 'old audit entries deleted');
  };
}
