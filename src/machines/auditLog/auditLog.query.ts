import Papa from 'papaparse';
import type { AuditEntry, AuditFilters } from './auditLog.types.ts';

/** The contract's largest page, so an export reads few pages. */
export const EXPORT_PAGE_SIZE = 500;
export const AUDIT_PAGE_SIZE = 50;

/** A calendar day's start in the browser's time zone; `to` is inclusive, so it ends where the next day starts. */
function instant(day: string | null, nextDay = false): string | undefined {
  if (!day) return undefined;
  const [y, m, d] = day.split('-').map(Number);
  if (!y || !m || !d) return undefined;
  return new Date(y, m - 1, d + (nextDay ? 1 : 0)).toISOString();
}

export function auditQuery(filters: AuditFilters) {
  return {
    ...(filters.event ? { event: filters.event } : {}),
    ...(filters.userId ? { userId: filters.userId } : {}),
    ...(filters.from ? { from: instant(filters.from) } : {}),
    ...(filters.to ? { to: instant(filters.to, true) } : {}),
  };
}

/** One CSV row per entry: the event's name as recorded, who, from where, when, and what it concerned. */
export function auditCsv(entries: AuditEntry[]): string {
  return Papa.unparse(
    entries.map((e) => ({
      time: e.createdAt,
      event: e.event,
      member: e.user?.name ?? '',
      email: e.user?.email ?? '',
      address: e.ip ?? '',
      details: JSON.stringify(e.details),
    })),
    { columns: ['time', 'event', 'member', 'email', 'address', 'details'] },
  );
}
