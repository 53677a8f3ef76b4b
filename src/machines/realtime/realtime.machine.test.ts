import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { describeModel } from '../../../tests/model/describeModel.ts';
import { realtimeEventFixtures, realtimeModel } from '../../../tests/model/realtime.model.ts';
import { realtimeMachine } from './realtime.machine.ts';
import { appEvents } from '../../app/appEvents.ts';
import { selectConnectionState } from './realtime.selectors.ts';

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

  it('announces each notification on the app bus, for the toasts and the bell', () => {
    const heard: unknown[] = [];
    const stop = appEvents.subscribe((e) => e.type === 'notification.received' && heard.push(e.notification));
    const machine = realtimeMachine.provide({
      actors: { socket: fromCallback(() => () => {}), realtimeEvents: fromCallback(() => () => {}) },
    });
    const actor = createActor(machine, { input: { autoConnect: true } }).start();
    actor.send({ type: 'socket.connected' });
    actor.send(realtimeEventFixtures['notification.received'][0]!);
    stop();
    actor.stop();
    expect(heard).toEqual([realtimeEventFixtures['notification.received'][0]!.notification]);
  });
});
