import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { AuditEvent } from '../../../shared/audit.ts';

/** Readable names of the audit events of shared/audit.ts. */
export const auditEventMessages = defineMessages({
  'login.succeeded': { id: 'screen.team.auditEvent.loginSucceeded', defaultMessage: 'Signed in' },
  'login.failed': { id: 'screen.team.auditEvent.loginFailed', defaultMessage: 'Sign-in failed' },
  'login.2fa_failed': { id: 'screen.team.auditEvent.login2faFailed', defaultMessage: 'Wrong 2FA code' },
  'account.locked': { id: 'screen.team.auditEvent.accountLocked', defaultMessage: 'Account locked' },
  'session.reuse_detected': {
    id: 'screen.team.auditEvent.sessionReuseDetected',
    defaultMessage: 'Stolen session detected',
  },
  'session.revoked': { id: 'screen.team.auditEvent.sessionRevoked', defaultMessage: 'Session signed out' },
  'password.changed': { id: 'screen.team.auditEvent.passwordChanged', defaultMessage: 'Password changed' },
  'password.reset_requested': {
    id: 'screen.team.auditEvent.passwordResetRequested',
    defaultMessage: 'Password reset requested',
  },
  'password.reset': { id: 'screen.team.auditEvent.passwordReset', defaultMessage: 'Password reset' },
  'email.change_requested': {
    id: 'screen.team.auditEvent.emailChangeRequested',
    defaultMessage: 'Email change requested',
  },
  'email.changed': { id: 'screen.team.auditEvent.emailChanged', defaultMessage: 'Email changed' },
  '2fa.enabled': { id: 'screen.team.auditEvent.twoFactorEnabled', defaultMessage: '2FA turned on' },
  '2fa.disabled': { id: 'screen.team.auditEvent.twoFactorDisabled', defaultMessage: '2FA turned off' },
  '2fa.recovery_codes_regenerated': {
    id: 'screen.team.auditEvent.twoFactorRecoveryCodesRegenerated',
    defaultMessage: '2FA recovery codes renewed',
  },
  'invitation.sent': { id: 'screen.team.auditEvent.invitationSent', defaultMessage: 'Invitation sent' },
  'invitation.resent': { id: 'screen.team.auditEvent.invitationResent', defaultMessage: 'Invitation sent again' },
  'invitation.revoked': { id: 'screen.team.auditEvent.invitationRevoked', defaultMessage: 'Invitation revoked' },
  'invitation.accepted': { id: 'screen.team.auditEvent.invitationAccepted', defaultMessage: 'Invitation accepted' },
  'member.role_changed': { id: 'screen.team.auditEvent.memberRoleChanged', defaultMessage: 'Role changed' },
  'member.removed': { id: 'screen.team.auditEvent.memberRemoved', defaultMessage: 'Member removed' },
  'ownership.transferred': {
    id: 'screen.team.auditEvent.ownershipTransferred',
    defaultMessage: 'Ownership transferred',
  },
  'apikey.created': { id: 'screen.team.auditEvent.apikeyCreated', defaultMessage: 'API key created' },
  'apikey.revoked': { id: 'screen.team.auditEvent.apikeyRevoked', defaultMessage: 'API key revoked' },
  'webhook.created': { id: 'screen.team.auditEvent.webhookCreated', defaultMessage: 'Webhook created' },
  'webhook.updated': { id: 'screen.team.auditEvent.webhookUpdated', defaultMessage: 'Webhook changed' },
  'webhook.deleted': { id: 'screen.team.auditEvent.webhookDeleted', defaultMessage: 'Webhook deleted' },
  'webhook.secret_rotated': {
    id: 'screen.team.auditEvent.webhookSecretRotated',
    defaultMessage: 'Webhook secret renewed',
  },
  'contacts.exported': { id: 'screen.team.auditEvent.contactsExported', defaultMessage: 'Contacts exported' },
  'credits.granted': { id: 'screen.team.auditEvent.creditsGranted', defaultMessage: 'Credits added' },
  'plan.changed': { id: 'screen.team.auditEvent.planChanged', defaultMessage: 'Plan changed' },
  'billing.settings_changed': {
    id: 'screen.team.auditEvent.billingSettingsChanged',
    defaultMessage: 'Billing settings changed',
  },
}) satisfies Record<AuditEvent, MessageDescriptor>;

export const auditMessages = defineMessages({
  auditTitle: { id: 'screen.team.auditTitle', defaultMessage: 'Audit log' },
  auditIntro: {
    id: 'screen.team.auditIntro',
    defaultMessage: 'Sign-ins, security changes, invitations, roles, keys, webhooks and exports, kept for a year.',
  },
  auditEvent: { id: 'screen.team.auditEvent', defaultMessage: 'Event' },
  auditMember: { id: 'screen.team.auditMember', defaultMessage: 'Member' },
  auditAddress: { id: 'screen.team.auditAddress', defaultMessage: 'Address' },
  auditTime: { id: 'screen.team.auditTime', defaultMessage: 'Time' },
  auditFrom: { id: 'screen.team.auditFrom', defaultMessage: 'From' },
  auditTo: { id: 'screen.team.auditTo', defaultMessage: 'To' },
  auditAllEvents: { id: 'screen.team.auditAllEvents', defaultMessage: 'All events' },
  auditAllMembers: { id: 'screen.team.auditAllMembers', defaultMessage: 'All members' },
  auditSystem: { id: 'screen.team.auditSystem', defaultMessage: 'System' },
  auditApply: { id: 'screen.team.auditApply', defaultMessage: 'Filter' },
  auditReset: { id: 'screen.team.auditReset', defaultMessage: 'Clear filters' },
  auditExport: { id: 'screen.team.auditExport', defaultMessage: 'Export CSV' },
  auditEmpty: { id: 'screen.team.auditEmpty', defaultMessage: 'No entries match these filters.' },
  auditPages: { id: 'screen.team.auditPages', defaultMessage: 'Audit log pages' },
  auditLoadFailed: { id: 'screen.team.auditLoadFailed', defaultMessage: 'The audit log could not be loaded.' },
  auditExportFailed: { id: 'screen.team.auditExportFailed', defaultMessage: 'The export failed. Please try again.' },
});
