import { fromPromise } from 'xstate';
import { api } from '../../api/appClient.ts';
import { firstFieldErrors, unwrap } from '../../api/client.ts';
import type { ResetInput, ResetOutcome } from './passwordReset.types.ts';

export const resetPassword = fromPromise<ResetOutcome, ResetInput>(async ({ input }) => {
  const result = await api.POST('/users/password-reset', {
    body: { token: input.token, password: input.password, passwordConfirmation: input.passwordConfirmation },
  });
  const { status } = result.response;
  if (status === 410) return { kind: 'linkExpired' };
  if (status === 422) {
    const fields = firstFieldErrors(result.error);
    if (fields.token) return { kind: 'linkExpired' };
    return { kind: 'rejected', fieldErrors: fields };
  }
  unwrap(result);
  return { kind: 'reset' };
});
