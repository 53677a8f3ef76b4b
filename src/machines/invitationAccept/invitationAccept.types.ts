// Types shared by the invitationAccept machine and its actors, so neither module imports the other back.
import type { components } from '../../../shared/contract/schema';
import type { StoredSession } from '../../app/sessionStorage.ts';
import type { ConfirmationIssue, PasswordIssue } from '../../app/validation.ts';

export type InvitationPreview = components['schemas']['InvitationPreview'];

/** What the link offers, or why it offers nothing: 410 (expired, revoked, used, unknown), 429 (too many guesses). */
export type LookupOutcome = { kind: 'found'; invitation: InvitationPreview } | { kind: 'gone' } | { kind: 'limited' };

export interface AcceptInput {
  token: string;
  firstName: string;
  lastName: string;
  password: string;
  passwordConfirmation: string;
}

export type AcceptOutcome =
  | { kind: 'signedIn'; session: StoredSession }
  | { kind: 'gone' }
  /** 409: the address already has an account (a user belongs to one company). */
  | { kind: 'emailTaken' }
  | { kind: 'limited' }
  /** A 422: the first server message per field. */
  | { kind: 'rejected'; fieldErrors: Record<string, string> };

export type NameIssue = 'required';

export interface InvitationAcceptContext {
  token: string | null;
  invitation: InvitationPreview | null;
  form: Omit<AcceptInput, 'token'>;
  issues: {
    firstName?: NameIssue;
    lastName?: NameIssue;
    password?: PasswordIssue;
    passwordConfirmation?: ConfirmationIssue;
  };
  serverErrors: Record<string, string>;
  /** `unavailable`: the call failed (network, 5xx); `tooManyRequests`: 429. Screens translate. */
  error: 'unavailable' | 'tooManyRequests' | null;
  session: StoredSession | null;
}

export type InvitationAcceptEvent =
  ({ type: 'invitation.accept' } & Omit<AcceptInput, 'token'>) | { type: 'invitation.retry' };
