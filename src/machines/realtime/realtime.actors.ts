import { fromCallback } from 'xstate';
import { openRealtime } from '../../api/realtime.ts';
import { appEvents } from '../../app/appEvents.ts';
import { readSession } from '../../app/sessionStorage.ts';
import type { RealtimeEvent } from './realtime.types.ts';

/** The socket.io connection, open while the machine is `active`; closed when the state is left. */
export const socket = fromCallback<RealtimeEvent>(({ sendBack }) => {
  let close: (() => void) | null = null;
  let stopped = false;
  openRealtime({
    getToken: () => readSession()?.token ?? null,
    handlers: {
      connected: () => sendBack({ type: 'socket.connected' }),
      disconnected: (reason, willReconnect) => sendBack({ type: 'socket.disconnected', reason, willReconnect }),
      failed: (code, willRetry) => sendBack({ type: 'socket.failed', code, willRetry }),
      notification: (notification) => sendBack({ type: 'notification.received', notification }),
      sessionRevoked: () => appEvents.emit({ type: 'session.revoked' }),
      jobProgressed: (job) => appEvents.emit({ type: 'job.progressed', job }),
      contactTimeline: (contactId) => appEvents.emit({ type: 'contact.timelineChanged', contactId }),
      messageUpdated: (message) => appEvents.emit({ type: 'message.updated', message }),
      trackerEvents: (payload) => appEvents.emit({ type: 'tracker.events', payload }),
      userflowModel: (progress) => appEvents.emit({ type: 'userflow.model', progress }),
    },
  }).then(
    (closeSocket) => (stopped ? closeSocket() : (close = closeSocket)),
    (error: unknown) =>
      sendBack({
        type: 'socket.failed',
        code: error instanceof Error ? error.message : 'load_failed',
        willRetry: false,
      }),
  );
  return () => {
    stopped = true;
    close?.();
  };
});

/** The session ending disconnects; a refreshed token lets a refused connection try again. */
export const realtimeEvents = fromCallback<RealtimeEvent>(({ sendBack }) =>
  appEvents.subscribe((event) => {
    if (event.type === 'session.ended') sendBack({ type: 'realtime.disconnect' });
    if (event.type === 'session.tokenRefreshed') sendBack({ type: 'session.tokenRefreshed' });
  }),
);
