import type { AppContext } from '../../context.ts';
import { setPagination, type HandlerGroup } from '../../http/contract.ts';
import {
  createWorkflow,
  deleteWorkflow,
  duplicateWorkflow,
  getWorkflow,
  listWorkflows,
  nodeCounts,
  saveWorkflow,
  setWorkflowStatus,
} from '../../services/workflows/workflows.ts';
import { getRun, listContactRuns, listRuns } from '../../services/workflows/runs.ts';
import { enrolContacts, postCustomEvent, retryStep, startTestRun } from '../../services/workflows/engine.ts';
import type { WorkflowGraph } from '../../../shared/workflows.ts';
import { scoped } from '../scope.ts';

type Ops =
  | 'listWorkflows'
  | 'createWorkflow'
  | 'getWorkflow'
  | 'saveWorkflow'
  | 'deleteWorkflow'
  | 'setWorkflowStatus'
  | 'duplicateWorkflow'
  | 'getWorkflowCounts'
  | 'enrolWorkflowContacts'
  | 'startWorkflowTestRun'
  | 'listWorkflowRuns'
  | 'getWorkflowRun'
  | 'retryWorkflowStep'
  | 'listContactWorkflowRuns'
  | 'postCustomEvent';

/** The workflows area: the manager, the editor, runs and their steps, and custom events (permissions: contract). */
export function workflowHandlers(ctx: AppContext): HandlerGroup<Ops> {
  return {
    async listWorkflows(request, reply) {
      const page = request.query.page ?? 1;
      const perPage = request.query.perPage ?? 50;
      const { rows, total } = await listWorkflows(scoped(ctx, request), {
        section: request.query.section ?? 'all',
        q: request.query.q,
        page,
        perPage,
      });
      setPagination(reply, page, perPage, total);
      return rows;
    },
    async createWorkflow(request, reply) {
      return reply.status(201).send(await createWorkflow(scoped(ctx, request), request.body));
    },
    async getWorkflow(request) {
      return getWorkflow(scoped(ctx, request), request.params.workflowId);
    },
    async saveWorkflow(request) {
      const { name, graph, reentry, goal } = request.body;
      return saveWorkflow(scoped(ctx, request), request.params.workflowId, {
        name,
        graph: graph as unknown as WorkflowGraph,
        reentry,
        goal,
      });
    },
    async deleteWorkflow(request, reply) {
      await deleteWorkflow(scoped(ctx, request), request.params.workflowId);
      return reply.status(204).send();
    },
    async setWorkflowStatus(request) {
      return setWorkflowStatus(scoped(ctx, request), request.params.workflowId, request.body.status);
    },
    async duplicateWorkflow(request, reply) {
      return reply.status(201).send(await duplicateWorkflow(scoped(ctx, request), request.params.workflowId));
    },
    async getWorkflowCounts(request) {
      return nodeCounts(scoped(ctx, request), request.params.workflowId);
    },
    async enrolWorkflowContacts(request) {
      const enrolled = await enrolContacts(scoped(ctx, request), request.params.workflowId, request.body.contactIds);
      return { enrolled };
    },
    async startWorkflowTestRun(request, reply) {
      const scope = scoped(ctx, request);
      const { workflowId } = request.params;
      const runId = await startTestRun(scope, workflowId, request.body.contactId, request.body.address);
      const { steps: _steps, ...run } = await getRun(scope, workflowId, runId);
      return reply.status(201).send(run);
    },
    async listWorkflowRuns(request) {
      return listRuns(scoped(ctx, request), request.params.workflowId, request.query.status ?? 'all');
    },
    async getWorkflowRun(request) {
      return getRun(scoped(ctx, request), request.params.workflowId, request.params.runId);
    },
    async retryWorkflowStep(request, reply) {
      await retryStep(scoped(ctx, request), request.params.workflowId, request.params.runId);
      return reply.status(204).send();
    },
    async listContactWorkflowRuns(request, reply) {
      const page = request.query.page ?? 1;
      const perPage = request.query.perPage ?? 50;
      const { rows, total } = await listContactRuns(scoped(ctx, request), request.params.contactId, page, perPage);
      setPagination(reply, page, perPage, total);
      return rows;
    },
    async postCustomEvent(request, reply) {
      return reply.status(202).send(await postCustomEvent(scoped(ctx, request), request.body));
    },
  };
}
