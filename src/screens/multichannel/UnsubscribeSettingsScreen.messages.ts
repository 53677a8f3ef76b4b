import { defineMessages } from 'react-intl';

export const unsubscribeSettingsMessages = defineMessages({
  intro: {
    id: 'screen.unsubscribe.intro',
    defaultMessage:
      'The page a contact sees after following the unsubscribe link of a message, in the contact’s language.',
  },
  language: { id: 'screen.unsubscribe.language', defaultMessage: 'Texts for' },
  en: { id: 'screen.unsubscribe.language.en', defaultMessage: 'English' },
  it: { id: 'screen.unsubscribe.language.it', defaultMessage: 'Italian' },
  title: { id: 'screen.unsubscribe.field.title', defaultMessage: 'Title' },
  body: { id: 'screen.unsubscribe.field.body', defaultMessage: 'Question above the button' },
  button: { id: 'screen.unsubscribe.field.button', defaultMessage: 'Button label' },
  done: { id: 'screen.unsubscribe.field.done', defaultMessage: 'Text once unsubscribed' },
  colours: { id: 'screen.unsubscribe.colours', defaultMessage: 'Colours' },
  background: { id: 'screen.unsubscribe.colour.background', defaultMessage: 'Background colour' },
  text: { id: 'screen.unsubscribe.colour.text', defaultMessage: 'Text colour' },
  buttonColour: { id: 'screen.unsubscribe.colour.button', defaultMessage: 'Button colour' },
  buttonText: { id: 'screen.unsubscribe.colour.buttonText', defaultMessage: 'Button text colour' },
  offerLists: {
    id: 'screen.unsubscribe.offerLists',
    defaultMessage: 'Let contacts choose which of their lists to leave',
  },
  preview: { id: 'screen.unsubscribe.preview', defaultMessage: 'Preview' },
  previewFrame: { id: 'screen.unsubscribe.previewFrame', defaultMessage: 'Preview of the unsubscribe page' },
  sampleList: { id: 'screen.unsubscribe.sampleList', defaultMessage: 'Newsletter' },
  save: { id: 'screen.unsubscribe.save', defaultMessage: 'Save' },
  discard: { id: 'screen.unsubscribe.discard', defaultMessage: 'Discard changes' },
  saved: { id: 'screen.unsubscribe.saved', defaultMessage: 'Saved' },
  unsaved: { id: 'screen.unsubscribe.unsaved', defaultMessage: 'Unsaved changes' },
  loadFailed: {
    id: 'screen.unsubscribe.loadFailed',
    defaultMessage: 'The unsubscribe page settings could not be loaded.',
  },
  saveFailed: { id: 'screen.unsubscribe.saveFailed', defaultMessage: 'The settings could not be saved. Try again.' },
  rejected: { id: 'screen.unsubscribe.rejected', defaultMessage: 'Nothing was saved: correct the fields marked.' },
  invalidColour: { id: 'screen.unsubscribe.invalidColour', defaultMessage: 'Use a colour such as #1c7ed6' },
  invalidText: { id: 'screen.unsubscribe.invalidText', defaultMessage: 'Fill this in, within the length allowed' },
});
