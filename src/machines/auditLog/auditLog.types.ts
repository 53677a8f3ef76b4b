// Types shared by the auditLog machine and its actors, so neither module imports the other back.
import type { components } from '../../../shared/contract/schema';
import type { AuditEvent } from '../../../shared/audit.ts';

export type AuditEntry = components['schemas']['AuditEntry'];
export type Pagination = components['schemas']['Pagination'];
export type TeamMember = components['schemas']['TeamMember'];

/** The filters as the form holds them: dates are calendar days (YYYY-MM-DD) in the browser's time zone. */
export interface AuditFilters {
  event: AuditEvent | null;
  userId: string | null;
  from: string | null;
  to: string | null;
}

export interface AuditPage {
  entries: AuditEntry[];
  pagination: Pagination | null;
  members: TeamMember[];
}

export interface AuditLogContext extends AuditPage {
  filters: AuditFilters;
  page: number;
  error: 'loadFailed' | 'exportFailed' | null;
}

export type AuditLogEvent =
  | { type: 'audit.filter'; filters: AuditFilters }
  | { type: 'audit.page'; page: number }
  | { type: 'audit.retry' }
  | { type: 'audit.export' };
