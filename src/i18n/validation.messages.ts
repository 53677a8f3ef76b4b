import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { CodeIssue, ConfirmationIssue, EmailIssue, PasswordIssue } from '../app/validation.ts';

/** Form issues (spec section 5), by the codes the machines hold. */
export const validationMessages = defineMessages({
  emailRequired: { id: 'validation.email.required', defaultMessage: 'Email is required.' },
  emailTooShort: { id: 'validation.email.tooShort', defaultMessage: 'Email must be at least 5 characters.' },
  emailInvalid: { id: 'validation.email.invalid', defaultMessage: 'Enter a valid email address.' },
  passwordRequired: { id: 'validation.password.required', defaultMessage: 'Password is required.' },
  passwordTooShort: { id: 'validation.password.tooShort', defaultMessage: 'Password must be at least 5 characters.' },
  passwordMismatch: { id: 'validation.password.mismatch', defaultMessage: 'Passwords do not match' },
  codeRequired: { id: 'validation.code.required', defaultMessage: 'Enter the code from your authenticator app.' },
  codeInvalid: { id: 'validation.code.invalid', defaultMessage: 'Enter the 6-digit code or a recovery code.' },
});

const v = validationMessages;

export const emailIssue: Record<EmailIssue, MessageDescriptor> = {
  required: v.emailRequired,
  tooShort: v.emailTooShort,
  invalid: v.emailInvalid,
};
export const passwordIssue: Record<PasswordIssue, MessageDescriptor> = {
  required: v.passwordRequired,
  tooShort: v.passwordTooShort,
};
export const codeIssue: Record<CodeIssue, MessageDescriptor> = { required: v.codeRequired, invalid: v.codeInvalid };
export const confirmationIssue: Record<ConfirmationIssue, MessageDescriptor> = { mismatch: v.passwordMismatch };
