import { fromCallback, fromPromise } from 'xstate';
import { api } from '../../api/appClient.ts';
import { firstFieldErrors, unwrap } from '../../api/client.ts';
import { appEvents } from '../../app/appEvents.ts';
import type { SaveOutcome, TrackerEvent, TrackerOverview, TrackerSettingsDraft, TrackerSite } from './tracker.types.ts';

/** The company's first site with its latest events and the last 30 days' counts. */
export const loadTracker = fromPromise<TrackerOverview>(async () => {
  const sites = unwrap(await api.GET('/userflow/tracker/sites'));
  const site = sites[0] ?? null;
  if (!site) return { site, events: [], days: [] };
  const path = { params: { path: { siteId: site.id } } };
  const [events, days] = await Promise.all([
    api.GET('/userflow/tracker/sites/{siteId}/events', path),
    api.GET('/userflow/tracker/sites/{siteId}/stats', path),
  ]);
  return { site, events: unwrap(events), days: unwrap(days) };
});

/** A first site, named after the company's page; its domains are set on the page next. */
export const createSite = fromPromise<TrackerSite, { name: string }>(async ({ input }) =>
  unwrap(await api.POST('/userflow/tracker/sites', { body: { name: input.name } })),
);

/** A 422 (a domain that is not a host name, a retention out of range) is an expected outcome. */
export const saveSite = fromPromise<SaveOutcome, { siteId: number; draft: TrackerSettingsDraft }>(async ({ input }) => {
  const result = await api.PATCH('/userflow/tracker/sites/{siteId}', {
    params: { path: { siteId: input.siteId } },
    body: input.draft,
  });
  if (result.response.status === 422) return { kind: 'rejected', errors: firstFieldErrors(result.error) };
  return { kind: 'saved', site: unwrap(result) };
});

/** Realtime `tracker.events` of the company's sites, as `tracker.received` (the machine keeps its own site's). */
export const watchTracker = fromCallback<TrackerEvent>(({ sendBack }) =>
  appEvents.subscribe((event) => {
    if (event.type === 'tracker.events') {
      sendBack({ type: 'tracker.received', siteId: event.payload.siteId, events: event.payload.events });
    }
  }),
);
