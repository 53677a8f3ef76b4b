import { fromCallback, fromPromise } from 'xstate';
import { api } from '../../api/appClient.ts';
import { apiError, errorCode, unwrap } from '../../api/client.ts';
import { appEvents } from '../../app/appEvents.ts';
import type { CurrentUser, LoginInput, LoginOutcome, LoginRejection } from './session.types.ts';

const LOGIN_REJECTIONS: readonly LoginRejection[] = [
  'invalid_credentials',
  'invalid_2fa_token',
  'too_many_requests',
  'validation_error',
];

function toLoginRejection(code: string | null): LoginRejection {
  return (
    LOGIN_REJECTIONS.find((c) => c === code) ??
    (code === 'not_authenticated' ? 'invalid_credentials' : 'validation_error')
  );
}

export const login = fromPromise<LoginOutcome, LoginInput>(async ({ input }) => {
  const { data, error, response } = await api.POST('/users/login', {
    body: {
      email: input.email,
      password: input.password,
      remember: input.remember,
      ...(input.totp ? { totp: input.totp } : {}),
    },
  });
  if (data) {
    if (data.twoFactorRequired || !data.token || !data.expiresAt) return { kind: 'twoFactorRequired' };
    // The refresh token stays in the server's HttpOnly cookie; the session keeps the access token only.
    return {
      kind: 'signedIn',
      session: {
        token: data.token,
        expiresAt: data.expiresAt,
        refreshExpiresAt: data.refreshExpiresAt,
        remember: input.remember,
        cookieDomain: data.cookieDomain,
      },
    };
  }
  if ([400, 401, 422, 429].includes(response.status)) {
    return {
      kind: 'rejected',
      code: response.status === 429 ? 'too_many_requests' : toLoginRejection(errorCode(error)),
    };
  }
  throw apiError({ error, response });
});

export const currentUser = fromPromise<CurrentUser>(async () => {
  return unwrap(await api.GET('/users/me'));
});

/** Ends the server session; the client forgets the token whatever the answer. */
export const logout = fromPromise<void>(async () => {
  await api.POST('/users/logout');
});

export const saveLanguage = fromPromise<void, { language: string }>(async ({ input }) => {
  unwrap(await api.PATCH('/users/me', { body: { language: input.language } }));
});

/** 401 codes that reject a credential the user typed (a wrong 2FA code), not the session itself. */
const CREDENTIAL_REJECTIONS = new Set(['invalid_credentials', 'invalid_2fa_token', 'invalid_password']);

/** A 401 on an authenticated request, or the server revoking the session over realtime, ends the session. */
export const sessionEvents = fromCallback(({ sendBack }) =>
  appEvents.subscribe((event) => {
    const expired =
      (event.type === 'api.unauthorized' && !CREDENTIAL_REJECTIONS.has(event.code ?? '')) ||
      event.type === 'session.revoked';
    if (expired) sendBack({ type: 'session.expired' });
  }),
);
