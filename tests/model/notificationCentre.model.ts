import {
  notificationCentreMachine,
  type CentreLoaded,
  type Notification,
  type NotificationPage,
} from '../../src/machines/notificationCentre/notificationCentre.machine.ts';
import { done, failed, type MachineModel, type ModelEvent } from './graph.ts';

const at = '2026-11-27T09:00:00.000Z';
const note = (id: string, kind = 'send.finished'): Notification => ({
  id,
  kind,
  level: 'info',
  values: { name: 'Winter sale' },
  createdAt: at,
});

const first: CentreLoaded = { items: [note('2'), note('1')], read: ['1'], unread: 1, hasMore: true };
const more: NotificationPage = { items: [note('0', 'import.finished')], read: [], hasMore: false };

/** The bell: loaded or failed, a live arrival, one read, all read, the next page, each action failing too. */
export const notificationCentreModel: MachineModel = {
  name: 'notificationCentre',
  machine: notificationCentreMachine,
  inputs: { user: undefined },
  events: [
    { type: 'centre.retry' },
    { type: 'notification.arrived', notification: note('3', 'billing.low_balance') },
    { type: 'item.read', id: '2' },
    { type: 'all.read' },
    { type: 'page.more' },
    done('loadCentre', first, 'first'),
    failed('loadCentre'),
    done('markRead', 0, 'none left'),
    failed('markRead'),
    done('markAllRead', 0, 'zero'),
    failed('markAllRead'),
    done('loadPage', more, 'last page'),
    failed('loadPage'),
  ] as ModelEvent[],
  serializeState: (s) =>
    JSON.stringify({
      value: s.value,
      items: s.context.items.length,
      read: s.context.read.length,
      unread: s.context.unread,
      hasMore: s.context.hasMore,
      error: s.context.error,
    }),
};
