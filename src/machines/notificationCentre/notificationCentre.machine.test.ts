import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { appEvents } from '../../app/appEvents.ts';
import { describeModel } from '../../../tests/model/describeModel.ts';
import { notificationCentreModel } from '../../../tests/model/notificationCentre.model.ts';
import { notificationCentreMachine, type CentreLoaded, type Notification } from './notificationCentre.machine.ts';

describeModel(notificationCentreModel);

const note = (id: string): Notification => ({
  id,
  kind: 'import.finished',
  level: 'success',
  values: { count: 3 },
  createdAt: '2026-11-27T09:00:00.000Z',
});

describe('notification centre machine', () => {
  it('counts a realtime arrival unread, marks one read with the server count, then all', async () => {
    const marked: string[] = [];
    const actor = createActor(
      notificationCentreMachine.provide({
        actors: {
          loadCentre: fromPromise<CentreLoaded>(async () => ({
            items: [note('1')],
            read: [],
            unread: 1,
            hasMore: false,
          })),
          markRead: fromPromise<number, { id: string }>(async ({ input }) => {
            marked.push(input.id);
            return 1;
          }),
          markAllRead: fromPromise<number>(async () => 0),
        },
      }),
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    appEvents.emit({
      type: 'notification.received',
      notification: { ...note('2'), kind: 'send.finished', values: { name: 'Sale' } },
    });
    expect(actor.getSnapshot().context).toMatchObject({ unread: 2 });
    expect(actor.getSnapshot().context.items.map((n) => n.id)).toEqual(['2', '1']);
    actor.send({ type: 'item.read', id: '2' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(marked).toEqual(['2']);
    expect(actor.getSnapshot().context).toMatchObject({ unread: 1, read: ['2'] });
    actor.send({ type: 'item.read', id: '2' });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    actor.send({ type: 'all.read' });
    await waitFor(actor, (s) => s.context.unread === 0);
    expect(actor.getSnapshot().context.read).toEqual(['2', '1']);
    actor.stop();
  });
});
