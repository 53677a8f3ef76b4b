import { defineMessages } from 'react-intl';

export const requestPasswordResetMessages = defineMessages({
  intro: {
    id: 'screen.requestPasswordReset.intro',
    defaultMessage: 'Enter the email address of your account and we will send you a link to choose a new password.',
  },
  email: { id: 'screen.requestPasswordReset.email', defaultMessage: 'Email' },
  submit: { id: 'screen.requestPasswordReset.submit', defaultMessage: 'Send reset link' },
  sent: {
    id: 'screen.requestPasswordReset.sent',
    defaultMessage: 'If an account uses this address, a reset link is on its way. The link works once, for one hour.',
  },
  again: { id: 'screen.requestPasswordReset.again', defaultMessage: 'Send another link' },
  sendFailed: {
    id: 'screen.requestPasswordReset.sendFailed',
    defaultMessage: 'Failed to send reset email. Please try again.',
  },
});
