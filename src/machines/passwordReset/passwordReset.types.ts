// Types shared by the passwordReset machine and its actors, so neither module imports the other back.
import type { ConfirmationIssue, PasswordIssue } from '../../app/validation.ts';

export interface ResetInput {
  token: string;
  password: string;
  passwordConfirmation: string;
}

export type ResetOutcome =
  | { kind: 'reset' }
  | { kind: 'linkExpired' }
  /** A 422: the first server message per field. */
  | { kind: 'rejected'; fieldErrors: Record<string, string> };

export interface PasswordResetContext {
  token: string | null;
  password: string;
  passwordConfirmation: string;
  issues: { password?: PasswordIssue; passwordConfirmation?: ConfirmationIssue };
  serverErrors: Record<string, string>;
  /** Spec section 8: 'Failed to reset password. Please try again.' */
  error: 'resetFailed' | null;
}

export type PasswordResetEvent = { type: 'reset.submit'; password: string; passwordConfirmation: string };
