// Types shared by the notificationCentre machine and its actors, so neither module imports the other back.
import type { components } from '../../../shared/contract/schema';

export type Notification = components['schemas']['Notification'];

/** A page of the user's notifications, newest first, with those already read among them. */
export interface NotificationPage {
  items: Notification[];
  read: string[];
  hasMore: boolean;
}

export interface CentreLoaded extends NotificationPage {
  unread: number;
}

export type CentreError = 'loadFailed' | 'moreFailed' | 'readFailed';

export interface NotificationCentreContext {
  items: Notification[];
  /** Ids among `items` the user has read. */
  read: string[];
  /** The server's unread count (the badge: 99+ above 99). */
  unread: number;
  page: number;
  hasMore: boolean;
  /** The notification being marked read. */
  marking: string | null;
  error: CentreError | null;
}

export type NotificationCentreEvent =
  | { type: 'centre.retry' }
  | { type: 'notification.arrived'; notification: Notification }
  | { type: 'item.read'; id: string }
  | { type: 'all.read' }
  | { type: 'page.more' };
