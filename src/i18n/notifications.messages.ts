import { defineMessages, type MessageDescriptor } from 'react-intl';

/** Server notifications (realtime `notification.created`), by kind; unknown kinds use the generic text. */
export const notificationMessages = defineMessages({
  'import.finished': {
    id: 'notification.import.finished',
    defaultMessage: 'Import finished: {count, number} contacts.',
  },
  'import.failed': {
    id: 'notification.import.failed',
    defaultMessage: 'The import failed. Open Contacts → Import for details.',
  },
  'export.ready': { id: 'notification.export.ready', defaultMessage: 'Your export is ready to download.' },
  'campaign.sent': { id: 'notification.campaign.sent', defaultMessage: 'Campaign “{name}” was sent.' },
  'send.finished': {
    id: 'notification.send.finished',
    defaultMessage: 'Campaign “{name}” finished sending.',
  },
  'model.trained': { id: 'notification.model.trained', defaultMessage: 'Model “{name}” finished training.' },
  'webhook.disabled': {
    id: 'notification.webhook.disabled',
    defaultMessage:
      'The webhook to {url} was disabled after failing for three days. Check it in Integrations → Webhooks.',
  },
  'team.invitation_accepted': {
    id: 'notification.team.invitationAccepted',
    defaultMessage: '{name} accepted your invitation and joined the team.',
  },
  'billing.low_balance': {
    id: 'notification.billing.lowBalance',
    defaultMessage: 'Low balance: {balance, number} {channel} credits left.',
  },
  'billing.limit_reached': {
    id: 'notification.billing.limitReached',
    defaultMessage: 'Your plan limit was reached: {limit}. Upgrade required.',
  },
  generic: { id: 'notification.generic', defaultMessage: 'You have a new notification.' },
  accountSaved: { id: 'notification.text.accountSaved', defaultMessage: 'Your changes were saved.' },
});

export function notificationMessage(kind: string): MessageDescriptor {
  return (notificationMessages as Record<string, MessageDescriptor>)[kind] ?? notificationMessages.generic;
}
