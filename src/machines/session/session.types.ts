import type { components } from '../../../shared/contract/schema';
import type { StoredSession } from '../../app/sessionStorage.ts';
import type { CodeIssue, EmailIssue, PasswordIssue } from '../../app/validation.ts';

export type CurrentUser = components['schemas']['User'];
export type Channel = components['schemas']['Channel'];

export type LoginRejection = 'invalid_credentials' | 'invalid_2fa_token' | 'too_many_requests' | 'validation_error';
/** What the login form shows: a rejection, or `unavailable` when the call failed (network, time-out, 5xx). */
export type SessionError = LoginRejection | 'unavailable';

export interface LoginInput {
  email: string;
  password: string;
  remember: boolean;
  totp?: string;
}

export type LoginOutcome =
  | { kind: 'signedIn'; session: StoredSession }
  | { kind: 'twoFactorRequired' }
  | { kind: 'rejected'; code: LoginRejection };

export interface LoginFieldErrors {
  email?: EmailIssue;
  password?: PasswordIssue;
  code?: CodeIssue;
}

export interface SessionInput {
  session: StoredSession | null;
  language: string | null;
  now: number;
}

export interface SessionContext {
  session: StoredSession | null;
  /** The last used language as stored; the interface resolves it to English or Italian. */
  language: string | null;
  user: CurrentUser | null;
  credentials: LoginInput | null;
  returnTo: string;
  error: SessionError | null;
  fieldErrors: LoginFieldErrors;
  startedAt: number;
}

export type SessionEvent =
  | { type: 'login.submit'; email: string; password: string; remember: boolean; returnTo: string }
  | { type: 'login.submitCode'; code: string }
  | { type: 'login.cancel' }
  | { type: 'logout.submit' }
  | { type: 'session.expired' }
  | { type: 'user.retry' }
  | { type: 'user.refresh' }
  | { type: 'language.change'; language: string }
  | { type: 'token.validated'; session: StoredSession }
  | { type: 'token.rejected' };
