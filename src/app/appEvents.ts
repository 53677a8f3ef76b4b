import type {
  JobProgressPayload,
  MessageUpdatedPayload,
  NotificationPayload,
  TrackerEventsPayload,
} from '../../shared/realtime-events.ts';
import type { UserflowModelProgress } from '../../shared/userflow.ts';

/**
 * Facts that cross from one app-wide actor (or the transport) to another. The API middleware, the router subscription
 * and the machines' announce actions emit them; listener actors (`fromCallback`) forward the ones a machine cares about.
 */
export type AppEvent =
  | { type: 'api.requestStarted'; id: string }
  | { type: 'api.requestFinished'; id: string }
  | { type: 'api.failed'; status: number; code: string | null; path: string }
  | { type: 'api.timedOut'; path: string }
  | { type: 'api.unauthorized'; code: string | null; path: string }
  | { type: 'route.loadStarted' }
  | { type: 'route.loadFinished' }
  | { type: 'route.changed'; href: string }
  | { type: 'chunk.failed'; at: number }
  | { type: 'session.ended' }
  | { type: 'session.tokenRefreshed' }
  | { type: 'session.revoked' }
  | { type: 'notification.received'; notification: NotificationPayload }
  | { type: 'job.progressed'; job: JobProgressPayload }
  | { type: 'contact.timelineChanged'; contactId: number }
  | { type: 'message.updated'; message: MessageUpdatedPayload }
  | { type: 'tracker.events'; payload: TrackerEventsPayload }
  | { type: 'userflow.model'; progress: UserflowModelProgress };

export type AppEventListener = (event: AppEvent) => void;

export interface AppEventBus {
  emit(event: AppEvent): void;
  subscribe(listener: AppEventListener): () => void;
}

export function createAppEventBus(): AppEventBus {
  const listeners = new Set<AppEventListener>();
  return {
    emit(event) {
      for (const listener of [...listeners]) listener(event);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The one bus of the running app. */
export const appEvents = createAppEventBus();
