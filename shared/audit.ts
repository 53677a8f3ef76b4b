/**
 * The audit log's events, named once (issue 21 §3): the server records them with `audit()` (server/services/audit.ts)
 * and the audit screen labels and filters them by these names. Kept a year.
 */
export const AUDIT_EVENTS = [
  'login.succeeded',
  'login.failed',
  'login.2fa_failed',
  'account.locked',
  'session.reuse_detected',
  'session.revoked',
  'password.changed',
  'password.reset_requested',
  'password.reset',
  'email.change_requested',
  'email.changed',
  '2fa.enabled',
  '2fa.disabled',
  '2fa.recovery_codes_regenerated',
  'invitation.sent',
  'invitation.resent',
  'invitation.revoked',
  'invitation.accepted',
  'member.role_changed',
  'member.removed',
  'ownership.transferred',
  'apikey.created',
  'apikey.revoked',
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
  'webhook.secret_rotated',
  'contacts.exported',
  'credits.granted',
  'plan.changed',
  'billing.settings_changed',
] as const;
export type AuditEvent = (typeof AUDIT_EVENTS)[number];

/** How long audit entries are kept. */
export const AUDIT_RETENTION_DAYS = 365;
