import { fromPromise } from 'xstate';
import { api } from '../../api/appClient.ts';
import { unwrap } from '../../api/client.ts';
import type { CodeOutcome, EnableOutcome, TwoFactorSetup, TwoFactorStatus } from './twoFactor.types.ts';

/** A wrong or reused code: the server answers 422 (`invalid_2fa_token` on the `code` field); a 401 is an ended session. */
const isCodeRejection = (status: number) => status === 422;

export const loadStatus = fromPromise<TwoFactorStatus>(async () => {
  return unwrap(await api.GET('/users/2fa'));
});

export const startSetup = fromPromise<TwoFactorSetup>(async () => {
  return unwrap(await api.POST('/users/2fa/setup'));
});

export const enable = fromPromise<EnableOutcome, { code: string }>(async ({ input }) => {
  const result = await api.POST('/users/2fa/enable', { body: { code: input.code } });
  if (isCodeRejection(result.response.status)) return { kind: 'rejected' };
  return { kind: 'enabled', recoveryCodes: unwrap(result).recoveryCodes };
});

export const disable = fromPromise<CodeOutcome, { code: string }>(async ({ input }) => {
  const result = await api.POST('/users/2fa/disable', { body: { code: input.code } });
  if (isCodeRejection(result.response.status)) return { kind: 'rejected' };
  unwrap(result);
  return { kind: 'accepted' };
});
