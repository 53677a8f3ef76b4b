import { fromPromise } from 'xstate';
import { api } from '../../api/appClient.ts';
import { readPagination, unwrap } from '../../api/client.ts';
import type { WorkflowTemplate } from '../../../shared/workflows.ts';
import type { CreateRequest, RowAction, WorkflowPage, WorkflowQuery } from './workflowList.types.ts';

/** The Workflow Manager's only calls to the API. */

export const readWorkflows = fromPromise<WorkflowPage, WorkflowQuery>(async ({ input }) => {
  const result = await api.GET('/workflows', {
    params: { query: { section: input.section, page: input.page, ...(input.search ? { q: input.search } : {}) } },
  });
  return { rows: unwrap(result), pagination: readPagination(result.response) };
});

export const runRowAction = fromPromise<void, { action: RowAction; id: number }>(async ({ input }) => {
  const path = { params: { path: { workflowId: input.id } } };
  switch (input.action) {
    case 'duplicate':
      unwrap(await api.POST('/workflows/{workflowId}/duplicate', path));
      return;
    case 'delete':
      unwrap(await api.DELETE('/workflows/{workflowId}', path));
      return;
    default: {
      const status = input.action === 'pause' ? 'paused' : input.action === 'resume' ? 'active' : 'archived';
      unwrap(await api.POST('/workflows/{workflowId}/status', { ...path, body: { status } }));
    }
  }
});

export const createWorkflow = fromPromise<number, CreateRequest>(async ({ input }) => {
  const template = input.template as WorkflowTemplate | null;
  return unwrap(await api.POST('/workflows', { body: { name: input.name, template } })).id;
});
