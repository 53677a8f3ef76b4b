import { defineMessage, defineMessages } from 'react-intl';

/** The preview of a template or a message as a contact would see it. */
export const previewMessages = defineMessages({
  title: { id: 'screen.templates.preview.title', defaultMessage: 'Preview' },
  contact: { id: 'screen.templates.preview.contact', defaultMessage: 'Show as' },
  contactPlaceholder: {
    id: 'screen.templates.preview.contactPlaceholder',
    defaultMessage: 'Sample values (search a contact)',
  },
  device: { id: 'screen.templates.preview.device', defaultMessage: 'Width' },
  desktop: { id: 'screen.templates.preview.desktop', defaultMessage: 'Desktop' },
  mobile: { id: 'screen.templates.preview.mobile', defaultMessage: 'Mobile' },
  subject: { id: 'screen.templates.preview.subject', defaultMessage: 'Subject' },
  noSubject: { id: 'screen.templates.preview.noSubject', defaultMessage: '(no subject)' },
  frame: defineMessage<{ device: string }>({
    id: 'screen.templates.preview.frame',
    defaultMessage: 'The email as shown on {device}',
  }),
  loadFailed: { id: 'screen.templates.preview.loadFailed', defaultMessage: 'The preview could not be shown.' },
});
