import { defineMessages } from 'react-intl';
import type { RunStatus, RunStep } from '../../machines/workflowRuns/workflowRuns.types.ts';

/** The runs panel, a run's step history, the test-run dialog and a contact's run history. */
export const runsMessages = defineMessages({
  title: { id: 'screen.workflows.runs.title', defaultMessage: 'Runs' },
  all: { id: 'screen.workflows.runs.all', defaultMessage: 'All runs' },
  failedOnly: { id: 'screen.workflows.runs.failedOnly', defaultMessage: 'Failures' },
  refresh: { id: 'screen.workflows.runs.refresh', defaultMessage: 'Refresh' },
  empty: { id: 'screen.workflows.runs.empty', defaultMessage: 'No runs yet.' },
  loadFailed: { id: 'screen.workflows.runs.loadFailed', defaultMessage: 'The runs could not be loaded.' },
  retry: { id: 'screen.workflows.runs.retry', defaultMessage: 'Try again' },
  contact: { id: 'screen.workflows.runs.contact', defaultMessage: 'Contact' },
  workflow: { id: 'screen.workflows.runs.workflow', defaultMessage: 'Workflow' },
  status: { id: 'screen.workflows.runs.status', defaultMessage: 'Status' },
  started: { id: 'screen.workflows.runs.started', defaultMessage: 'Started' },
  open: { id: 'screen.workflows.runs.open', defaultMessage: 'Steps' },
  back: { id: 'screen.workflows.runs.back', defaultMessage: 'Back to the runs' },
  test: { id: 'screen.workflows.runs.test', defaultMessage: 'Test run' },
  testBadge: { id: 'screen.workflows.runs.testBadge', defaultMessage: 'test' },
  retryStep: { id: 'screen.workflows.runs.retryStep', defaultMessage: 'Retry step' },
  retryFailed: { id: 'screen.workflows.runs.retryFailed', defaultMessage: 'The step could not be retried.' },
  step: { id: 'screen.workflows.runs.step', defaultMessage: 'Step' },
  when: { id: 'screen.workflows.runs.when', defaultMessage: 'When' },
  outcome: { id: 'screen.workflows.runs.outcome', defaultMessage: 'Outcome' },
  detail: { id: 'screen.workflows.runs.detail', defaultMessage: 'Details' },
  way: { id: 'screen.workflows.runs.way', defaultMessage: 'Went' },
  message: { id: 'screen.workflows.runs.message', defaultMessage: 'Message sent' },
  testTitle: { id: 'screen.workflows.runs.testTitle', defaultMessage: 'Test run' },
  testText: {
    id: 'screen.workflows.runs.testText',
    defaultMessage: 'Runs the workflow for one contact with waits shortened; emails go only to the test address.',
  },
  testContact: { id: 'screen.workflows.runs.testContact', defaultMessage: 'Contact id' },
  testAddress: { id: 'screen.workflows.runs.testAddress', defaultMessage: 'Test address' },
  testStart: { id: 'screen.workflows.runs.testStart', defaultMessage: 'Start the test' },
  testIncomplete: {
    id: 'screen.workflows.runs.testIncomplete',
    defaultMessage: 'Enter a contact id and a valid email address.',
  },
  testFailed: { id: 'screen.workflows.runs.testFailed', defaultMessage: 'The test run could not start.' },
  cancel: { id: 'screen.workflows.runs.cancel', defaultMessage: 'Cancel' },
  contactHistory: { id: 'screen.workflows.runs.contactHistory', defaultMessage: 'Workflows' },
  contactEmpty: {
    id: 'screen.workflows.runs.contactEmpty',
    defaultMessage: 'This contact has not been through any workflow.',
  },
});

export const runStatusMessages = defineMessages({
  running: { id: 'screen.workflows.runStatus.running', defaultMessage: 'Running' },
  waiting: { id: 'screen.workflows.runStatus.waiting', defaultMessage: 'Waiting' },
  finished: { id: 'screen.workflows.runStatus.finished', defaultMessage: 'Finished' },
  failed: { id: 'screen.workflows.runStatus.failed', defaultMessage: 'Failed' },
  exited: { id: 'screen.workflows.runStatus.exited', defaultMessage: 'Exited' },
} satisfies Record<RunStatus, unknown>);

export const stepOutcomeMessages = defineMessages({
  passed: { id: 'screen.workflows.outcome.passed', defaultMessage: 'Passed' },
  waiting: { id: 'screen.workflows.outcome.waiting', defaultMessage: 'Waiting' },
  failed: { id: 'screen.workflows.outcome.failed', defaultMessage: 'Failed' },
  skipped: { id: 'screen.workflows.outcome.skipped', defaultMessage: 'Skipped' },
} satisfies Record<RunStep['outcome'], unknown>);
