import { assign, setup } from 'xstate';
import type { NotificationPayload } from '../../../shared/realtime-events.ts';
import { appEvents } from '../../app/appEvents.ts';
import { realtimeEvents, socket } from './realtime.actors.ts';
import type { SocketFailed, RealtimeInput, RealtimeContext, RealtimeEvent } from './realtime.types.ts';

export type * from './realtime.types.ts';

const failureCode = ({ event }: { event: SocketFailed }) => event.code;
const logConnectError = { type: 'logConnectError', params: failureCode } as const;
const assignFailure = { type: 'assignFailure', params: failureCode } as const;

/**
 * The realtime connection. `starting` connects when the user is logged in, else waits in `idle`. `active` holds the
 * socket: `connecting` → `connected` ⇄ `reconnecting` (socket.io retries by itself). A refused connection (the server
 * rejects the token, or retries are off) is logged and lands in `failed`; a refreshed token or a connect request tries
 * again. Server notifications are announced, for a toast and the bell's centre (notificationCentre).
 */
export const realtimeMachine = setup({
  types: {
    context: {} as RealtimeContext,
    events: {} as RealtimeEvent,
    input: {} as RealtimeInput,
  },
  actors: { socket, realtimeEvents },
  guards: {
    shouldConnectOnStart: ({ context }) => context.autoConnect,
    willRetry: (_, willRetry: boolean) => willRetry,
  },
  actions: {
    assignFailure: assign((_, code: string) => ({ error: code })),
    clearFailure: assign({ error: null }),
    logConnectError: (_, code: string) => console.error('Realtime connection failed:', new Error(code)),
    announceNotification: (_, notification: NotificationPayload) =>
      appEvents.emit({
        type: 'notification.received',
        notification,
      }),
  },
}).createMachine({
  id: 'realtime',
  context: ({ input }) => ({ autoConnect: input.autoConnect, error: null }),
  invoke: { id: 'realtimeEvents', src: 'realtimeEvents' },
  on: {
    'notification.received': {
      actions: { type: 'announceNotification', params: ({ event }) => event.notification },
    },
  },
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'shouldConnectOnStart', target: 'active' }, { target: 'idle' }] },
    idle: { on: { 'realtime.connect': 'active' } },
    active: {
      invoke: { id: 'socket', src: 'socket' },
      on: { 'realtime.disconnect': 'idle' },
      initial: 'connecting',
      states: {
        connecting: {
          tags: ['busy'],
          on: {
            'socket.connected': { target: 'connected', actions: 'clearFailure' },
            'socket.failed': [
              {
                guard: { type: 'willRetry', params: ({ event }) => event.willRetry },
                actions: [logConnectError, assignFailure],
              },
              { target: '#realtime.failed', actions: [logConnectError, assignFailure] },
            ],
          },
        },
        connected: {
          on: {
            'socket.disconnected': [
              { guard: { type: 'willRetry', params: ({ event }) => event.willReconnect }, target: 'reconnecting' },
              { target: '#realtime.idle' },
            ],
          },
        },
        reconnecting: {
          tags: ['busy'],
          on: {
            'socket.connected': { target: 'connected', actions: 'clearFailure' },
            'socket.failed': [
              { guard: { type: 'willRetry', params: ({ event }) => event.willRetry }, actions: assignFailure },
              { target: '#realtime.failed', actions: [logConnectError, assignFailure] },
            ],
          },
        },
      },
    },
    failed: {
      tags: ['error'],
      on: { 'realtime.connect': 'active', 'session.tokenRefreshed': 'active', 'realtime.disconnect': 'idle' },
    },
  },
});
