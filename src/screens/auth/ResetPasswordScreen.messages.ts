import { defineMessages } from 'react-intl';

export const resetPasswordMessages = defineMessages({
  password: { id: 'screen.resetPassword.password', defaultMessage: 'New password' },
  confirmation: { id: 'screen.resetPassword.confirmation', defaultMessage: 'Confirm the new password' },
  submit: { id: 'screen.resetPassword.submit', defaultMessage: 'Change password' },
  done: { id: 'screen.resetPassword.done', defaultMessage: 'Your password was changed. Log in with the new one.' },
  invalidLink: {
    id: 'screen.resetPassword.invalidLink',
    defaultMessage: 'This reset link is invalid, used or expired. Ask for a new one.',
  },
  requestNew: { id: 'screen.resetPassword.requestNew', defaultMessage: 'Ask for a new link' },
  resetFailed: {
    id: 'screen.resetPassword.resetFailed',
    defaultMessage: 'Failed to reset password. Please try again.',
  },
});
