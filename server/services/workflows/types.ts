import type { components } from '../../../shared/contract/schema.d.ts';
import type { WorkflowGraph } from '../../../shared/workflows.ts';

/** The types the workflow modules share, on their own so that no module imports another for a type alone. */

/** Whether a contact enrols again (the contract's WorkflowReentry; migration 041's column). */
export type WorkflowReentry = 'never' | 'afterFinish' | 'always';
/** The workflow's goal (the contract's WorkflowGoal; migration 042's column). */
export type WorkflowGoal = components['schemas']['WorkflowGoal'];

export interface DueRun {
  id: number;
  contactId: number;
  nodeId: string;
  testAddress: string | null;
  graph: WorkflowGraph;
}

/** What a step did: the exit it took (null: the run ends), or a wait until a time; and what to show in the trace. */
export type StepResult =
  | { kind: 'next'; handle: string; detail?: string; messageId?: number }
  | { kind: 'wait'; until: Date }
  | { kind: 'end'; detail?: string }
  | { kind: 'failed'; detail: string };

/** Where a run stands: its company, id, workflow and contact. */
export interface RunRef {
  companyId: string;
  runId: number;
  workflowId: number;
  contactId: number;
}
