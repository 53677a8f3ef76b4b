// Types shared by the workflow editor machine, its actors, its graph model and the editor screen.
import type { ContactAttribute, ContactList, Segment } from '../contactsTable/contacts.types.ts';
import type { NodeConfigs, NodeKind, Problem, WorkflowGraph } from './workflowGraph.ts';
import type { GoalEdit, WorkflowGoal, WorkflowReentry } from './workflowSettings.ts';

export type * from './workflowGraph.ts';
export type { GoalEdit, WorkflowGoal, WorkflowReentry } from './workflowSettings.ts';

export type WorkflowStatus = 'draft' | 'active' | 'paused' | 'archived';

/** Per node: contacts that entered it, wait there now, went past it, failed at it. */
export interface NodeCounts {
  entered: number;
  waiting: number;
  passed: number;
  failed: number;
}

/** What the side panel offers to pick from: email templates, lists, segments, attributes. */
export interface EditorOptions {
  templates: Array<{ id: number; name: string }>;
  lists: ContactList[];
  segments: Segment[];
  attributes: ContactAttribute[];
  /** Team members a "notify team" step can notify. */
  members: Array<{ id: string; name: string; email: string }>;
}

export interface LoadedWorkflow {
  id: number;
  name: string;
  status: WorkflowStatus;
  graph: WorkflowGraph;
  reentry: WorkflowReentry;
  goal: WorkflowGoal | null;
  counts: Record<string, NodeCounts>;
  options: EditorOptions;
}

/** What a save sends: the graph, the name and the settings (`goal` left out keeps the saved one). */
export interface SaveInput {
  workflowId: number;
  name: string;
  graph: WorkflowGraph;
  reentry: WorkflowReentry;
  goal?: WorkflowGoal | null;
}

/** Saving answers the saved revision, or the server's problems (a 422 naming nodes). */
export type SaveOutcome = { kind: 'saved' } | { kind: 'rejected'; problems: Problem[] };

/** Activating or pausing answers the new status, or the problems that stop activation. */
export type StatusOutcome = { kind: 'changed'; status: WorkflowStatus } | { kind: 'rejected'; problems: Problem[] };

export interface WorkflowEditorInput {
  workflowId: number;
  /** Viewers see the canvas and the counts, and change nothing. */
  readOnly: boolean;
}

export interface WorkflowEditorContext {
  workflowId: number;
  readOnly: boolean;
  name: string;
  status: WorkflowStatus;
  graph: WorkflowGraph;
  /** The workflow's settings, saved with the graph by the same autosave (not in the undo history). */
  reentry: WorkflowReentry;
  goal: WorkflowGoal | null;
  options: EditorOptions;
  /** Graphs before the current one (the newest last) and undone ones (the newest undone last). */
  past: WorkflowGraph[];
  future: WorkflowGraph[];
  /** The graph before the node being dragged moved (one undo step per drag). */
  dragOrigin: WorkflowGraph | null;
  selected: string | null;
  counts: Record<string, NodeCounts>;
  /** Bumped by every change; `savedRevision` is the revision the server holds. */
  revision: number;
  savedRevision: number;
  /** The revision a running save sends. */
  savingRevision: number;
  /** Shown on the canvas after an activation attempt, or a save the server refused. */
  problems: Problem[];
  showProblems: boolean;
}

export type WorkflowEditorEvent =
  | { type: 'workflow.retry' }
  | { type: 'node.add'; kind: NodeKind; position: { x: number; y: number } }
  | { type: 'node.configure'; nodeId: string; config: NodeConfigs[NodeKind] }
  | { type: 'node.move'; nodeId: string; position: { x: number; y: number }; dragging: boolean }
  | { type: 'node.select'; nodeId: string | null }
  | { type: 'edge.connect'; source: string; handle: string; target: string }
  | { type: 'items.remove'; nodeIds: string[]; edgeIds: string[] }
  | { type: 'name.change'; name: string }
  | { type: 'reentry.change'; reentry: WorkflowReentry }
  | { type: 'goal.add' }
  | { type: 'goal.remove' }
  | { type: 'goal.edit'; edit: GoalEdit }
  | { type: 'history.undo' }
  | { type: 'history.redo' }
  | { type: 'save.retry' }
  | { type: 'workflow.activate' }
  | { type: 'workflow.pause' }
  | { type: 'counts.refresh' };
