import { fromPromise } from 'xstate';
import { api } from '../../api/appClient.ts';
import { ApiError, errorCode, firstFieldErrors } from '../../api/client.ts';
import type { ResetInput, ResetOutcome } from './passwordReset.machine.ts';

export const resetPassword = fromPromise<ResetOutcome, ResetInput>(async ({ input }) => {
  const { error, response } = await api.POST('/users/password-reset', {
    body: { token: input.token, password: input.password, passwordConfirmation: input.passwordConfirmation },
  });
  if (response.ok) return { kind: 'reset' };
  if (response.status === 410) return { kind: 'linkExpired' };
  if (response.status === 422) {
    const fields = firstFieldErrors(error);
    if (fields.token) return { kind: 'linkExpired' };
    return { kind: 'rejected', fieldErrors: fields };
  }
  throw new ApiError(response.status, errorCode(error));
});
