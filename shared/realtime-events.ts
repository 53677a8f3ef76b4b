import type { ProgressKind } from './jobs.ts';
import type { Channel, MessageStatus } from './messaging.ts';
import type { TrackerEventType, TrackerUaClass } from './tracker.ts';
import type { UserflowModelProgress } from './userflow.ts';

/**
 * Realtime events, typed once for the socket.io server (server/realtime) and the SPA (src/machines/realtime).
 * Server → client events are notifications (past tense); client → server events are requests.
 */
export interface NotificationPayload {
  id: string;
  /** Stable code the SPA translates, e.g. `import.finished`. */
  kind: string;
  /** Values the translated text interpolates. */
  values: Record<string, string | number>;
  level: 'info' | 'success' | 'warning' | 'error';
  createdAt: string;
}

export interface JobProgressPayload {
  /** The job's key (`jobKeys` in shared/jobs.ts). */
  jobId: string;
  kind: ProgressKind;
  processed: number;
  total: number | null;
  status: 'running' | 'finished' | 'failed';
}

/** A campaign's status and counters as they change while it sends (reports and the console update live). */
export interface MessageUpdatedPayload {
  messageId: number;
  channel: Channel;
  status: MessageStatus;
  /** Counters by name (recipients, pending, sent, delivered, notDelivered, opened, clicked, …). */
  counts: Record<string, number>;
}

export interface ServerToClientEvents {
  'notification.created': (payload: NotificationPayload) => void;
  'job.progressed': (payload: JobProgressPayload) => void;
  'session.revoked': (payload: { reason: string }) => void;
  'message.updated': (payload: MessageUpdatedPayload) => void;
  /** Something new on a contact's timeline (a message sent, opened, clicked, a reply). */
  'contact.timeline': (payload: { contactId: number }) => void;
  /** Website tracker events just stored for one of the company's sites. */
  'tracker.events': (payload: TrackerEventsPayload) => void;
  /** A UserFlow model's training progress, or its status after training or a run (issue 24). */
  'userflow.model': (payload: UserflowModelProgress) => void;
}

export type ServerEventName = keyof ServerToClientEvents;
/** The payload of one server → client event (of any of them, given the union of names). */
export type ServerEventPayload<E extends ServerEventName> = Parameters<ServerToClientEvents[E]>[0];

export interface ClientToServerEvents {
  'ping.sent': (ack: (serverTime: string) => void) => void;
}

/** Errors the server answers a refused connection with (`connect_error` message). */
export const REALTIME_AUTH_ERRORS = ['token_missing', 'token_invalid', 'token_expired', 'session_revoked'] as const;
export type RealtimeAuthError = (typeof REALTIME_AUTH_ERRORS)[number];

/** One event the website tracker stored (the contract's TrackerEvent), as the Tracker screen's live list shows it. */
export interface TrackerLiveEvent {
  id: number;
  siteId: number;
  visitorId: string;
  contactId: number | null;
  type: TrackerEventType;
  name: string | null;
  url: string | null;
  path: string | null;
  referrer: string | null;
  properties: Record<string, unknown>;
  uaClass: TrackerUaClass;
  receivedAt: string;
}

/** The tracker's events just stored for a site (the latest few of a write), for the live list. */
export interface TrackerEventsPayload {
  siteId: number;
  events: TrackerLiveEvent[];
}
