import { defineMessage, defineMessages } from 'react-intl';

export const securityMessages = defineMessages({
  heading: { id: 'screen.security.heading', defaultMessage: 'Two-factor authentication' },
  intro: {
    id: 'screen.security.intro',
    defaultMessage:
      'With two-factor authentication, logging in also asks for a code from an authenticator app on your phone.',
  },
  enabled: { id: 'screen.security.enabled', defaultMessage: 'Enabled' },
  disabled: { id: 'screen.security.disabled', defaultMessage: 'Disabled' },
  codesLeft: defineMessage<{ count: number }>({
    id: 'screen.security.codesLeft',
    defaultMessage:
      '{count, plural, =0 {No recovery codes left} one {# recovery code left} other {# recovery codes left}}',
  }),
  enable: { id: 'screen.security.enable', defaultMessage: 'Enable 2FA' },
  disable: { id: 'screen.security.disable', defaultMessage: 'Disable 2FA' },
  scan: {
    id: 'screen.security.scan',
    defaultMessage: 'Scan this QR code with your authenticator app, then enter the 6-digit code it shows.',
  },
  qrAlt: { id: 'screen.security.qrAlt', defaultMessage: 'QR code to add this account to an authenticator app' },
  manual: { id: 'screen.security.manual', defaultMessage: 'Cannot scan? Enter this key in the app:' },
  code: { id: 'screen.security.code', defaultMessage: 'Code from the app' },
  confirmEnable: { id: 'screen.security.confirmEnable', defaultMessage: 'Verify and enable' },
  recoveryTitle: { id: 'screen.security.recoveryTitle', defaultMessage: 'Save your recovery codes' },
  recoveryText: {
    id: 'screen.security.recoveryText',
    defaultMessage:
      'Each code logs you in once if you lose your phone. They are shown only now: store them somewhere safe.',
  },
  recoveryDone: { id: 'screen.security.recoveryDone', defaultMessage: 'I have saved them' },
  disableText: {
    id: 'screen.security.disableText',
    defaultMessage: 'Enter a code from your authenticator app, or a recovery code, to turn 2FA off.',
  },
  confirmDisable: { id: 'screen.security.confirmDisable', defaultMessage: 'Disable' },
  loadFailed: { id: 'screen.security.loadFailed', defaultMessage: 'The two-factor settings could not be loaded.' },
  enableFailed: { id: 'screen.security.enableFailed', defaultMessage: 'Failed to enable 2FA.' },
  disableFailed: { id: 'screen.security.disableFailed', defaultMessage: 'Failed to disable 2FA.' },
  verifyFailed: { id: 'screen.security.verifyFailed', defaultMessage: 'Failed to verify the 2FA token.' },
});
