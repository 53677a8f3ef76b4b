// Types shared by the activeSessions machine and its actors, so neither module imports the other back.
import type { components } from '../../../shared/contract/schema';

export type ActiveSession = components['schemas']['ActiveSession'];

export interface ActiveSessionsContext {
  sessions: ActiveSession[];
  /** The session being signed out, or 'others' for every other one. */
  target: string | null;
  error: 'loadFailed' | 'revokeFailed' | null;
}

export type ActiveSessionsEvent =
  | { type: 'sessions.retry' }
  | { type: 'session.revoke'; sessionId: string }
  | { type: 'others.revoke' }
  | { type: 'others.confirm' }
  | { type: 'others.cancel' };
