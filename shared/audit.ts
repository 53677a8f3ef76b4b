import { AuditEventName as AuditEventSchema } from './contract/schemas.ts';

/**
 * The audit log's events, named once (issue 21 §3): the server records them with `audit()` (server/services/audit.ts)
 * and the audit screen labels and filters them by these names, read from the contract's `AuditEventName`. Kept a year.
 */
export const AUDIT_EVENTS = AuditEventSchema.enum;
export type AuditEvent = (typeof AUDIT_EVENTS)[number];

/** How long audit entries are kept. */
export const AUDIT_RETENTION_DAYS = 365;
