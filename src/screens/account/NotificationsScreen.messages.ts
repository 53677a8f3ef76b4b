import { defineMessage, defineMessages } from 'react-intl';

export const notificationsMessages = defineMessages({
  intro: {
    id: 'screen.notifications.intro',
    defaultMessage:
      'Choose which notifications you receive, in the app and by email, and when the activity digest is emailed to you.',
  },
  categoriesLegend: { id: 'screen.notifications.categoriesLegend', defaultMessage: 'Notifications by category' },
  categoryColumn: { id: 'screen.notifications.categoryColumn', defaultMessage: 'Category' },
  inApp: { id: 'screen.notifications.inApp', defaultMessage: 'In the app' },
  email: { id: 'screen.notifications.email', defaultMessage: 'By email' },
  imports: { id: 'screen.notifications.imports', defaultMessage: 'Imports' },
  importsHint: { id: 'screen.notifications.importsHint', defaultMessage: 'A contact import has finished' },
  sends: { id: 'screen.notifications.sends', defaultMessage: 'Sends' },
  sendsHint: { id: 'screen.notifications.sendsHint', defaultMessage: 'A campaign has been sent' },
  failures: { id: 'screen.notifications.failures', defaultMessage: 'Failures' },
  failuresHint: { id: 'screen.notifications.failuresHint', defaultMessage: 'An import, send or delivery has failed' },
  switchLabel: defineMessage<{ category: string; channel: string }>({
    id: 'screen.notifications.switchLabel',
    defaultMessage: '{category}: {channel}',
  }),
  digestLegend: { id: 'screen.notifications.digestLegend', defaultMessage: 'Activity digest' },
  digestIntro: {
    id: 'screen.notifications.digestIntro',
    defaultMessage: 'An email with the sends, imports and failures since the previous digest.',
  },
  digestEnabled: { id: 'screen.notifications.digestEnabled', defaultMessage: 'Email me the activity digest' },
  timeZone: defineMessage<{ timeZone: string }>({
    id: 'screen.notifications.timeZone',
    defaultMessage: 'Times are in your time zone, {timeZone}.',
  }),
  zoneChange: defineMessage<{ savedTimeZone: string; timeZone: string }>({
    id: 'screen.notifications.zoneChange',
    defaultMessage: 'The saved schedule uses {savedTimeZone}: saving moves it to your time zone, {timeZone}.',
  }),
  savedRuns: { id: 'screen.notifications.savedRuns', defaultMessage: 'Next digests (saved schedule)' },
  lastSent: defineMessage<{ date: string }>({
    id: 'screen.notifications.lastSent',
    defaultMessage: 'Last digest sent: {date}',
  }),
  neverSent: { id: 'screen.notifications.neverSent', defaultMessage: 'No digest has been sent yet.' },
  save: { id: 'screen.notifications.save', defaultMessage: 'Save' },
  discard: { id: 'screen.notifications.discard', defaultMessage: 'Discard changes' },
  unsaved: { id: 'screen.notifications.unsaved', defaultMessage: 'You have unsaved changes.' },
  saved: { id: 'screen.notifications.saved', defaultMessage: 'Your notification settings have been saved.' },
  loadFailed: {
    id: 'screen.notifications.loadFailed',
    defaultMessage: 'The notification settings could not be loaded.',
  },
  saveFailed: {
    id: 'screen.notifications.saveFailed',
    defaultMessage: 'The notification settings could not be saved. Try again.',
  },
  rejected: {
    id: 'screen.notifications.rejected',
    defaultMessage: 'The settings were not saved: check the fields below.',
  },
  invalidPattern: { id: 'screen.notifications.invalidPattern', defaultMessage: 'Invalid pattern' },
  invalidSelection: { id: 'screen.notifications.invalidSelection', defaultMessage: 'Invalid selection' },
  invalidTimeZone: { id: 'screen.notifications.invalidTimeZone', defaultMessage: 'Time zone is not valid' },
  invalidValue: { id: 'screen.notifications.invalidValue', defaultMessage: 'This value is not valid' },
});
