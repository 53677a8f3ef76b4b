// Types shared by the tokenRefresh machine and its actors, so neither module imports the other back.
import type { StoredSession } from '../../app/sessionStorage.ts';

export interface RefreshInput {
  remember: boolean;
}

export type RefreshOutcome = { kind: 'refreshed'; session: StoredSession } | { kind: 'rejected' };

export interface TokenRefreshInput {
  session: StoredSession;
  now: number;
}

export interface TokenRefreshContext {
  session: StoredSession;
  startedAt: number;
}

/** What the parent (session) hears: a usable token, or a refused refresh (the session is over). */
export type TokenRefreshParentEvent = { type: 'token.validated'; session: StoredSession } | { type: 'token.rejected' };
