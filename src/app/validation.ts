import { EMAIL_RULE, PASSWORD_RULE } from '../../shared/fieldRules.ts';

/**
 * Form rules shared by the machines that own the forms (spec section 5). They answer codes; screens translate them.
 * The minimum lengths are the contract's (Email and NewPassword in openapi.yaml).
 */
export const EMAIL_MIN_LENGTH = EMAIL_RULE.minLength ?? 0;
export const PASSWORD_MIN_LENGTH = PASSWORD_RULE.minLength ?? 0;

export type EmailIssue = 'required' | 'tooShort' | 'invalid';
export type PasswordIssue = 'required' | 'tooShort';
export type CodeIssue = 'required' | 'invalid';
export type ConfirmationIssue = 'mismatch';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function checkEmail(value: string): EmailIssue | null {
  const v = value.trim();
  if (!v) return 'required';
  if (v.length < EMAIL_MIN_LENGTH) return 'tooShort';
  return EMAIL.test(v) ? null : 'invalid';
}

export function checkPassword(value: string): PasswordIssue | null {
  if (!value) return 'required';
  return value.length < PASSWORD_MIN_LENGTH ? 'tooShort' : null;
}

/** A 6-digit code from the authenticator app, or a recovery code (letters, digits, dashes; 6 to 20 characters). */
export function checkCode(value: string): CodeIssue | null {
  const v = value.replace(/\s/g, '');
  if (!v) return 'required';
  return /^[0-9]{6}$/.test(v) || /^[A-Za-z0-9-]{6,20}$/.test(v) ? null : 'invalid';
}

export function checkConfirmation(password: string, confirmation: string): ConfirmationIssue | null {
  return password === confirmation ? null : 'mismatch';
}

/** Drops the keys whose value is null, so `{}` means "no issues". */
export function issues<T extends Record<string, string | null>>(checks: T): { [K in keyof T]?: NonNullable<T[K]> } {
  return Object.fromEntries(Object.entries(checks).filter(([, v]) => v !== null)) as {
    [K in keyof T]?: NonNullable<T[K]>;
  };
}
