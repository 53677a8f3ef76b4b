/**
 * Every in-app notification kind, named once: the server records these codes (`notify`), the SPA renders each as a
 * sentence (src/i18n/notifications.messages.ts) with a link to the place concerned. `values` lists the values a kind
 * carries, which its sentence uses.
 */
export const NOTIFICATION_KINDS = {
  'import.finished': { link: '/contacts/importer/import', values: ['count'] },
  'import.failed': { link: '/contacts/importer/import', values: [] },
  'export.ready': { link: '/contacts', values: [] },
  'campaign.sent': { link: '/multichannel/messages', values: ['name'] },
  /** A campaign finished sending (category `sends`, see categoryOf). */
  'send.finished': { link: '/multichannel/messages', values: ['name'] },
  'model.trained': { link: '/userflow', values: ['name'] },
  'webhook.disabled': { link: '/integrations/webhooks', values: ['url'] },
  'team.invitation_accepted': { link: '/account/team', values: ['name'] },
  'billing.low_balance': { link: '/billing/channels', values: ['channel', 'balance'] },
  'billing.limit_reached': { link: '/billing/channels', values: ['limit'] },
} as const satisfies Record<string, { link: string; values: readonly string[] }>;

export type NotificationKind = keyof typeof NOTIFICATION_KINDS;

export function isNotificationKind(kind: string): kind is NotificationKind {
  return Object.hasOwn(NOTIFICATION_KINDS, kind);
}

/** The page a notification points to, or null for kinds this version does not know. */
export function notificationLink(kind: string): string | null {
  return isNotificationKind(kind) ? NOTIFICATION_KINDS[kind].link : null;
}
