import type { AnyMachineSnapshot, OutputFrom } from 'xstate';
import type * as trackerActors from '../../src/machines/tracker/tracker.actors.ts';
import {
  trackerMachine,
  type SaveOutcome,
  type TrackerEvent,
  type TrackerLiveEvent,
  type TrackerSite,
} from '../../src/machines/tracker/tracker.machine.ts';
import { done, failed, type MachineModel, type ModelEvent } from './graph.ts';

const site: TrackerSite = {
  id: 1,
  name: 'Website',
  siteKey: 'k'.repeat(32),
  allowedDomains: ['shop.example.org'],
  consentMode: 'ask',
  retentionDays: 395,
  snippet: '<script async src="http://localhost/t.js" data-site="kkk" data-consent="ask"></script>',
  createdAt: '2026-11-26T10:00:00.000Z',
};
const pageView: TrackerLiveEvent = {
  id: 7,
  siteId: 1,
  visitorId: 'v1',
  contactId: null,
  type: 'page_view',
  name: null,
  url: 'https://shop.example.org/a',
  path: '/a',
  referrer: null,
  properties: {},
  uaClass: 'desktop',
  receivedAt: '2026-11-26T10:00:01.000Z',
};
const today = { day: '2026-11-26', pageViews: 0, events: 0, identifies: 0 };

export const trackerEventFixtures = {
  'tracker.retry': [{ type: 'tracker.retry' }],
  'site.create': [{ type: 'site.create' }],
  'settings.change': [{ type: 'settings.change', patch: { consentMode: 'none' } }],
  'settings.save': [{ type: 'settings.save' }],
  'tracker.received': [
    { type: 'tracker.received', siteId: 1, events: [pageView] },
    { type: 'tracker.received', siteId: 2, events: [{ ...pageView, siteId: 2 }] },
  ],
} satisfies { [K in TrackerEvent['type']]: Array<Extract<TrackerEvent, { type: K }>> };

export const trackerOutputFixtures = {
  loadTracker: {
    withSite: { site, events: [], days: [today] },
    none: { site: null, events: [], days: [] },
  },
  createSite: { created: site },
  saveSite: {
    saved: { kind: 'saved', site: { ...site, consentMode: 'none' } },
    rejected: { kind: 'rejected', errors: { retentionDays: 'must be >= 30' } },
  } satisfies { [K in SaveOutcome['kind']]: Extract<SaveOutcome, { kind: K }> },
  watchTracker: {},
} satisfies {
  [K in keyof typeof trackerActors]: Record<string, OutputFrom<(typeof trackerActors)[K]>>;
};

const o = trackerOutputFixtures;
const e = trackerEventFixtures;

export const trackerModel: MachineModel<undefined> = {
  name: 'tracker',
  machine: trackerMachine,
  inputs: { none: undefined },
  events: [
    ...Object.values(e).flat(),
    done('loadTracker', o.loadTracker.withSite, 'withSite'),
    done('loadTracker', o.loadTracker.none, 'none'),
    failed('loadTracker'),
    done('createSite', o.createSite.created, 'created'),
    failed('createSite'),
    done('saveSite', o.saveSite.saved, 'saved'),
    done('saveSite', o.saveSite.rejected, 'rejected'),
    failed('saveSite'),
  ] as ModelEvent[],
  journeys: [
    {
      name: 'a live event of the page’s site is listed and counted; another site’s is not',
      input: 'none',
      events: [
        done('loadTracker', o.loadTracker.withSite, 'withSite'),
        e['tracker.received'][0],
        e['tracker.received'][1],
        e['settings.change'][0],
      ] as ModelEvent[],
    },
  ],
  serializeState: (s: AnyMachineSnapshot) =>
    JSON.stringify({
      value: s.value,
      error: s.context.error,
      site: s.context.site?.consentMode ?? null,
      draft: s.context.draft?.consentMode ?? null,
      events: s.context.events.length > 0,
      fieldErrors: Object.keys(s.context.fieldErrors as object),
    }),
  limit: 2_000,
};
