import { fromPromise } from 'xstate';
import { api } from '../../api/appClient.ts';
import { unwrap } from '../../api/client.ts';
import type { ConfirmOutcome } from './emailConfirm.types.ts';

/** Posts the token of the link sent to the new address; 410 and a rejected token mean the link cannot be used. */
export const confirmEmailChange = fromPromise<ConfirmOutcome, { token: string }>(async ({ input }) => {
  const result = await api.POST('/account/email/confirm', { body: { token: input.token } });
  const { status } = result.response;
  if (status === 410 || status === 422) return { kind: 'linkExpired' };
  const { email } = unwrap(result);
  return { kind: 'confirmed', email };
});
