import { defineMessage, defineMessages } from 'react-intl';

/** The page opened from the link sent to a new sign-in address. */
export const emailConfirmMessages = defineMessages({
  title: { id: 'screen.profile.emailConfirm.title', defaultMessage: 'Confirm email' },
  confirming: { id: 'screen.profile.emailConfirm.confirming', defaultMessage: 'Confirming your new address…' },
  confirmed: defineMessage<{ email: string }>({
    id: 'screen.profile.emailConfirm.confirmed',
    defaultMessage: 'Your sign-in email is now {email}.',
  }),
  invalidLink: {
    id: 'screen.profile.emailConfirm.invalidLink',
    defaultMessage: 'This confirmation link has expired or was already used. Ask for a new one from your account.',
  },
  failed: {
    id: 'screen.profile.emailConfirm.failed',
    defaultMessage: 'The address could not be confirmed. Please try again.',
  },
  retry: { id: 'screen.profile.emailConfirm.retry', defaultMessage: 'Try again' },
  toAccount: { id: 'screen.profile.emailConfirm.toAccount', defaultMessage: 'Go to your account' },
  toLogin: { id: 'screen.profile.emailConfirm.toLogin', defaultMessage: 'Log in' },
});
