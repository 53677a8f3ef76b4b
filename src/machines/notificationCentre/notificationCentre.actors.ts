import { fromCallback, fromPromise } from 'xstate';
import { api } from '../../api/appClient.ts';
import { readPagination, unwrap } from '../../api/client.ts';
import { appEvents } from '../../app/appEvents.ts';
import type { CentreLoaded, NotificationCentreEvent, NotificationPage } from './notificationCentre.types.ts';

/** Notifications the bell shows per page. */
export const CENTRE_PAGE_SIZE = 10;

/** A page of notifications with their read states (one request for the page, one for which of them are read). */
async function readPage(page: number): Promise<NotificationPage> {
  const result = await api.GET('/notifications', { params: { query: { page, perPage: CENTRE_PAGE_SIZE } } });
  const items = unwrap(result);
  const pagination = readPagination(result.response);
  const ids = items.map((n) => Number(n.id));
  // The contract's `ids` repeats (ids=1&ids=2), not the app client's default `ids[]=`.
  const read = ids.length
    ? unwrap(
        await api.GET('/notifications/read-states', {
          params: { query: { ids } },
          querySerializer: { array: { style: 'form', explode: true } },
        }),
      )
    : [];
  return { items, read, hasMore: pagination ? pagination.page < pagination.pages : false };
}

export const loadPage = fromPromise<NotificationPage, { page: number }>(({ input }) => readPage(input.page));

/** The bell's first read: the unread count and the first page. */
export const loadCentre = fromPromise<CentreLoaded>(async () => {
  const [count, first] = await Promise.all([api.GET('/notifications/unread-count'), readPage(1)]);
  return { ...first, unread: unwrap(count).unread };
});

export const markRead = fromPromise<number, { id: string }>(
  async ({ input }) =>
    unwrap(
      await api.POST('/notifications/{notificationId}/read', {
        params: { path: { notificationId: Number(input.id) } },
      }),
    ).unread,
);

export const markAllRead = fromPromise<number>(async () => unwrap(await api.POST('/notifications/read-all')).unread);

/** Notifications arriving over realtime while the app runs (the realtime machine announces each). */
export const watchNotifications = fromCallback<NotificationCentreEvent>(({ sendBack }) =>
  appEvents.subscribe((event) => {
    if (event.type === 'notification.received')
      sendBack({ type: 'notification.arrived', notification: event.notification });
  }),
);
