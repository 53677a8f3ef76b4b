import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { HttpError, notFound } from '../../http/errors.ts';
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
  | 'runUserflowModel'
  | 'getUserflowScoreHistogram'
  | 'listUserflowTopContacts'
  | 'createUserflowSegment'
  | 'listUserflowPredictionFiles'
  | 'downloadUserflowPredictions';

const NOT_BUILT = () => new HttpError(501, 'not_implemented', 'This part of UserFlow models is not available yet.');

/**
 * No download link is issued yet (listing the files answers 501), so no token can be valid: every link answers 404
 * as an unknown link will once signing is built, never a 5xx to an anonymous caller.
 */
const unknownLink = async (): Promise<never> => {
  throw notFound();
};

export function userflowModelHandlers(ctx: AppContext): HandlerGroup<Ops> {
  /**
   * Training, scoring and predictions are not built yet: a model of the caller's company answers 501 with
   * a code the SPA can show, any other id 404 as every operation on a model does.
   */
  const notBuiltFor = async (request: FastifyRequest): Promise<never> => {
    const { modelId } = request.params as { modelId: number };
    await getModel(scoped(ctx, request), modelId);
    throw NOT_BUILT();
  };
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
    trainUserflowModel: notBuiltFor,
    runUserflowModel: notBuiltFor,
    getUserflowScoreHistogram: notBuiltFor,
    listUserflowTopContacts: notBuiltFor,
    createUserflowSegment: notBuiltFor,
    listUserflowPredictionFiles: notBuiltFor,
    downloadUserflowPredictions: unknownLink,
  };
}
