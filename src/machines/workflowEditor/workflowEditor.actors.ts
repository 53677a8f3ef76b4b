import { fromPromise } from 'xstate';
import type {
  LoadedWorkflow,
  NodeCounts,
  SaveOutcome,
  StatusOutcome,
  WorkflowGraph,
  WorkflowStatus,
} from './workflowEditor.types.ts';

/** The workflow editor's only calls to the API. Expected refusals (a 422 naming nodes) come back as outcomes. */

const unwired = (): never => {
  throw new Error('workflows API not in the contract yet');
};

export const loadWorkflow = fromPromise<LoadedWorkflow, { workflowId: number }>(async () => unwired());

export const saveWorkflow = fromPromise<SaveOutcome, { workflowId: number; name: string; graph: WorkflowGraph }>(
  async () => unwired(),
);

export const setWorkflowStatus = fromPromise<
  StatusOutcome,
  { workflowId: number; status: Extract<WorkflowStatus, 'active' | 'paused'>; name?: string; graph?: WorkflowGraph }
>(async () => unwired());

export const loadNodeCounts = fromPromise<Record<string, NodeCounts>, { workflowId: number }>(async () => unwired());
