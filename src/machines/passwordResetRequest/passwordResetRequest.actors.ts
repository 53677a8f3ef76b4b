import { fromPromise } from 'xstate';
import { api } from '../../api/appClient.ts';
import { unwrap } from '../../api/client.ts';

/** Answers 202 whether or not the address belongs to a user. */
export const requestReset = fromPromise<void, { email: string }>(async ({ input }) => {
  unwrap(await api.POST('/users/password-reset-request', { body: { email: input.email } }));
});
