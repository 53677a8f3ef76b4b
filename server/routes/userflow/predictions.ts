import { Readable } from 'node:stream';
import type { AppContext } from '../../context.ts';
import { setPagination, type HandlerGroup } from '../../http/contract.ts';
import { forJob } from '../../services/scope.ts';
import {
  predictionCsv,
  predictionFiles,
  scoreHistogram,
  scoreSegment,
  topContacts,
  verifyPredictionLink,
} from '../../services/userflow/predictions.ts';
import { scoped } from '../scope.ts';

type Ops =
  | 'getUserflowScoreHistogram'
  | 'listUserflowTopContacts'
  | 'createUserflowSegment'
  | 'listUserflowPredictionFiles'
  | 'downloadUserflowPredictions';

/** A model's predictions (issue 24 §4): histogram, top contacts, a segment from scores, CSV files through signed links. */
export function userflowPredictionHandlers(ctx: AppContext): HandlerGroup<Ops> {
  return {
    async getUserflowScoreHistogram(request) {
      return scoreHistogram(scoped(ctx, request), request.params.modelId);
    },
    async listUserflowTopContacts(request, reply) {
      const { page = 1, perPage = 50 } = request.query;
      const { items, total } = await topContacts(scoped(ctx, request), request.params.modelId, page, perPage);
      setPagination(reply, page, perPage, total);
      return items;
    },
    async createUserflowSegment(request, reply) {
      return reply.status(201).send(await scoreSegment(scoped(ctx, request), request.params.modelId, request.body));
    },
    async listUserflowPredictionFiles(request) {
      return predictionFiles(scoped(ctx, request), request.params.modelId);
    },
    async downloadUserflowPredictions(request, reply) {
      const { modelId, part } = request.params;
      const companyId = verifyPredictionLink(ctx.config.secret, modelId, part, request.query.token);
      const scope = forJob(ctx, companyId);
      const chunks = predictionCsv(scope, modelId, part);
      // The first chunk (the header) is read before answering, so an unknown model still answers 404.
      const first = await chunks.next();
      const rest = async function* () {
        if (!first.done) yield first.value;
        yield* chunks;
      };
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="predictions-${modelId}-part-${part}.csv"`)
        .send(Readable.from(rest()));
    },
  };
}
