import { defineMessage, defineMessages } from 'react-intl';
import { MESSAGING_TEXTS } from '../../../../shared/messaging.ts';

/** The message wizard's texts; the spec's own words come from MESSAGING_TEXTS. */
export const wizardText = defineMessages({
  loadFailed: { id: 'screen.messageWizard.loadFailed', defaultMessage: MESSAGING_TEXTS.campaignLoadFailed },
  loading: { id: 'screen.messageWizard.loading', defaultMessage: 'Loading the campaign…' },
  locked: defineMessage<{ status: string }>({
    id: 'screen.messageWizard.locked',
    defaultMessage: 'This campaign is {status} and can no longer be edited.',
  }),
  toReport: { id: 'screen.messageWizard.toReport', defaultMessage: 'See its report' },
  saving: { id: 'screen.messageWizard.autosave.saving', defaultMessage: 'Saving…' },
  saved: { id: 'screen.messageWizard.autosave.saved', defaultMessage: 'All changes saved' },
  unsaved: { id: 'screen.messageWizard.autosave.unsaved', defaultMessage: 'Unsaved changes' },
  saveFailed: { id: 'screen.messageWizard.autosave.failed', defaultMessage: 'Your changes could not be saved.' },
  invalid: {
    id: 'screen.messageWizard.autosave.invalid',
    defaultMessage: 'Some fields need attention before they can be saved.',
  },
  retrySave: { id: 'screen.messageWizard.autosave.retry', defaultMessage: 'Save again' },
  back: { id: 'screen.messageWizard.back', defaultMessage: 'Back' },
  next: { id: 'screen.messageWizard.next', defaultMessage: 'Next' },
  deleteDraft: { id: 'screen.messageWizard.delete', defaultMessage: 'Delete draft' },
  deleteTitle: { id: 'screen.messageWizard.delete.title', defaultMessage: 'Delete this draft?' },
  deleteText: defineMessage<{ name: string }>({
    id: 'screen.messageWizard.delete.text',
    defaultMessage: 'The draft "{name}" is deleted for good.',
  }),
  deleteConfirm: { id: 'screen.messageWizard.delete.confirm', defaultMessage: 'Delete' },
  deleteFailed: {
    id: 'screen.messageWizard.delete.failed',
    defaultMessage: 'The draft could not be deleted, try again.',
  },
  leaveTitle: { id: 'screen.messageWizard.leave.title', defaultMessage: 'Leave with unsaved changes?' },
  leaveText: {
    id: 'screen.messageWizard.leave.text',
    defaultMessage: 'Some changes have not been saved yet. If you leave now they are lost.',
  },
  leave: { id: 'screen.messageWizard.leave.confirm', defaultMessage: 'Leave' },
  stay: { id: 'screen.messageWizard.leave.stay', defaultMessage: 'Stay' },
  // step-0
  name: { id: 'screen.messageWizard.field.name', defaultMessage: 'Campaign name' },
  subject: { id: 'screen.messageWizard.field.subject', defaultMessage: 'Subject' },
  previewText: { id: 'screen.messageWizard.field.previewText', defaultMessage: 'Preview text' },
  previewHint: defineMessage<{ recommended: number; count: number }>({
    id: 'screen.messageWizard.field.previewText.hint',
    defaultMessage: 'About {recommended} characters are recommended ({count} so far).',
  }),
  fromName: { id: 'screen.messageWizard.field.fromName', defaultMessage: 'From name' },
  sender: { id: 'screen.messageWizard.field.sender', defaultMessage: 'From (verified sender)' },
  noSenders: { id: 'screen.messageWizard.field.sender.none', defaultMessage: 'No verified sender yet.' },
  toSenders: { id: 'screen.messageWizard.field.sender.link', defaultMessage: 'Add and verify a sender' },
  replyTo: { id: 'screen.messageWizard.field.replyTo', defaultMessage: 'Reply-to' },
  type: { id: 'screen.messageWizard.field.type', defaultMessage: 'Type' },
  typeRegular: { id: 'screen.messageWizard.type.regular', defaultMessage: 'Regular' },
  typeAutomated: { id: 'screen.messageWizard.type.automated', defaultMessage: 'Automated' },
  category: { id: 'screen.messageWizard.field.category', defaultMessage: 'Category' },
  categoryMarketing: { id: 'screen.messageWizard.category.marketing', defaultMessage: 'Marketing' },
  categoryTransactional: { id: 'screen.messageWizard.category.transactional', defaultMessage: 'Transactional' },
  // step-1
  includeLists: { id: 'screen.messageWizard.field.includeLists', defaultMessage: 'Send to lists' },
  includeSegments: { id: 'screen.messageWizard.field.includeSegments', defaultMessage: 'Send to segments' },
  excludeLists: { id: 'screen.messageWizard.field.excludeLists', defaultMessage: 'Leave out lists' },
  excludeSegments: { id: 'screen.messageWizard.field.excludeSegments', defaultMessage: 'Leave out segments' },
  recipients: defineMessage<{ count: number }>({
    id: 'screen.messageWizard.recipients.count',
    defaultMessage: '{count, plural, =0 {No recipients} one {# recipient} other {# recipients}}',
  }),
  recipientsHint: {
    id: 'screen.messageWizard.recipients.hint',
    defaultMessage: 'Each address counts once; blocked and blocklisted contacts are left out.',
  },
  counting: { id: 'screen.messageWizard.recipients.counting', defaultMessage: 'Counting recipients…' },
  countFailed: { id: 'screen.messageWizard.recipients.failed', defaultMessage: 'The recipients could not be counted.' },
  // step-2
  templates: { id: 'screen.messageWizard.content.templates', defaultMessage: 'Start from a template' },
  noTemplates: { id: 'screen.messageWizard.content.templates.none', defaultMessage: 'No templates yet.' },
  useTemplate: defineMessage<{ name: string }>({
    id: 'screen.messageWizard.content.useTemplate',
    defaultMessage: 'Use {name}',
  }),
  chosenTemplate: { id: 'screen.messageWizard.content.chosen', defaultMessage: 'In use' },
  keepDesign: {
    id: 'screen.messageWizard.content.keep',
    defaultMessage: 'Choosing a template replaces the current design; without a choice the current design is kept.',
  },
  embedImages: { id: 'screen.messageWizard.content.embedImages', defaultMessage: 'Embed images in the message' },
  embedImagesHint: {
    id: 'screen.messageWizard.content.embedImages.hint',
    defaultMessage: MESSAGING_TEXTS.embeddedTooLarge,
  },
  mirrorLink: { id: 'screen.messageWizard.content.mirrorLink', defaultMessage: 'Add a link to the web version' },
  preview: { id: 'screen.messageWizard.content.preview', defaultMessage: 'Preview' },
  noContent: { id: 'screen.messageWizard.content.empty', defaultMessage: 'No content yet: choose a template.' },
  // step-3
  when: { id: 'screen.messageWizard.schedule.when', defaultMessage: 'When' },
  now: { id: 'screen.messageWizard.schedule.now', defaultMessage: 'Send now' },
  at: { id: 'screen.messageWizard.schedule.at', defaultMessage: 'At a date and time' },
  repeat: { id: 'screen.messageWizard.schedule.repeat', defaultMessage: 'Repeat' },
  dateTime: { id: 'screen.messageWizard.schedule.dateTime', defaultMessage: 'Date and time' },
  timeZone: { id: 'screen.messageWizard.schedule.timeZone', defaultMessage: 'Time zone' },
  summary: { id: 'screen.messageWizard.summary', defaultMessage: 'Summary' },
  checklist: { id: 'screen.messageWizard.checklist', defaultMessage: 'Before sending' },
  checkAgain: { id: 'screen.messageWizard.checklist.refresh', defaultMessage: 'Check again' },
  checklistFailed: { id: 'screen.messageWizard.checklist.failed', defaultMessage: 'The checklist could not be read.' },
  advice: { id: 'screen.messageWizard.checklist.advice', defaultMessage: 'advice' },
  required: { id: 'screen.messageWizard.checklist.required', defaultMessage: 'required' },
  passed: { id: 'screen.messageWizard.checklist.passed', defaultMessage: 'passed' },
  failed: { id: 'screen.messageWizard.checklist.failing', defaultMessage: 'to fix' },
  testSend: { id: 'screen.messageWizard.test.title', defaultMessage: 'Send a test' },
  testAddresses: defineMessage<{ max: number }>({
    id: 'screen.messageWizard.test.addresses',
    defaultMessage: 'Addresses, separated by commas (up to {max})',
  }),
  testSubmit: { id: 'screen.messageWizard.test.submit', defaultMessage: 'Send test' },
  testSent: defineMessage<{ addresses: string }>({
    id: 'screen.messageWizard.test.sent',
    defaultMessage: 'Test sent to {addresses}.',
  }),
  testAddressesInvalid: defineMessage<{ max: number }>({
    id: 'screen.messageWizard.test.invalid',
    defaultMessage: 'Enter from 1 to {max} valid addresses.',
  }),
  testSendFailed: { id: 'screen.messageWizard.test.failed', defaultMessage: MESSAGING_TEXTS.testSendFailed },
  sendNow: { id: 'screen.messageWizard.send.now', defaultMessage: 'Send' },
  schedule: { id: 'screen.messageWizard.send.schedule', defaultMessage: 'Schedule' },
  cost: defineMessage<{ cost: number; balance: number }>({
    id: 'screen.messageWizard.cost',
    defaultMessage: 'Cost: {cost, number} credits (balance: {balance, number} credits)',
  }),
  costEstimating: { id: 'screen.messageWizard.cost.estimating', defaultMessage: 'Cost: estimating…' },
  costFailed: { id: 'screen.messageWizard.cost.failed', defaultMessage: 'The cost could not be estimated.' },
  costRetry: { id: 'screen.messageWizard.cost.retry', defaultMessage: 'Estimate again' },
  costShort: defineMessage<{ cost: number; balance: number }>({
    id: 'screen.messageWizard.cost.short',
    defaultMessage:
      'Not enough credits on this channel for this send: {cost, number} needed, {balance, number} available. Ask the account owner to top up.',
  }),
  costShortScheduled: {
    id: 'screen.messageWizard.cost.shortScheduled',
    defaultMessage:
      'The balance does not cover this send today: at its time it waits, paused, until credits are added.',
  },
  costBalances: { id: 'screen.messageWizard.cost.balances', defaultMessage: 'See balances' },
  sendBlocked: {
    id: 'screen.messageWizard.send.blocked',
    defaultMessage: 'Sending waits until every change is saved and every required item passes.',
  },
  sendFailed: { id: 'screen.messageWizard.send.failed', defaultMessage: 'The campaign could not be sent, try again.' },
  sendRefused: {
    id: 'screen.messageWizard.send.refused',
    defaultMessage: 'The campaign was refused: check the list above.',
  },
});

/** The checklist items' names, by key. */
export const checklistText = defineMessages({
  content: { id: 'screen.messageWizard.check.content', defaultMessage: 'The message has content' },
  recipients: { id: 'screen.messageWizard.check.recipients', defaultMessage: 'It reaches at least one recipient' },
  senderVerified: { id: 'screen.messageWizard.check.senderVerified', defaultMessage: 'The sender is verified' },
  dkimFound: { id: 'screen.messageWizard.check.dkimFound', defaultMessage: "DKIM record found on the sender's domain" },
  spfFound: { id: 'screen.messageWizard.check.spfFound', defaultMessage: "SPF record found on the sender's domain" },
  unsubscribeLink: {
    id: 'screen.messageWizard.check.unsubscribeLink',
    defaultMessage: 'An unsubscribe link is present',
  },
  previewText: { id: 'screen.messageWizard.check.previewText', defaultMessage: 'A preview text is set' },
  imageAlt: { id: 'screen.messageWizard.check.imageAlt', defaultMessage: 'Every image has alt text' },
  linksValid: { id: 'screen.messageWizard.check.linksValid', defaultMessage: 'Every link goes to a web address' },
  mergeTags: { id: 'screen.messageWizard.check.mergeTags', defaultMessage: 'Merge tags are valid' },
  size: { id: 'screen.messageWizard.check.size', defaultMessage: 'With embedded images, at most 5MB' },
});

/** Why an autosave was refused, by issue code. */
export const issueText = defineMessages({
  nameRequired: { id: 'screen.messageWizard.issue.nameRequired', defaultMessage: 'Please provide a name' },
  listMissing: { id: 'screen.messageWizard.issue.listMissing', defaultMessage: 'This list no longer exists' },
  timeZoneInvalid: {
    id: 'screen.messageWizard.issue.timeZoneInvalid',
    defaultMessage: 'Choose a time zone from the list',
  },
  senderMissing: { id: 'screen.messageWizard.issue.senderMissing', defaultMessage: 'This sender no longer exists' },
  templateMissing: {
    id: 'screen.messageWizard.issue.templateMissing',
    defaultMessage: 'This template no longer exists',
  },
  segmentMissing: { id: 'screen.messageWizard.issue.segmentMissing', defaultMessage: 'This segment no longer exists' },
  dateInvalid: { id: 'screen.messageWizard.issue.dateInvalid', defaultMessage: 'Enter a date and time that exist' },
  patternInvalid: {
    id: 'screen.messageWizard.issue.patternInvalid',
    defaultMessage: 'The repeat pattern is not valid',
  },
  invalid: { id: 'screen.messageWizard.issue.invalid', defaultMessage: 'This value is not valid' },
});
