import { fromPromise } from 'xstate';
import { api } from '../../api/appClient.ts';
import { unwrap, type ApiErrorBody } from '../../api/client.ts';
import { isProblemCode } from '../../../shared/workflows.ts';
import type {
  LoadedWorkflow,
  NodeCounts,
  Problem,
  SaveOutcome,
  StatusOutcome,
  WorkflowGraph,
  WorkflowStatus,
} from './workflowEditor.types.ts';

/** The workflow editor's only calls to the API. Expected refusals (a 422 naming nodes) come back as outcomes. */

/** A 422's field errors as problems: `workflow` for the whole, `nodes.<id>` at a node (other fields are dropped). */
function problemsOf(error: ApiErrorBody | undefined): Problem[] {
  const problems: Problem[] = [];
  for (const [field, codes] of Object.entries(error?.errors ?? {})) {
    const nodeId = field === 'workflow' ? null : field.startsWith('nodes.') ? field.slice('nodes.'.length) : undefined;
    if (nodeId === undefined) continue;
    for (const code of codes) if (isProblemCode(code)) problems.push({ nodeId, code });
  }
  return problems;
}

export const loadWorkflow = fromPromise<LoadedWorkflow, { workflowId: number }>(async ({ input }) => {
  const loaded = unwrap(
    await api.GET('/workflows/{workflowId}', { params: { path: { workflowId: input.workflowId } } }),
  );
  return loaded as unknown as LoadedWorkflow;
});

async function save(input: { workflowId: number; name: string; graph: WorkflowGraph }): Promise<SaveOutcome> {
  const result = await api.PUT('/workflows/{workflowId}', {
    params: { path: { workflowId: input.workflowId } },
    body: { name: input.name, graph: input.graph as never },
  });
  if (result.response.status === 422) {
    const problems = problemsOf(result.error as ApiErrorBody);
    if (problems.length) return { kind: 'rejected', problems };
  }
  unwrap(result);
  return { kind: 'saved' };
}

export const saveWorkflow = fromPromise<SaveOutcome, { workflowId: number; name: string; graph: WorkflowGraph }>(
  async ({ input }) => save(input),
);

/** Activating saves the graph on screen first, so the version published is the one the user sees. */
export const setWorkflowStatus = fromPromise<
  StatusOutcome,
  { workflowId: number; status: Extract<WorkflowStatus, 'active' | 'paused'>; name?: string; graph?: WorkflowGraph }
>(async ({ input }) => {
  if (input.name !== undefined && input.graph) {
    const saved = await save({ workflowId: input.workflowId, name: input.name, graph: input.graph });
    if (saved.kind === 'rejected') return saved;
  }
  const result = await api.POST('/workflows/{workflowId}/status', {
    params: { path: { workflowId: input.workflowId } },
    body: { status: input.status },
  });
  if (result.response.status === 422) {
    const problems = problemsOf(result.error as ApiErrorBody);
    if (problems.length) return { kind: 'rejected', problems };
  }
  return { kind: 'changed', status: unwrap(result).status };
});

export const loadNodeCounts = fromPromise<Record<string, NodeCounts>, { workflowId: number }>(async ({ input }) =>
  unwrap(await api.GET('/workflows/{workflowId}/counts', { params: { path: { workflowId: input.workflowId } } })),
);
