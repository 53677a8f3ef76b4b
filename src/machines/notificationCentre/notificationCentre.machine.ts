import { assign, setup } from 'xstate';
import { loadCentre, loadPage, markAllRead, markRead, watchNotifications } from './notificationCentre.actors.ts';
import type {
  CentreError,
  CentreLoaded,
  Notification,
  NotificationCentreContext,
  NotificationCentreEvent,
  NotificationPage,
} from './notificationCentre.types.ts';

export type * from './notificationCentre.types.ts';

/**
 * The bell as a notifications centre (issue 21 §5), on the server's notifications: `loading` reads the unread count
 * and the first page with its read states → `ready` (or `failed`, retry). In `ready`, a notification arriving over
 * realtime is put first and counted unread; `markingRead` marks one read, `markingAll` every one, `loadingMore` reads
 * the next page; each answers the server's unread count, which the badge shows. A failed action keeps the list and
 * says so.
 */
export const notificationCentreMachine = setup({
  types: {
    context: {} as NotificationCentreContext,
    events: {} as NotificationCentreEvent,
  },
  actors: { loadCentre, loadPage, markRead, markAllRead, watchNotifications },
  guards: {
    isUnread: ({ context }, id: string) => context.items.some((n) => n.id === id) && !context.read.includes(id),
    hasUnread: ({ context }) => context.unread > 0,
    hasMore: ({ context }) => context.hasMore,
  },
  actions: {
    assignLoaded: assign((_, loaded: CentreLoaded) => ({ ...loaded, page: 1, error: null })),
    appendPage: assign(({ context }, page: NotificationPage) => ({
      items: [...context.items, ...page.items.filter((n) => !context.items.some((m) => m.id === n.id))],
      read: [...context.read, ...page.read],
      hasMore: page.hasMore,
      page: context.page + 1,
      error: null,
    })),
    prepend: assign(({ context }, notification: Notification) =>
      context.items.some((n) => n.id === notification.id)
        ? {}
        : { items: [notification, ...context.items], unread: context.unread + 1 },
    ),
    assignMarking: assign((_, marking: string) => ({ marking })),
    markItemRead: assign(({ context }, { id, unread }: { id: string; unread: number }) => ({
      read: context.read.includes(id) ? context.read : [...context.read, id],
      unread,
      error: null,
    })),
    markEveryRead: assign(({ context }) => ({ read: context.items.map((n) => n.id), unread: 0, error: null })),
    fail: assign((_, error: CentreError) => ({ error })),
  },
}).createMachine({
  id: 'notificationCentre',
  context: { items: [], read: [], unread: 0, page: 1, hasMore: false, marking: null, error: null },
  invoke: { id: 'watchNotifications', src: 'watchNotifications' },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadCentre',
        src: 'loadCentre',
        onDone: { target: 'ready', actions: { type: 'assignLoaded', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'fail', params: 'loadFailed' } },
      },
    },
    failed: { tags: ['error'], on: { 'centre.retry': 'loading' } },
    ready: {
      on: {
        'notification.arrived': { actions: { type: 'prepend', params: ({ event }) => event.notification } },
      },
      initial: 'idle',
      states: {
        idle: {
          on: {
            'item.read': {
              guard: { type: 'isUnread', params: ({ event }) => event.id },
              target: 'markingRead',
              actions: { type: 'assignMarking', params: ({ event }) => event.id },
            },
            'all.read': { guard: 'hasUnread', target: 'markingAll' },
            'page.more': { guard: 'hasMore', target: 'loadingMore' },
          },
        },
        markingRead: {
          tags: ['busy'],
          invoke: {
            id: 'markRead',
            src: 'markRead',
            input: ({ context }) => ({ id: context.marking ?? '' }),
            onDone: {
              target: 'idle',
              actions: {
                type: 'markItemRead',
                params: ({ context, event }) => ({ id: context.marking ?? '', unread: event.output }),
              },
            },
            onError: { target: 'idle', actions: { type: 'fail', params: 'readFailed' } },
          },
        },
        markingAll: {
          tags: ['busy'],
          invoke: {
            id: 'markAllRead',
            src: 'markAllRead',
            onDone: { target: 'idle', actions: 'markEveryRead' },
            onError: { target: 'idle', actions: { type: 'fail', params: 'readFailed' } },
          },
        },
        loadingMore: {
          tags: ['busy'],
          invoke: {
            id: 'loadPage',
            src: 'loadPage',
            input: ({ context }) => ({ page: context.page + 1 }),
            onDone: { target: 'idle', actions: { type: 'appendPage', params: ({ event }) => event.output } },
            onError: { target: 'idle', actions: { type: 'fail', params: 'moreFailed' } },
          },
        },
      },
    },
  },
});
