// Types shared by the profile machine and its actors, so neither module imports the other back.
import type { ConfirmationIssue, EmailIssue, PasswordIssue } from '../../app/validation.ts';

export interface ProfileDetails {
  firstName: string;
  lastName: string;
  /** The country calling code, digits with an optional +, empty for none; required with a number (spec §5). */
  phonePrefix: string;
  /** Digits only (the contract's rule), empty for none. */
  phoneNumber: string;
}

export interface PasswordChange {
  currentPassword: string;
  password: string;
  passwordConfirmation: string;
}

/** A 422 comes back as the first server message per field. */
export type SaveOutcome =
  { kind: 'saved'; details: ProfileDetails } | { kind: 'rejected'; fieldErrors: Record<string, string> };
export type EmailOutcome = { kind: 'sent' } | { kind: 'rejected'; fieldErrors: Record<string, string> };
export type PasswordOutcome = { kind: 'changed' } | { kind: 'rejected'; fieldErrors: Record<string, string> };

export type PhoneIssue = 'invalid';
export type PrefixIssue = 'invalid' | 'required';

export interface ProfileContext {
  details: ProfileDetails;
  detailIssues: { phoneNumber?: PhoneIssue; phonePrefix?: PrefixIssue };
  detailErrors: Record<string, string>;
  newEmail: string;
  emailIssues: { email?: EmailIssue };
  emailErrors: Record<string, string>;
  password: PasswordChange;
  passwordIssues: { password?: PasswordIssue; passwordConfirmation?: ConfirmationIssue; currentPassword?: 'required' };
  passwordErrors: Record<string, string>;
  /** Which part's last call failed: the screen shows the spec's message for it. */
  error: 'loadFailed' | 'saveFailed' | 'emailFailed' | 'passwordFailed' | null;
}

export type ProfileEvent =
  | { type: 'profile.retry' }
  | { type: 'details.save'; details: ProfileDetails }
  | { type: 'email.submit'; email: string }
  | { type: 'email.restart' }
  | { type: 'password.submit'; change: PasswordChange };
