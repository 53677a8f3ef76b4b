import { defineMessage, defineMessages } from 'react-intl';

export const previewScreenMessages = defineMessages({
  title: defineMessage<{ id: number }>({ id: 'screen.templates.previewScreen.title', defaultMessage: 'Message {id}' }),
  intro: {
    id: 'screen.templates.previewScreen.intro',
    defaultMessage: 'The message as a recipient sees it. Choose a contact to fill its merge tags.',
  },
});
