import type { MessageDescriptor } from 'react-intl';
import { httpErrorMessages } from '../../i18n/errors.messages.ts';
import type { SessionError } from '../../machines/session/session.types.ts';
import { loginMessages } from './LoginScreen.messages.ts';

/** The login form's message for each session error code. */
export const loginError: Record<SessionError, MessageDescriptor> = {
  invalid_credentials: loginMessages.invalidCredentials,
  invalid_2fa_token: loginMessages.invalidCode,
  too_many_requests: httpErrorMessages.text429,
  validation_error: httpErrorMessages.text422,
  unavailable: httpErrorMessages.textOther,
};
