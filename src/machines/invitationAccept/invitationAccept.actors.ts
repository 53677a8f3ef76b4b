import { fromPromise } from 'xstate';
import { api } from '../../api/appClient.ts';
import { apiError, firstFieldErrors } from '../../api/client.ts';
import type { AcceptInput, AcceptOutcome, LookupOutcome } from './invitationAccept.types.ts';

export const lookupInvitation = fromPromise<LookupOutcome, { token: string }>(async ({ input }) => {
  const { data, error, response } = await api.POST('/invitations/lookup', { body: { token: input.token } });
  if (data) return { kind: 'found', invitation: data };
  // A token the contract refuses (422) is as unusable as an expired one.
  if (response.status === 410 || response.status === 422) return { kind: 'gone' };
  if (response.status === 429) return { kind: 'limited' };
  throw apiError({ error, response });
});

export const acceptInvitation = fromPromise<AcceptOutcome, AcceptInput>(async ({ input }) => {
  const { data, error, response } = await api.POST('/invitations/accept', { body: input });
  if (data?.token && data.expiresAt) {
    // The refresh token stays in the server's HttpOnly cookie; the session keeps the access token only (as login).
    return {
      kind: 'signedIn',
      session: {
        token: data.token,
        expiresAt: data.expiresAt,
        refreshExpiresAt: data.refreshExpiresAt,
        remember: false,
        cookieDomain: data.cookieDomain,
      },
    };
  }
  if (response.status === 410) return { kind: 'gone' };
  if (response.status === 409) return { kind: 'emailTaken' };
  if (response.status === 429) return { kind: 'limited' };
  if (response.status === 422) {
    const fieldErrors = firstFieldErrors(error);
    return fieldErrors.token ? { kind: 'gone' } : { kind: 'rejected', fieldErrors };
  }
  throw apiError({ error, response });
});
