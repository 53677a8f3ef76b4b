import { assign, setup } from 'xstate';
import { createSite, loadTracker, saveSite, watchTracker } from './tracker.actors.ts';
import type {
  SaveOutcome,
  TrackerContext,
  TrackerDayCount,
  TrackerError,
  TrackerEvent,
  TrackerLiveEvent,
  TrackerOverview,
  TrackerSite,
} from './tracker.types.ts';

export type * from './tracker.types.ts';

/** Events the live list keeps. */
export const LIVE_LIST_SIZE = 50;

const draftOf = (site: TrackerSite) => ({
  allowedDomains: [...site.allowedDomains],
  consentMode: site.consentMode,
  retentionDays: site.retentionDays,
});

/** The day counts with newly received events added to their (UTC) day, when that day is on the chart. */
export function countIn(days: TrackerDayCount[], events: TrackerLiveEvent[]): TrackerDayCount[] {
  const next = days.map((d) => ({ ...d }));
  for (const e of events) {
    const day = next.find((d) => d.day === e.receivedAt.slice(0, 10));
    if (!day) continue;
    if (e.type === 'page_view') day.pageViews += 1;
    else if (e.type === 'event') day.events += 1;
    else day.identifies += 1;
  }
  return next;
}

/**
 * UserFlow → Tracker. `loading` reads the company's site, its latest events and day counts (→ `loadFailed`, retry);
 * without a site, `empty` explains the snippet and offers to create one (`creating`, then `loading` again). `ready`
 * listens to realtime `tracker.events` for its site (newest first in the live list, counted into today's bar) and
 * edits the settings: `idle` ⇄ `saving` (saved, or 422 field errors, or `saveFailed`).
 */
export const trackerMachine = setup({
  types: { context: {} as TrackerContext, events: {} as TrackerEvent },
  actors: { loadTracker, createSite, saveSite, watchTracker },
  guards: {
    hasSite: (_, overview: TrackerOverview) => overview.site !== null,
    isSaved: (_, outcome: SaveOutcome) => outcome.kind === 'saved',
    isOwnSite: ({ context }, siteId: number) => context.site?.id === siteId,
  },
  actions: {
    assignOverview: assign((_, overview: TrackerOverview) => ({
      site: overview.site,
      events: overview.events,
      days: overview.days,
      draft: overview.site ? draftOf(overview.site) : null,
      fieldErrors: {},
      error: null,
    })),
    assignOutcome: assign((_, outcome: SaveOutcome) =>
      outcome.kind === 'saved'
        ? { site: outcome.site, draft: draftOf(outcome.site), fieldErrors: {}, error: null }
        : { fieldErrors: outcome.errors, error: null },
    ),
    changeDraft: assign(({ context }, patch: Partial<TrackerContext['draft']>) => ({
      draft: context.draft ? { ...context.draft, ...patch } : null,
      fieldErrors: Object.fromEntries(Object.entries(context.fieldErrors).filter(([k]) => !(k in (patch ?? {})))),
    })),
    receive: assign(({ context }, events: TrackerLiveEvent[]) => ({
      events: [...[...events].reverse(), ...context.events].slice(0, LIVE_LIST_SIZE),
      days: countIn(context.days, events),
    })),
    clearError: assign({ error: null }),
    failWith: assign((_, error: TrackerError) => ({ error })),
  },
}).createMachine({
  id: 'tracker',
  context: { site: null, events: [], days: [], draft: null, fieldErrors: {}, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadTracker',
        src: 'loadTracker',
        onDone: [
          {
            guard: { type: 'hasSite', params: ({ event }) => event.output },
            target: 'ready',
            actions: { type: 'assignOverview', params: ({ event }) => event.output },
          },
          { target: 'empty', actions: { type: 'assignOverview', params: ({ event }) => event.output } },
        ],
        onError: { target: 'loadFailed', actions: { type: 'failWith', params: 'loadFailed' } },
      },
    },
    loadFailed: { tags: ['error'], on: { 'tracker.retry': { target: 'loading', actions: 'clearError' } } },
    empty: { on: { 'site.create': { target: 'creating', actions: 'clearError' } } },
    creating: {
      tags: ['busy'],
      invoke: {
        id: 'createSite',
        src: 'createSite',
        input: () => ({ name: 'Website' }),
        onDone: { target: 'loading' },
        onError: { target: 'empty', actions: { type: 'failWith', params: 'createFailed' } },
      },
    },
    ready: {
      invoke: { id: 'watchTracker', src: 'watchTracker' },
      on: {
        'tracker.received': {
          guard: { type: 'isOwnSite', params: ({ event }) => event.siteId },
          actions: { type: 'receive', params: ({ event }) => event.events },
        },
      },
      initial: 'idle',
      states: {
        idle: {
          tags: ['editable'],
          on: {
            'settings.change': { actions: { type: 'changeDraft', params: ({ event }) => event.patch } },
            'settings.save': { target: 'saving', actions: 'clearError' },
          },
        },
        saving: {
          tags: ['busy'],
          invoke: {
            id: 'saveSite',
            src: 'saveSite',
            input: ({ context }) => ({ siteId: context.site!.id, draft: context.draft! }),
            onDone: [
              {
                guard: { type: 'isSaved', params: ({ event }) => event.output },
                target: 'idle',
                actions: { type: 'assignOutcome', params: ({ event }) => event.output },
              },
              { target: 'idle', actions: { type: 'assignOutcome', params: ({ event }) => event.output } },
            ],
            onError: { target: 'idle', actions: { type: 'failWith', params: 'saveFailed' } },
          },
        },
      },
    },
  },
});
