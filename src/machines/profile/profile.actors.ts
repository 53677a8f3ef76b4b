import { fromPromise } from 'xstate';
import { api } from '../../api/appClient.ts';
import { firstFieldErrors, unwrap } from '../../api/client.ts';
import type { EmailOutcome, PasswordChange, PasswordOutcome, ProfileDetails, SaveOutcome } from './profile.types.ts';

const toDetails = (user: {
  firstName: string;
  lastName: string;
  phonePrefix: string | null;
  phoneNumber: string | null;
}): ProfileDetails => ({
  firstName: user.firstName,
  lastName: user.lastName,
  phonePrefix: user.phonePrefix ? `+${user.phonePrefix}` : '',
  phoneNumber: user.phoneNumber ?? '',
});

export const loadProfile = fromPromise<ProfileDetails>(async () => toDetails(unwrap(await api.GET('/users/me'))));

export const saveProfile = fromPromise<SaveOutcome, ProfileDetails>(async ({ input }) => {
  const result = await api.PATCH('/users/me', {
    body: {
      firstName: input.firstName,
      lastName: input.lastName,
      phonePrefix: input.phonePrefix || null,
      phoneNumber: input.phoneNumber || null,
    },
  });
  if (result.response.status === 422) return { kind: 'rejected', fieldErrors: firstFieldErrors(result.error) };
  return { kind: 'saved', details: toDetails(unwrap(result)) };
});

export const requestEmailChange = fromPromise<EmailOutcome, { email: string }>(async ({ input }) => {
  const result = await api.POST('/account/email', { body: { email: input.email } });
  if (result.response.status === 422) return { kind: 'rejected', fieldErrors: firstFieldErrors(result.error) };
  unwrap(result);
  return { kind: 'sent' };
});

export const changePassword = fromPromise<PasswordOutcome, PasswordChange>(async ({ input }) => {
  const result = await api.POST('/users/password', { body: input });
  if (result.response.status === 422) return { kind: 'rejected', fieldErrors: firstFieldErrors(result.error) };
  unwrap(result);
  return { kind: 'changed' };
});
