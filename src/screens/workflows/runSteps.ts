import type { MessageDescriptor } from 'react-intl';
import type { RunDetail, RunStatus, RunStep } from '../../machines/workflowRuns/workflowRuns.types.ts';
import { GOAL_REASON } from '../../machines/workflowEditor/workflowGraph.ts';
import { goalRunMessages, runStatusMessages, stepDetailMessages as sd } from './WorkflowRuns.messages.ts';

/** A message with its values, for `intl.formatMessage`. */
export type Said = { message: MessageDescriptor; values?: Record<string, string | number> };

export const isGoalStep = (step: RunStep) => step.detail === GOAL_REASON || step.kind === GOAL_REASON;

/** A run's status as shown: a run the engine ended because its contact met the goal reads "Goal reached". */
export const shownStatus = (run: Pick<RunDetail, 'status' | 'steps'>): RunStatus | 'goalReached' =>
  run.status === 'exited' && run.steps.some(isGoalStep) ? 'goalReached' : run.status;

/** The label of a run's shown status. */
export const statusMessage = (status: RunStatus | 'goalReached'): MessageDescriptor =>
  status === 'goalReached' ? goalRunMessages.goalReached : runStatusMessages[status];

/** The engine's fixed details (server/services/workflows/engine.ts) and what they say. */
const FIXED: Record<string, MessageDescriptor> = {
  [GOAL_REASON]: sd.goalReached,
  'already a recipient': sd.alreadySent,
  'no template': sd.noTemplate,
  'template not found': sd.templateGone,
  'cohorts do not add up to 100': sd.splitTotal,
  'previous email opened: true': sd.opened,
  'previous email opened: false': sd.notOpened,
  'previous email clicked: true': sd.clicked,
  'previous email clicked: false': sd.notClicked,
};
const COHORT = /^cohort (.+)$/;
const SENT_TO = /^sent to (.+)$/;
const NOT_EXECUTED = /^\S+ is not executed yet$/;

/**
 * The engine's step detail in the reader's language: the goal, how a branch went and why, a cohort, a test send, a
 * send that had already happened, a missing template. A detail this does not know is shown as the engine wrote it.
 */
export function describeDetail(detail: string): Said | string {
  const fixed = FIXED[detail];
  if (fixed) return { message: fixed };
  const cohort = COHORT.exec(detail);
  if (cohort) return { message: sd.cohort, values: { cohort: cohort[1]!.toUpperCase() } };
  const sent = SENT_TO.exec(detail);
  if (sent) return { message: sd.sentTo, values: { address: sent[1]! } };
  if (NOT_EXECUTED.test(detail)) return { message: sd.notExecuted };
  return detail;
}
