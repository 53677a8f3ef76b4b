import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { describeModel } from '../../../tests/model/describeModel.ts';
import { realtimeEventFixtures, realtimeModel } from '../../../tests/model/realtime.model.ts';
import { realtimeMachine } from './realtime.machine.ts';
import { selectConnectionState, selectUnread } from './realtime.selectors.ts';

describeModel(realtimeModel);

describe('realtime machine at runtime', () => {
  afterEach(() => vi.restoreAllMocks());

  function start(autoConnect: boolean) {
    const sockets = { opened: 0, closed: 0 };
    const machine = realtimeMachine.provide({
      actions: { announceNotification: () => {} },
      actors: {
        socket: fromCallback(() => {
          sockets.opened += 1;
          return () => {
            sockets.closed += 1;
          };
        }),
        realtimeEvents: fromCallback(() => () => {}),
      },
    });
    return { actor: createActor(machine, { input: { autoConnect } }).start(), sockets };
  }

  it('connects on start when logged in, and not otherwise', () => {
    expect(start(true).sockets.opened).toBe(1);
    const anonymous = start(false);
    expect(anonymous.sockets.opened).toBe(0);
    expect(selectConnectionState(anonymous.actor.getSnapshot())).toBe('idle');
  });

  it('connects and disconnects on request, closing the socket', () => {
    const { actor, sockets } = start(false);
    actor.send({ type: 'realtime.connect' });
    actor.send({ type: 'socket.connected' });
    expect(selectConnectionState(actor.getSnapshot())).toBe('connected');
    actor.send({ type: 'realtime.disconnect' });
    expect(sockets).toEqual({ opened: 1, closed: 1 });
  });

  it('logs a refused connection and lands in the error state', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { actor } = start(true);
    actor.send(realtimeEventFixtures['socket.failed'][1]!);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('token_invalid');
    expect(error).toHaveBeenCalledWith('Realtime connection failed:', expect.any(Error));
  });

  it('keeps notifications for the bell and counts unread ones', () => {
    const { actor } = start(true);
    actor.send({ type: 'socket.connected' });
    for (let i = 0; i < 3; i++) actor.send(realtimeEventFixtures['notification.received'][0]!);
    expect(selectUnread(actor.getSnapshot())).toBe(3);
    actor.send({ type: 'notifications.markRead' });
    expect(selectUnread(actor.getSnapshot())).toBe(0);
    expect(actor.getSnapshot().context.notifications).toHaveLength(3);
  });
});
