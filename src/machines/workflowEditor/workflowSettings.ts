/**
 * A workflow's settings beside its graph: the re-entry rule and the optional goal (the segment builder's conditions;
 * a contact who meets them leaves the workflow). Pure functions the editor machine applies; they are saved with the
 * graph by the same autosave, and are not part of the graph's undo history.
 */
import type { components } from '../../../shared/contract/schema';
import type { SegmentCondition } from '../contactsTable/contacts.types.ts';
import type { SegmentEditorEvent } from '../segmentEditor/segmentEditor.types.ts';
import { addAt, defaultCondition, emptyGroup, isComplete } from '../segmentEditor/segmentTree.ts';
import { applyConditionEdit } from './workflowGraph.ts';

export type WorkflowReentry = components['schemas']['WorkflowReentry'];
export type WorkflowGoal = components['schemas']['WorkflowGoal'];

/** The re-entry rules in the order the settings offer them (the contract's enum). */
export const REENTRY_RULES = ['never', 'afterFinish', 'always'] as const satisfies readonly WorkflowReentry[];

/** The edits the goal's condition builder sends: the segment editor's events (only its condition edits apply). */
export type GoalEdit = SegmentEditorEvent;

/** A new goal starts with one condition to fill in, as a new segment does. */
export const newGoal = (): WorkflowGoal => ({ conditions: addAt(emptyGroup(), [], defaultCondition()) });

export const editGoal = (goal: WorkflowGoal | null, edit: GoalEdit): WorkflowGoal | null =>
  goal ? { conditions: applyConditionEdit(goal.conditions, edit) } : null;

/** The goal's conditions, groups not counted (what the canvas badge shows). */
export function conditionCount(item: SegmentCondition): number {
  return item.kind === 'group' ? item.conditions.reduce((sum, c) => sum + conditionCount(c), 0) : 1;
}

/** Whether the goal can be saved: at least one condition, each with what its operator needs. */
export const isGoalComplete = (goal: WorkflowGoal): boolean =>
  conditionCount(goal.conditions) > 0 && isComplete(goal.conditions);

/**
 * What a save sends as the goal: null removes it; a complete goal replaces it; an unfinished one is left out, so the
 * server keeps the goal it has (a goal with no conditions would match every contact and end every run at once).
 */
export const goalToSave = (goal: WorkflowGoal | null): WorkflowGoal | null | undefined =>
  goal === null ? null : isGoalComplete(goal) ? goal : undefined;
