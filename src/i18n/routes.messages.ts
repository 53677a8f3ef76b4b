import { defineMessages } from 'react-intl';

/** Spec section 2: route titles, word for word. */
export const routeTitles = defineMessages({
  dashboard: { id: 'route.title.dashboard', defaultMessage: 'Dashboard' },
  login: { id: 'route.title.login', defaultMessage: 'Login' },
  passwordResetRequest: { id: 'route.title.passwordResetRequest', defaultMessage: 'Request Password Reset' },
  resetPassword: { id: 'route.title.resetPassword', defaultMessage: 'Reset Password' },
  joinTeam: { id: 'route.title.joinTeam', defaultMessage: 'Join team' },
  preview: { id: 'route.title.preview', defaultMessage: 'Preview' },
  billingChannels: { id: 'route.title.billingChannels', defaultMessage: 'Channels' },
  cockpit: { id: 'route.title.cockpit', defaultMessage: 'Cockpit' },
  apiKeys: { id: 'route.title.apiKeys', defaultMessage: 'Api Keys' },
  webhooks: { id: 'route.title.webhooks', defaultMessage: 'Webhooks' },
  multichannel: { id: 'route.title.multichannel', defaultMessage: 'Message Console' },
  userflow: { id: 'route.title.userflow', defaultMessage: 'UserFlow' },
  predictions: { id: 'route.title.predictions', defaultMessage: 'Predictions' },
  tracker: { id: 'route.title.tracker', defaultMessage: 'Tracker' },
  workflowManager: { id: 'route.title.workflowManager', defaultMessage: 'Workflow Manager' },
  automation: { id: 'route.title.automation', defaultMessage: 'Automation' },
  notFound: { id: 'route.title.notFound', defaultMessage: 'Page Not Found' },
});

/**
 * Names of the routes without a title: the page title is this value in the current language, capitalised (spec
 * section 2). Lower case on purpose.
 */
export const routeNames = defineMessages({
  account: { id: 'route.name.account', defaultMessage: 'account' },
  accountNotifications: { id: 'route.name.accountNotifications', defaultMessage: 'notifications' },
  accountSecurity: { id: 'route.name.accountSecurity', defaultMessage: 'security' },
  accountTeam: { id: 'route.name.accountTeam', defaultMessage: 'team' },
  contacts: { id: 'route.name.contacts', defaultMessage: 'contacts' },
  contactAttributes: { id: 'route.name.contactAttributes', defaultMessage: 'contact attributes' },
  contactFolders: { id: 'route.name.contactFolders', defaultMessage: 'folders' },
  contactImport: { id: 'route.name.contactImport', defaultMessage: 'import contacts' },
  contactLists: { id: 'route.name.contactLists', defaultMessage: 'lists' },
  contactSegments: { id: 'route.name.contactSegments', defaultMessage: 'segments' },
  contact: { id: 'route.name.contact', defaultMessage: 'contact' },
  messages: { id: 'route.name.messages', defaultMessage: 'messages' },
  settings: { id: 'route.name.settings', defaultMessage: 'settings' },
  senders: { id: 'route.name.senders', defaultMessage: 'senders' },
  unsubscribe: { id: 'route.name.unsubscribe', defaultMessage: 'unsubscribe page' },
  channel: {
    id: 'route.name.channel',
    defaultMessage:
      '{channel, select, email {email} whatsapp {WhatsApp} sms {SMS} push {push} webhook {webhook} other {{channel}}}',
  },
  templates: {
    id: 'route.name.templates',
    defaultMessage:
      '{channel, select, email {email} whatsapp {WhatsApp} sms {SMS} push {push} webhook {webhook} other {{channel}}} templates',
  },
  messageWizard: { id: 'route.name.messageWizard', defaultMessage: 'message' },
  report: { id: 'route.name.report', defaultMessage: 'report' },
  model: { id: 'route.name.model', defaultMessage: 'predictive model' },
});
