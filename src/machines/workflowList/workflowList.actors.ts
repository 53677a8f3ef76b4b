import { fromPromise } from 'xstate';
import type { CreateRequest, RowAction, WorkflowPage, WorkflowQuery } from './workflowList.types.ts';

/** The Workflow Manager's only calls to the API. */

const unwired = (): never => {
  throw new Error('workflows API not in the contract yet');
};

export const readWorkflows = fromPromise<WorkflowPage, WorkflowQuery>(async () => unwired());

export const runRowAction = fromPromise<void, { action: RowAction; id: number }>(async () => unwired());

export const createWorkflow = fromPromise<number, CreateRequest>(async () => unwired());
