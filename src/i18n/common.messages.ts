import { defineMessage, defineMessages } from 'react-intl';

/** Strings shared across screens: navigation, language names, common actions. */
export const commonMessages = defineMessages({
  navDashboard: { id: 'common.nav.dashboard', defaultMessage: 'Dashboard' },
  navContacts: { id: 'common.nav.contacts', defaultMessage: 'Contacts' },
  navMultichannel: { id: 'common.nav.multichannel', defaultMessage: 'Message Console' },
  navUserflow: { id: 'common.nav.userflow', defaultMessage: 'UserFlow' },
  navWorkflows: { id: 'common.nav.workflows', defaultMessage: 'Workflows' },
  navCockpit: { id: 'common.nav.cockpit', defaultMessage: 'Cockpit' },
  navIntegrations: { id: 'common.nav.integrations', defaultMessage: 'Integrations' },
  navAccount: { id: 'common.nav.account', defaultMessage: 'Account' },
  navBilling: { id: 'common.nav.billing', defaultMessage: 'Billing' },
  mainNavigation: { id: 'common.nav.label', defaultMessage: 'Main navigation' },
  languageLabel: { id: 'common.language.label', defaultMessage: 'Language' },
  languageEn: { id: 'common.language.en', defaultMessage: 'English' },
  languageIt: { id: 'common.language.it', defaultMessage: 'Italiano' },
  retry: { id: 'common.action.retry', defaultMessage: 'Try again' },
  cancel: { id: 'common.action.cancel', defaultMessage: 'Cancel' },
  back: { id: 'common.action.back', defaultMessage: 'Back' },
  close: { id: 'common.action.close', defaultMessage: 'Close' },
  goHome: { id: 'common.action.goHome', defaultMessage: 'Go to the dashboard' },
  toLogin: { id: 'common.action.toLogin', defaultMessage: 'Back to login' },
  loading: { id: 'common.state.loading', defaultMessage: 'Loading…' },
  openNavigation: { id: 'common.nav.open', defaultMessage: 'Open navigation' },
  skipToContent: { id: 'common.nav.skip', defaultMessage: 'Skip to content' },
  notifications: { id: 'common.notifications.label', defaultMessage: 'Notifications' },
  notificationsUnread: defineMessage<{ count: number }>({
    id: 'common.notifications.unread',
    defaultMessage:
      '{count, plural, =0 {No unread notifications} one {# unread notification} other {# unread notifications}}',
  }),
  notificationsEmpty: {
    id: 'common.notifications.empty',
    defaultMessage: 'Nothing new. Imports, sends and other background work report here.',
  },
  notificationsMarkRead: { id: 'common.notifications.markRead', defaultMessage: 'Mark all as read' },
  userMenu: defineMessage<{ name: string }>({ id: 'common.userMenu.label', defaultMessage: 'Account menu for {name}' }),
  userMenuSecurity: { id: 'common.userMenu.security', defaultMessage: 'Security' },
  logout: { id: 'common.userMenu.logout', defaultMessage: 'Log out' },
  toastRepeat: defineMessage<{ count: number }>({ id: 'common.toast.repeat', defaultMessage: '×{count}' }),
  toastRepeatLabel: defineMessage<{ count: number }>({
    id: 'common.toast.repeatLabel',
    defaultMessage: 'Shown {count} times',
  }),
  toastsRegion: { id: 'common.toast.region', defaultMessage: 'Messages' },
  loadingBar: { id: 'common.loadingBar.label', defaultMessage: 'Page loading' },
  togglePassword: { id: 'common.password.toggle', defaultMessage: 'Show or hide the password' },
});
