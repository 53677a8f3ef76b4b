import { defineMessages } from 'react-intl';

export const loginMessages = defineMessages({
  email: { id: 'screen.login.email', defaultMessage: 'Email' },
  password: { id: 'screen.login.password', defaultMessage: 'Password' },
  remember: { id: 'screen.login.remember', defaultMessage: 'Remember me' },
  submit: { id: 'screen.login.submit', defaultMessage: 'Log in' },
  forgot: { id: 'screen.login.forgot', defaultMessage: 'Forgot your password?' },
  twoFactorIntro: {
    id: 'screen.login.twoFactorIntro',
    defaultMessage:
      'Two-factor authentication is on for this account. Enter the code from your authenticator app, or one of your recovery codes.',
  },
  code: { id: 'screen.login.code', defaultMessage: '2FA code' },
  verify: { id: 'screen.login.verify', defaultMessage: 'Verify' },
  invalidCredentials: {
    id: 'screen.login.invalidCredentials',
    defaultMessage: 'Invalid login, please check and try again.',
  },
  invalidCode: { id: 'screen.login.invalidCode', defaultMessage: 'Invalid 2FA code. Please try again.' },
});
