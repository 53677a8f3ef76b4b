import type { AppContext } from '../../context.ts';
import type { HandlerGroup } from '../../http/contract.ts';
import {
  countConditions,
  countSegment,
  createSegment,
  deleteSegment,
  getSegment,
  listSegments,
  updateSegment,
} from '../../services/contacts/segments/segments.ts';
import { scoped } from '../scope.ts';

type Ops =
  | 'listSegments'
  | 'createSegment'
  | 'countSegmentConditions'
  | 'getSegment'
  | 'updateSegment'
  | 'deleteSegment'
  | 'countSegment';

export function segmentHandlers(ctx: AppContext): HandlerGroup<Ops> {
  return {
    async listSegments(request) {
      return listSegments(scoped(ctx, request));
    },
    async createSegment(request, reply) {
      return reply.status(201).send(await createSegment(scoped(ctx, request), request.body));
    },
    async countSegmentConditions(request) {
      return { count: await countConditions(scoped(ctx, request), request.body.conditions) };
    },
    async getSegment(request) {
      return getSegment(scoped(ctx, request), request.params.segmentId);
    },
    async updateSegment(request) {
      return updateSegment(scoped(ctx, request), request.params.segmentId, request.body);
    },
    async deleteSegment(request, reply) {
      await deleteSegment(scoped(ctx, request), request.params.segmentId);
      return reply.status(204).send();
    },
    async countSegment(request) {
      return { count: await countSegment(scoped(ctx, request), request.params.segmentId) };
    },
  };
}
