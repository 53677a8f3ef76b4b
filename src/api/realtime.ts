import type { Socket } from 'socket.io-client';
import type {
  ClientToServerEvents,
  JobProgressPayload,
  MessageUpdatedPayload,
  NotificationPayload,
  ServerToClientEvents,
  TrackerEventsPayload,
} from '../../shared/realtime-events.ts';
import type { UserflowModelProgress } from '../../shared/userflow.ts';

export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface RealtimeHandlers {
  connected(): void;
  disconnected(reason: string, willReconnect: boolean): void;
  /** `code` is the server's connect_error message (token_missing, token_invalid, …) or the transport's. */
  failed(code: string, willRetry: boolean): void;
  notification(payload: NotificationPayload): void;
  sessionRevoked(reason: string): void;
  /** Progress of a background job (import, export) of the company. */
  jobProgressed(payload: JobProgressPayload): void;
  /** Something new on a contact's timeline (a message sent, opened, bounced, a reply). */
  contactTimeline(contactId: number): void;
  /** A campaign's status and counters changed while it sends (the console and its report update live). */
  messageUpdated?(payload: MessageUpdatedPayload): void;
  /** Website tracker events just stored (the Tracker page's live list). */
  trackerEvents?(payload: TrackerEventsPayload): void;
  /** A UserFlow model's training stage and percent, or its new status (the model wizard's step 3, the list). */
  userflowModel?(payload: UserflowModelProgress): void;
}

export interface RealtimeOptions {
  /** Read at every (re)connection, so a refreshed token is used. */
  getToken: () => string | null;
  handlers: RealtimeHandlers;
}

/**
 * Opens the socket.io connection: same origin, websocket only, no automatic connect, reconnection on, no cookies;
 * the bearer token travels in the handshake `auth`. socket.io-client is loaded on demand (only logged-in pages need it).
 * Returns the function that closes it.
 */
export async function openRealtime({ getToken, handlers }: RealtimeOptions): Promise<() => void> {
  const { io } = await import('socket.io-client');
  const socket: RealtimeSocket = io({
    path: '/socket.io',
    transports: ['websocket'],
    autoConnect: false,
    reconnection: true,
    withCredentials: false,
    auth: (cb) => cb({ token: getToken() ?? '' }),
  });
  socket.on('connect', () => handlers.connected());
  socket.on('disconnect', (reason) => handlers.disconnected(reason, socket.active));
  socket.on('connect_error', (error) => handlers.failed(error.message, socket.active));
  socket.on('notification.created', (payload) => handlers.notification(payload));
  socket.on('session.revoked', ({ reason }) => handlers.sessionRevoked(reason));
  socket.on('job.progressed', (payload) => handlers.jobProgressed(payload));
  socket.on('contact.timeline', ({ contactId }) => handlers.contactTimeline(contactId));
  socket.on('message.updated', (payload) => handlers.messageUpdated?.(payload));
  socket.on('tracker.events', (payload) => handlers.trackerEvents?.(payload));
  socket.on('userflow.model', (payload) => handlers.userflowModel?.(payload));
  socket.connect();
  return () => {
    socket.removeAllListeners();
    socket.disconnect();
  };
}
