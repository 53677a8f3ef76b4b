import { defineMessage, defineMessages } from 'react-intl';
import { FIELD_TEXTS } from '../../../../shared/fieldTexts.ts';
import { MESSAGING_TEXTS } from '../../../../shared/messaging.ts';
import { TEMPLATE_TEXTS } from '../../../../shared/templates.ts';

/** Templates, the editor, images, previews and test sends (issue 19). */
export const templatesMessages = defineMessages({
  title: { id: 'screen.templates.title', defaultMessage: 'Templates' },
  intro: {
    id: 'screen.templates.intro',
    defaultMessage: 'Designs you can start a message from. A message keeps its own copy of the design.',
  },
  search: { id: 'screen.templates.search', defaultMessage: 'Search templates' },
  create: { id: 'screen.templates.create', defaultMessage: 'New template' },
  createTitle: { id: 'screen.templates.createTitle', defaultMessage: 'New template' },
  name: { id: 'screen.templates.name', defaultMessage: 'Name' },
  starter: { id: 'screen.templates.starter', defaultMessage: 'Start from' },
  starterBlank: { id: 'screen.templates.starter.blank', defaultMessage: 'Blank' },
  starterNewsletter: { id: 'screen.templates.starter.newsletter', defaultMessage: 'Newsletter' },
  starterAnnouncement: { id: 'screen.templates.starter.announcement', defaultMessage: 'Announcement' },
  createSubmit: { id: 'screen.templates.createSubmit', defaultMessage: 'Create and edit' },
  empty: { id: 'screen.templates.empty', defaultMessage: 'No templates yet. Create one to design your first email.' },
  noMatch: { id: 'screen.templates.noMatch', defaultMessage: 'No template matches this search.' },
  edit: { id: 'screen.templates.edit', defaultMessage: 'Edit' },
  duplicate: { id: 'screen.templates.duplicate', defaultMessage: 'Duplicate' },
  rename: { id: 'screen.templates.rename', defaultMessage: 'Rename' },
  renameTitle: { id: 'screen.templates.renameTitle', defaultMessage: 'Rename template' },
  save: { id: 'screen.templates.save', defaultMessage: 'Save' },
  delete: { id: 'screen.templates.delete', defaultMessage: 'Delete' },
  deleteTitle: defineMessage<{ name: string }>({
    id: 'screen.templates.deleteTitle',
    defaultMessage: 'Delete the template “{name}”?',
  }),
  deleteText: {
    id: 'screen.templates.deleteText',
    defaultMessage: 'Messages made from it keep their copy of the design.',
  },
  actions: defineMessage<{ name: string }>({ id: 'screen.templates.actions', defaultMessage: 'Actions for {name}' }),
  thumbnail: defineMessage<{ name: string }>({
    id: 'screen.templates.thumbnail',
    defaultMessage: 'Thumbnail of {name}',
  }),
  updated: defineMessage<{ date: string }>({ id: 'screen.templates.updated', defaultMessage: 'Changed {date}' }),
  loadFailed: { id: 'screen.templates.loadFailed', defaultMessage: 'The templates could not be loaded.' },
  nameRequired: { id: 'screen.templates.nameRequired', defaultMessage: FIELD_TEXTS.nameRequired },
  createFailed: { id: 'screen.templates.createFailed', defaultMessage: 'Error creating this template.' },
  renameFailed: { id: 'screen.templates.renameFailed', defaultMessage: 'Error renaming this template.' },
  duplicateFailed: { id: 'screen.templates.duplicateFailed', defaultMessage: 'Error duplicating this template.' },
  deleteFailed: { id: 'screen.templates.deleteFailed', defaultMessage: 'Error deleting this template.' },
  pagination: { id: 'screen.templates.pagination', defaultMessage: 'Template pages' },
});

export const editorMessages = defineMessages({
  back: { id: 'screen.templates.editor.back', defaultMessage: 'Back to templates' },
  subject: { id: 'screen.templates.editor.subject', defaultMessage: 'Subject' },
  save: { id: 'screen.templates.editor.save', defaultMessage: 'Save' },
  saved: { id: 'screen.templates.editor.saved', defaultMessage: 'Saved' },
  unsaved: { id: 'screen.templates.editor.unsaved', defaultMessage: 'Unsaved changes' },
  saveFailed: { id: 'screen.templates.editor.saveFailed', defaultMessage: 'The template could not be saved.' },
  problems: {
    id: 'screen.templates.editor.problems',
    defaultMessage: 'The template was not saved. Fix these problems first:',
  },
  loadFailed: { id: 'screen.templates.editor.loadFailed', defaultMessage: 'The template could not be loaded.' },
  canvasFailed: {
    id: 'screen.templates.editor.canvasFailed',
    defaultMessage: 'The designer could not be loaded. Edit the source instead, or try again.',
  },
  canvasLoading: { id: 'screen.templates.editor.canvasLoading', defaultMessage: 'Loading the designer…' },
  canvasLabel: { id: 'screen.templates.editor.canvasLabel', defaultMessage: 'Drag-and-drop designer' },
  mergeTags: { id: 'screen.templates.editor.mergeTags', defaultMessage: 'Merge tags' },
  mergeTagHint: {
    id: 'screen.templates.editor.mergeTagHint',
    defaultMessage: 'Click in a text block first: the tag goes where the cursor is.',
  },
  mergeTagNoTarget: {
    id: 'screen.templates.editor.mergeTagNoTarget',
    defaultMessage: 'Select a text or a button in the design first.',
  },
  mergeGroupField: { id: 'screen.templates.editor.mergeGroup.field', defaultMessage: 'Contact fields' },
  mergeGroupAttribute: { id: 'screen.templates.editor.mergeGroup.attribute', defaultMessage: 'Custom attributes' },
  mergeGroupLink: { id: 'screen.templates.editor.mergeGroup.link', defaultMessage: 'Links' },
  source: { id: 'screen.templates.editor.source', defaultMessage: 'MJML source' },
  sourceLabel: { id: 'screen.templates.editor.sourceLabel', defaultMessage: 'The template as MJML' },
  sourceApply: { id: 'screen.templates.editor.sourceApply', defaultMessage: 'Apply to the design' },
  sourceHint: {
    id: 'screen.templates.editor.sourceHint',
    defaultMessage: 'Applying replaces the design with this source. Save to keep it.',
  },
  body: { id: 'screen.templates.editor.body', defaultMessage: 'Text' },
  preview: { id: 'screen.templates.editor.preview', defaultMessage: 'Preview' },
  previewSaveFirst: {
    id: 'screen.templates.editor.previewSaveFirst',
    defaultMessage: 'The preview shows the last saved version.',
  },
  images: { id: 'screen.templates.editor.images', defaultMessage: 'Images' },
  testSend: { id: 'screen.templates.editor.testSend', defaultMessage: 'Send a test' },
});

export const assetsMessages = defineMessages({
  title: { id: 'screen.templates.assets.title', defaultMessage: 'Images' },
  upload: { id: 'screen.templates.assets.upload', defaultMessage: 'Upload an image' },
  hint: {
    id: 'screen.templates.assets.hint',
    defaultMessage: 'PNG, JPEG, GIF or WebP, up to 5MB. Images are public at their link, so emails can show them.',
  },
  empty: { id: 'screen.templates.assets.empty', defaultMessage: 'No images yet.' },
  copy: { id: 'screen.templates.assets.copy', defaultMessage: 'Copy link' },
  copied: { id: 'screen.templates.assets.copied', defaultMessage: 'Copied' },
  delete: defineMessage<{ name: string }>({ id: 'screen.templates.assets.delete', defaultMessage: 'Delete {name}' }),
  deleteTitle: defineMessage<{ name: string }>({
    id: 'screen.templates.assets.deleteTitle',
    defaultMessage: 'Delete the image “{name}”?',
  }),
  deleteText: {
    id: 'screen.templates.assets.deleteText',
    defaultMessage: 'Emails already sent with it will show a broken image.',
  },
  size: defineMessage<{ width: number; height: number }>({
    id: 'screen.templates.assets.size',
    defaultMessage: '{width} × {height} px',
  }),
  loadFailed: { id: 'screen.templates.assets.loadFailed', defaultMessage: 'The images could not be loaded.' },
  assetType: {
    id: 'screen.templates.assets.assetType',
    defaultMessage: TEMPLATE_TEXTS.assetType,
  },
  tooLarge: { id: 'screen.templates.assets.tooLarge', defaultMessage: TEMPLATE_TEXTS.assetTooLarge },
  uploadFailed: { id: 'screen.templates.assets.uploadFailed', defaultMessage: 'The image could not be uploaded.' },
  deleteFailed: { id: 'screen.templates.assets.deleteFailed', defaultMessage: 'The image could not be deleted.' },
});

export const testSendMessages = defineMessages({
  title: { id: 'screen.templates.testSend.title', defaultMessage: 'Send a test' },
  addresses: { id: 'screen.templates.testSend.addresses', defaultMessage: 'Addresses' },
  addressesHint: defineMessage<{ max: number }>({
    id: 'screen.templates.testSend.addressesHint',
    defaultMessage: 'Up to {max} addresses, one per line or separated by commas.',
  }),
  send: { id: 'screen.templates.testSend.send', defaultMessage: 'Send' },
  sent: defineMessage<{ count: number }>({
    id: 'screen.templates.testSend.sent',
    defaultMessage: '{count, plural, one {Test sent to # address.} other {Test sent to # addresses.}}',
  }),
  addressesInvalid: {
    id: 'screen.templates.testSend.addressesInvalid',
    defaultMessage: 'Enter valid email addresses.',
  },
  tooMany: defineMessage<{ max: number }>({
    id: 'screen.templates.testSend.tooMany',
    defaultMessage: 'At most {max} addresses.',
  }),
  sendFailed: { id: 'screen.templates.testSend.sendFailed', defaultMessage: MESSAGING_TEXTS.testSendFailed },
});
