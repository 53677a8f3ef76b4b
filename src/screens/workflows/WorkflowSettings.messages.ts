import { defineMessage, defineMessages } from 'react-intl';
import type { WorkflowReentry } from '../../machines/workflowEditor/workflowEditor.types.ts';

/** The editor's settings popover (re-entry, goal) and the goal's badge on the canvas. */
export const settingsMessages = defineMessages({
  open: { id: 'screen.workflows.settings.open', defaultMessage: 'Settings' },
  title: { id: 'screen.workflows.settings.title', defaultMessage: 'Workflow settings' },
  close: { id: 'screen.workflows.settings.close', defaultMessage: 'Close' },
  reentry: { id: 'screen.workflows.settings.reentry', defaultMessage: 'Re-entry' },
  goal: { id: 'screen.workflows.settings.goal', defaultMessage: 'Goal' },
  goalSwitch: {
    id: 'screen.workflows.settings.goalSwitch',
    defaultMessage: 'Exit contacts when they reach a goal',
  },
  goalHint: {
    id: 'screen.workflows.settings.goalHint',
    defaultMessage: 'A contact who meets these conditions leaves the workflow at once, wherever they are in it.',
  },
  goalIncomplete: {
    id: 'screen.workflows.settings.goalIncomplete',
    defaultMessage: 'The goal is saved once every condition is complete.',
  },
  badge: defineMessage<{ count: number }>({
    id: 'screen.workflows.settings.badge',
    defaultMessage: 'Goal: {count, plural, one {# condition} other {# conditions}}',
  }),
});

/** Each re-entry rule's name and the sentence that says what it does. */
export const reentryMessages = defineMessages({
  never: { id: 'screen.workflows.reentry.never', defaultMessage: 'Never' },
  afterFinish: { id: 'screen.workflows.reentry.afterFinish', defaultMessage: 'After it finishes' },
  always: { id: 'screen.workflows.reentry.always', defaultMessage: 'Always' },
} satisfies Record<WorkflowReentry, unknown>);

export const reentryHintMessages = defineMessages({
  never: {
    id: 'screen.workflows.reentryHint.never',
    defaultMessage: 'A contact goes through this workflow once, ever.',
  },
  afterFinish: {
    id: 'screen.workflows.reentryHint.afterFinish',
    defaultMessage: 'A contact can start again once their previous run has ended, never two runs at once.',
  },
  always: {
    id: 'screen.workflows.reentryHint.always',
    defaultMessage: 'Every trigger starts a new run, even while another run of the same contact is going on.',
  },
} satisfies Record<WorkflowReentry, unknown>);
