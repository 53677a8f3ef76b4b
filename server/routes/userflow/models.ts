import type { AppContext } from '../../context.ts';
import { setPagination, type HandlerGroup } from '../../http/contract.ts';
import {
  createModel,
  deleteModel,
  getModel,
  listModels,
  listRuns,
  listVersions,
  setPaused,
  updateModel,
} from '../../services/userflow/models.ts';
import { queueRun } from '../../services/userflow/scoring.ts';
import { startTraining } from '../../services/userflow/versions.ts';
import { scoped } from '../scope.ts';

type Ops =
  | 'listUserflowModels'
  | 'createUserflowModel'
  | 'getUserflowModel'
  | 'updateUserflowModel'
  | 'deleteUserflowModel'
  | 'pauseUserflowModel'
  | 'resumeUserflowModel'
  | 'trainUserflowModel'
  | 'listUserflowModelVersions'
  | 'listUserflowRuns'
  | 'runUserflowModel';

export function userflowModelHandlers(ctx: AppContext): HandlerGroup<Ops> {
  return {
    async listUserflowModels(request) {
      return listModels(scoped(ctx, request));
    },
    async createUserflowModel(request, reply) {
      return reply.status(201).send(await createModel(scoped(ctx, request), request.body));
    },
    async getUserflowModel(request) {
      return getModel(scoped(ctx, request), request.params.modelId);
    },
    async updateUserflowModel(request) {
      return updateModel(scoped(ctx, request), request.params.modelId, request.body);
    },
    async deleteUserflowModel(request, reply) {
      await deleteModel(scoped(ctx, request), request.params.modelId);
      return reply.status(204).send();
    },
    async pauseUserflowModel(request) {
      return setPaused(scoped(ctx, request), request.params.modelId, true);
    },
    async resumeUserflowModel(request) {
      return setPaused(scoped(ctx, request), request.params.modelId, false);
    },
    async listUserflowModelVersions(request) {
      return listVersions(scoped(ctx, request), request.params.modelId);
    },
    async listUserflowRuns(request, reply) {
      const { page = 1, perPage = 50 } = request.query;
      const { items, total } = await listRuns(scoped(ctx, request), request.params.modelId, page, perPage);
      setPagination(reply, page, perPage, total);
      return items;
    },
    async trainUserflowModel(request, reply) {
      return reply.status(202).send(await startTraining(scoped(ctx, request), request.params.modelId));
    },
    async runUserflowModel(request, reply) {
      return reply.status(202).send(await queueRun(scoped(ctx, request), request.params.modelId, 'manual'));
    },
  };
}
