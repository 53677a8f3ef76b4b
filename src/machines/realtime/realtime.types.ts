// Types shared by the realtime machine and its actors, so neither module imports the other back.
import type { NotificationPayload } from '../../../shared/realtime-events.ts';

export type SocketFailed = Extract<RealtimeEvent, { type: 'socket.failed' }>;

export interface RealtimeInput {
  /** Connect on start: true when the user is logged in. */
  autoConnect: boolean;
}

export interface RealtimeContext {
  autoConnect: boolean;
  /** The last connection failure code (token_invalid, token_expired, …). */
  error: string | null;
}

export type RealtimeEvent =
  | { type: 'realtime.connect' }
  | { type: 'realtime.disconnect' }
  | { type: 'socket.connected' }
  | { type: 'socket.disconnected'; reason: string; willReconnect: boolean }
  | { type: 'socket.failed'; code: string; willRetry: boolean }
  | { type: 'session.tokenRefreshed' }
  | { type: 'notification.received'; notification: NotificationPayload };
