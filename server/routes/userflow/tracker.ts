import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { HandlerGroup } from '../../http/contract.ts';
import { forbidden, notFound, TooManyRequests } from '../../http/errors.ts';
import { notToRecord, toHits } from '../../services/tracker/ingest.ts';
import { trackerRuntime } from '../../services/tracker/runtime.ts';
import {
  createSite,
  dayCounts,
  deleteSite,
  eventNames,
  listEvents,
  listSites,
  updateSite,
} from '../../services/tracker/sites.ts';
import { TRACKER_TEXTS, originAllowed } from '../../../shared/tracker.ts';
import { scoped } from '../scope.ts';

type Ops =
  | 'trackWebsiteEvents'
  | 'listTrackerSites'
  | 'createTrackerSite'
  | 'updateTrackerSite'
  | 'deleteTrackerSite'
  | 'listTrackerEvents'
  | 'getTrackerStats'
  | 'listTrackerEventNames';

/** The CORS answer headers for an allowed origin (the preflight sends them too, see trackerPublic.ts). */
export function allowOrigin(reply: FastifyReply, origin: string): void {
  reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
}

/** The website tracker: the public ingest its snippet sends to, and the company's sites, events and counts. */
export function trackerHandlers(ctx: AppContext): HandlerGroup<Ops> {
  return {
    async trackWebsiteEvents(request, reply) {
      const { site, limiter, store } = trackerRuntime(ctx);
      const found = await site(request.params.siteKey);
      if (!found) throw notFound();
      const origin = request.headers.origin;
      if (!originAllowed(origin, found.allowedDomains)) throw forbidden(TRACKER_TEXTS.originRefused);
      allowOrigin(reply, origin!);
      const wait = limiter.hit(request.params.siteKey);
      if (wait !== null) throw new TooManyRequests(wait);
      // Bots, browsers asking not to be tracked, and visitors who have not consented where the site asks: dropped.
      const consented = found.consentMode !== 'ask' || request.body.consent === true;
      if (consented && !notToRecord(request.headers)) {
        const length = Number(request.headers['content-length']);
        const bodyBytes = Number.isFinite(length) ? length : Buffer.byteLength(JSON.stringify(request.body));
        await store(toHits(found, request.body, bodyBytes, request.headers['user-agent']));
      }
      return reply.status(204).send();
    },
    async listTrackerSites(request) {
      return listSites(scoped(ctx, request));
    },
    async createTrackerSite(request, reply) {
      return reply.status(201).send(await createSite(scoped(ctx, request), request.body));
    },
    async updateTrackerSite(request) {
      const site = await updateSite(scoped(ctx, request), request.params.siteId, request.body);
      trackerRuntime(ctx).site.forget(site.siteKey);
      return site;
    },
    async deleteTrackerSite(request, reply) {
      const siteKey = await deleteSite(scoped(ctx, request), request.params.siteId);
      trackerRuntime(ctx).site.forget(siteKey);
      return reply.status(204).send();
    },
    async listTrackerEvents(request) {
      return listEvents(scoped(ctx, request), request.params.siteId, request.query.limit);
    },
    async getTrackerStats(request) {
      return dayCounts(scoped(ctx, request), request.params.siteId, request.query.days);
    },
    async listTrackerEventNames(request) {
      return eventNames(scoped(ctx, request), request.params.siteId);
    },
  };
}
