import { assign, setup } from 'xstate';
import type { NotificationPayload } from '../../../shared/realtime-events.ts';
import { appEvents } from '../../app/appEvents.ts';
import { realtimeEvents, socket } from './realtime.actors.ts';
import type { SocketFailed, RealtimeInput, RealtimeContext, RealtimeEvent } from './realtime.types.ts';

export type * from './realtime.types.ts';

const failureCode = ({ event }: { event: SocketFailed }) => event.code;
const logConnectError = { type: 'logConnectError', params: failureCode } as const;
const assignFailure = { type: 'assignFailure', params: failureCode } as const;

const NOTIFICATIONS_KEPT = 50;

/**
 * The realtime connection. `starting` connects when the user is logged in, else waits in `idle`. `active` holds the
 * socket: `connecting` → `connected` ⇄ `reconnecting` (socket.io retries by itself). A refused connection (the server
 * rejects the token, or retries are off) is logged and lands in `failed`; a refreshed token or a connect request tries
 * again. Server notifications are kept for the bell and announced for a toast.
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
    keepNotification: assign(({ context }, notification: NotificationPayload) => ({
      notifications: [notification, ...context.notifications].slice(0, NOTIFICATIONS_KEPT),
      unread: context.unread + 1,
    })),
    announceNotification: (_, notification: NotificationPayload) =>
      appEvents.emit({
        type: 'notification.received',
        notification,
      }),
    markRead: assign({ unread: 0 }),
  },
}).createMachine({
  id: 'realtime',
  context: ({ input }) => ({ autoConnect: input.autoConnect, error: null, notifications: [], unread: 0 }),
  invoke: { id: 'realtimeEvents', src: 'realtimeEvents' },
  on: {
    'notification.received': {
      actions: [
        { type: 'keepNotification', params: ({ event }) => event.notification },
        { type: 'announceNotification', params: ({ event }) => event.notification },
      ],
    },
    'notifications.markRead': { actions: 'markRead' },
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
