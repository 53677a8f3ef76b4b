import { defineMessages } from 'react-intl';

/** The bell's own texts; the notification sentences live in src/i18n/notifications.messages.ts. */
export const bellText = defineMessages({
  markOne: { id: 'screen.bell.markOne', defaultMessage: 'Mark as read' },
  unread: { id: 'screen.bell.unread', defaultMessage: 'Unread' },
  more: { id: 'screen.bell.more', defaultMessage: 'Show older' },
  loading: { id: 'screen.bell.loading', defaultMessage: 'Loading notifications…' },
  loadFailed: { id: 'screen.bell.loadFailed', defaultMessage: 'Notifications could not be loaded.' },
  retry: { id: 'screen.bell.retry', defaultMessage: 'Try again' },
  readFailed: { id: 'screen.bell.readFailed', defaultMessage: 'The notification could not be marked as read.' },
  moreFailed: { id: 'screen.bell.moreFailed', defaultMessage: 'Older notifications could not be loaded.' },
  settings: { id: 'screen.bell.settings', defaultMessage: 'Notification settings' },
});
