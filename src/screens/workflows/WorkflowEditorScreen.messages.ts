import { defineMessage, defineMessages } from 'react-intl';
import type { NodeKind, ProblemCode, TriggerType } from '../../machines/workflowEditor/workflowGraph.ts';

/** The workflow editor: toolbar, palette, canvas and side panel. */
export const editorMessages = defineMessages({
  back: { id: 'screen.workflows.editor.back', defaultMessage: 'All workflows' },
  name: { id: 'screen.workflows.editor.name', defaultMessage: 'Workflow name' },
  loading: { id: 'screen.workflows.editor.loading', defaultMessage: 'Loading the workflow…' },
  loadFailed: { id: 'screen.workflows.editor.loadFailed', defaultMessage: 'The workflow could not be loaded.' },
  retry: { id: 'screen.workflows.editor.retry', defaultMessage: 'Try again' },
  saved: { id: 'screen.workflows.editor.saved', defaultMessage: 'All changes saved' },
  saving: { id: 'screen.workflows.editor.saving', defaultMessage: 'Saving…' },
  unsaved: { id: 'screen.workflows.editor.unsaved', defaultMessage: 'Unsaved changes' },
  saveFailed: { id: 'screen.workflows.editor.saveFailed', defaultMessage: 'Saving failed' },
  saveRetry: { id: 'screen.workflows.editor.saveRetry', defaultMessage: 'Save again' },
  undo: { id: 'screen.workflows.editor.undo', defaultMessage: 'Undo (Ctrl+Z)' },
  redo: { id: 'screen.workflows.editor.redo', defaultMessage: 'Redo (Ctrl+Shift+Z)' },
  fit: { id: 'screen.workflows.editor.fit', defaultMessage: 'Zoom to fit' },
  activate: { id: 'screen.workflows.editor.activate', defaultMessage: 'Activate' },
  resume: { id: 'screen.workflows.editor.resume', defaultMessage: 'Resume' },
  pause: { id: 'screen.workflows.editor.pause', defaultMessage: 'Pause' },
  statusFailed: {
    id: 'screen.workflows.editor.statusFailed',
    defaultMessage: 'The status could not be changed. Try again.',
  },
  problemsTitle: defineMessage<{ count: number }>({
    id: 'screen.workflows.editor.problemsTitle',
    defaultMessage: '{count, plural, one {# problem stops activation} other {# problems stop activation}}',
  }),
  readOnly: {
    id: 'screen.workflows.editor.readOnly',
    defaultMessage: 'You can look at this workflow; your role cannot change it.',
  },
  palette: { id: 'screen.workflows.editor.palette', defaultMessage: 'Steps' },
  paletteHint: {
    id: 'screen.workflows.editor.paletteHint',
    defaultMessage: 'Drag a step onto the canvas, or add it with the menu.',
  },
  addStep: { id: 'screen.workflows.editor.addStep', defaultMessage: 'Add a step' },
  canvas: { id: 'screen.workflows.editor.canvas', defaultMessage: 'Workflow canvas' },
  emptyCanvas: {
    id: 'screen.workflows.editor.emptyCanvas',
    defaultMessage: 'Start with a trigger: drag it from the palette.',
  },
  panelEmpty: {
    id: 'screen.workflows.editor.panelEmpty',
    defaultMessage: 'Select a step on the canvas to configure it.',
  },
  removeNode: { id: 'screen.workflows.editor.removeNode', defaultMessage: 'Remove this step' },
  entered: { id: 'screen.workflows.editor.entered', defaultMessage: 'Entered' },
  waiting: { id: 'screen.workflows.editor.waiting', defaultMessage: 'Waiting' },
  passed: { id: 'screen.workflows.editor.passed', defaultMessage: 'Passed' },
  failedCount: { id: 'screen.workflows.editor.failedCount', defaultMessage: 'Failed' },
  yes: { id: 'screen.workflows.editor.yes', defaultMessage: 'Yes' },
  no: { id: 'screen.workflows.editor.no', defaultMessage: 'No' },
  cohort: defineMessage<{ cohort: string; share: number }>({
    id: 'screen.workflows.editor.cohort',
    defaultMessage: '{cohort}: {share, number}%',
  }),
  runs: { id: 'screen.workflows.editor.runs', defaultMessage: 'Runs' },
  testRun: { id: 'screen.workflows.editor.testRun', defaultMessage: 'Test run' },
  leaveTitle: { id: 'screen.workflows.editor.leaveTitle', defaultMessage: 'Leave with unsaved changes?' },
  leaveText: {
    id: 'screen.workflows.editor.leaveText',
    defaultMessage: 'The latest changes are not saved yet. If you leave now they are lost.',
  },
  leave: { id: 'screen.workflows.editor.leave', defaultMessage: 'Leave' },
  stay: { id: 'screen.workflows.editor.stay', defaultMessage: 'Stay' },
});

export const nodeKindMessages = defineMessages({
  trigger: { id: 'screen.workflows.kind.trigger', defaultMessage: 'Trigger' },
  sendEmail: { id: 'screen.workflows.kind.sendEmail', defaultMessage: 'Send email' },
  wait: { id: 'screen.workflows.kind.wait', defaultMessage: 'Wait' },
  branch: { id: 'screen.workflows.kind.branch', defaultMessage: 'Branch' },
  split: { id: 'screen.workflows.kind.split', defaultMessage: 'Random split' },
  updateAttribute: { id: 'screen.workflows.kind.updateAttribute', defaultMessage: 'Update attribute' },
  addToList: { id: 'screen.workflows.kind.addToList', defaultMessage: 'Add to list' },
  removeFromList: { id: 'screen.workflows.kind.removeFromList', defaultMessage: 'Remove from list' },
  webhook: { id: 'screen.workflows.kind.webhook', defaultMessage: 'Call webhook' },
  notify: { id: 'screen.workflows.kind.notify', defaultMessage: 'Notify team' },
  exit: { id: 'screen.workflows.kind.exit', defaultMessage: 'Exit' },
} satisfies Record<NodeKind, unknown>);

export const triggerMessages = defineMessages({
  listAdded: { id: 'screen.workflows.trigger.listAdded', defaultMessage: 'Contact added to a list' },
  segmentEntered: { id: 'screen.workflows.trigger.segmentEntered', defaultMessage: 'Contact enters a segment' },
  attributeChanged: { id: 'screen.workflows.trigger.attributeChanged', defaultMessage: 'An attribute changes' },
  dateAttribute: { id: 'screen.workflows.trigger.dateAttribute', defaultMessage: 'A date attribute comes round' },
  emailOpened: { id: 'screen.workflows.trigger.emailOpened', defaultMessage: 'An email is opened' },
  emailClicked: { id: 'screen.workflows.trigger.emailClicked', defaultMessage: 'An email link is clicked' },
  emailBounced: { id: 'screen.workflows.trigger.emailBounced', defaultMessage: 'An email bounces' },
  unsubscribed: { id: 'screen.workflows.trigger.unsubscribed', defaultMessage: 'Contact unsubscribes' },
  customEvent: { id: 'screen.workflows.trigger.customEvent', defaultMessage: 'A custom event arrives' },
  manual: { id: 'screen.workflows.trigger.manual', defaultMessage: 'Manual enrolment' },
} satisfies Record<TriggerType, unknown>);

export const problemMessages = defineMessages({
  noTrigger: { id: 'screen.workflows.problem.noTrigger', defaultMessage: 'The workflow has no trigger.' },
  notConnected: { id: 'screen.workflows.problem.notConnected', defaultMessage: 'No step leads to this one.' },
  exitMissing: { id: 'screen.workflows.problem.exitMissing', defaultMessage: 'An exit of this step leads nowhere.' },
  noTemplate: { id: 'screen.workflows.problem.noTemplate', defaultMessage: 'Choose the email template to send.' },
  branchOneWay: {
    id: 'screen.workflows.problem.branchOneWay',
    defaultMessage: 'A branch needs both ways out: connect Yes and No.',
  },
  waitZero: { id: 'screen.workflows.problem.waitZero', defaultMessage: 'A wait must last longer than zero.' },
  waitIncomplete: { id: 'screen.workflows.problem.waitIncomplete', defaultMessage: 'Say until when to wait.' },
  splitTotal: { id: 'screen.workflows.problem.splitTotal', defaultMessage: 'The cohorts must add up to 100%.' },
  listMissing: { id: 'screen.workflows.problem.listMissing', defaultMessage: 'Choose a list.' },
  attributeMissing: { id: 'screen.workflows.problem.attributeMissing', defaultMessage: 'Choose an attribute.' },
  urlMissing: { id: 'screen.workflows.problem.urlMissing', defaultMessage: 'Enter an http(s) address.' },
  recipientsMissing: {
    id: 'screen.workflows.problem.recipientsMissing',
    defaultMessage: 'Choose who is notified.',
  },
  triggerIncomplete: {
    id: 'screen.workflows.problem.triggerIncomplete',
    defaultMessage: 'Finish configuring the trigger.',
  },
  conditionsEmpty: { id: 'screen.workflows.problem.conditionsEmpty', defaultMessage: 'Add at least one condition.' },
} satisfies Record<ProblemCode, unknown>);

/** The side panel's fields. */
export const panelMessages = defineMessages({
  triggerType: { id: 'screen.workflows.panel.triggerType', defaultMessage: 'Starts when' },
  list: { id: 'screen.workflows.panel.list', defaultMessage: 'List' },
  segment: { id: 'screen.workflows.panel.segment', defaultMessage: 'Segment' },
  attribute: { id: 'screen.workflows.panel.attribute', defaultMessage: 'Attribute' },
  value: { id: 'screen.workflows.panel.value', defaultMessage: 'Value' },
  valueAny: { id: 'screen.workflows.panel.valueAny', defaultMessage: 'Any value (leave empty)' },
  offsetDays: { id: 'screen.workflows.panel.offsetDays', defaultMessage: 'Days before (−) or after (+)' },
  link: { id: 'screen.workflows.panel.link', defaultMessage: 'Link (empty: any link)' },
  eventName: { id: 'screen.workflows.panel.eventName', defaultMessage: 'Event name' },
  template: { id: 'screen.workflows.panel.template', defaultMessage: 'Email template' },
  noTemplates: {
    id: 'screen.workflows.panel.noTemplates',
    defaultMessage: 'No email templates yet: create one under Templates.',
  },
  waitMode: { id: 'screen.workflows.panel.waitMode', defaultMessage: 'Wait' },
  waitDuration: { id: 'screen.workflows.panel.waitDuration', defaultMessage: 'For a time' },
  waitUntil: { id: 'screen.workflows.panel.waitUntil', defaultMessage: 'Until a date and time' },
  waitWeekday: { id: 'screen.workflows.panel.waitWeekday', defaultMessage: 'Until a weekday and hour' },
  amount: { id: 'screen.workflows.panel.amount', defaultMessage: 'How long' },
  unit: { id: 'screen.workflows.panel.unit', defaultMessage: 'Unit' },
  minutes: { id: 'screen.workflows.panel.minutes', defaultMessage: 'Minutes' },
  hours: { id: 'screen.workflows.panel.hours', defaultMessage: 'Hours' },
  days: { id: 'screen.workflows.panel.days', defaultMessage: 'Days' },
  at: { id: 'screen.workflows.panel.at', defaultMessage: 'Date and time' },
  zone: { id: 'screen.workflows.panel.zone', defaultMessage: 'Time zone' },
  contactZone: { id: 'screen.workflows.panel.contactZone', defaultMessage: "The contact's time zone" },
  weekdays: { id: 'screen.workflows.panel.weekdays', defaultMessage: 'Weekdays' },
  hour: { id: 'screen.workflows.panel.hour', defaultMessage: 'Hour' },
  branchMode: { id: 'screen.workflows.panel.branchMode', defaultMessage: 'Go Yes when' },
  branchConditions: { id: 'screen.workflows.panel.branchConditions', defaultMessage: 'The contact matches conditions' },
  branchOpened: { id: 'screen.workflows.panel.branchOpened', defaultMessage: 'The previous email was opened' },
  branchClicked: { id: 'screen.workflows.panel.branchClicked', defaultMessage: 'The previous email was clicked' },
  cohortPercent: defineMessage<{ cohort: string }>({
    id: 'screen.workflows.panel.cohortPercent',
    defaultMessage: 'Cohort {cohort} (%)',
  }),
  addCohort: { id: 'screen.workflows.panel.addCohort', defaultMessage: 'Add a cohort' },
  removeCohort: defineMessage<{ cohort: string }>({
    id: 'screen.workflows.panel.removeCohort',
    defaultMessage: 'Remove cohort {cohort}',
  }),
  url: { id: 'screen.workflows.panel.url', defaultMessage: 'Webhook address' },
  urlHint: {
    id: 'screen.workflows.panel.urlHint',
    defaultMessage: 'Called with a signed POST, like the webhooks under Integrations.',
  },
  members: { id: 'screen.workflows.panel.members', defaultMessage: 'Team member ids, comma separated' },
  note: { id: 'screen.workflows.panel.note', defaultMessage: 'Note for the team' },
  exitText: { id: 'screen.workflows.panel.exitText', defaultMessage: 'The run ends here.' },
  nextExit: { id: 'screen.workflows.panel.nextExit', defaultMessage: 'Next' },
  exitTo: defineMessage<{ exit: string }>({
    id: 'screen.workflows.panel.exitTo',
    defaultMessage: '{exit} leads to',
  }),
});

export const weekdayMessages = defineMessages({
  d0: { id: 'screen.workflows.weekday.0', defaultMessage: 'Sun' },
  d1: { id: 'screen.workflows.weekday.1', defaultMessage: 'Mon' },
  d2: { id: 'screen.workflows.weekday.2', defaultMessage: 'Tue' },
  d3: { id: 'screen.workflows.weekday.3', defaultMessage: 'Wed' },
  d4: { id: 'screen.workflows.weekday.4', defaultMessage: 'Thu' },
  d5: { id: 'screen.workflows.weekday.5', defaultMessage: 'Fri' },
  d6: { id: 'screen.workflows.weekday.6', defaultMessage: 'Sat' },
});
