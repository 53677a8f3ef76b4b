import { fromPromise } from 'xstate';
import { api } from '../../api/appClient.ts';
import { ApiError, errorCode } from '../../api/client.ts';

/** Answers 202 whether or not the address belongs to a user. */
export const requestReset = fromPromise<void, { email: string }>(async ({ input }) => {
  const { error, response } = await api.POST('/users/password-reset-request', { body: { email: input.email } });
  if (!response.ok) throw new ApiError(response.status, errorCode(error));
});
