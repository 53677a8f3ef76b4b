import { defineMessages } from 'react-intl';

/** What each area not built yet is for: its empty state. */
export const areaMessages = defineMessages({
  accountTitle: { id: 'screen.area.account.title', defaultMessage: 'Your account' },
  accountText: {
    id: 'screen.area.account.text',
    defaultMessage:
      'Profile, notification preferences and team members will be managed here. Two-factor authentication is under Security.',
  },
  billingTitle: { id: 'screen.area.billing.title', defaultMessage: 'Channels and credits' },
  billingText: {
    id: 'screen.area.billing.text',
    defaultMessage: 'The channels of your company and the credits each one has left will be shown here.',
  },
  cockpitTitle: { id: 'screen.area.cockpit.title', defaultMessage: 'Overviews' },
  cockpitText: {
    id: 'screen.area.cockpit.text',
    defaultMessage:
      'Behaviours, booking, channels, communications, e-commerce and webinar overviews will be shown here.',
  },
  contactsTitle: { id: 'screen.area.contacts.title', defaultMessage: 'No contacts yet' },
  contactsText: {
    id: 'screen.area.contacts.text',
    defaultMessage: 'Contacts, lists, segments, folders, contact attributes and imports will be managed here.',
  },
  userflowTitle: { id: 'screen.area.userflow.title', defaultMessage: 'No predictive models yet' },
  userflowText: {
    id: 'screen.area.userflow.text',
    defaultMessage:
      'Predictive models on your own data, their data sources, predictions and the tracker will be managed here.',
  },
  workflowsTitle: { id: 'screen.area.workflows.title', defaultMessage: 'No workflows yet' },
  workflowsText: {
    id: 'screen.area.workflows.text',
    defaultMessage: 'Automations that react to what your contacts do will be designed here.',
  },
  previewTitle: { id: 'screen.area.preview.title', defaultMessage: 'Preview' },
  previewText: { id: 'screen.area.preview.text', defaultMessage: 'The preview of a message will be shown here.' },
  stepTitle: { id: 'screen.area.step.title', defaultMessage: 'This step is not built yet' },
  stepText: { id: 'screen.area.step.text', defaultMessage: 'Each step of the wizard will be filled in here.' },
  securityLink: { id: 'screen.area.account.securityLink', defaultMessage: 'Open security settings' },
});
