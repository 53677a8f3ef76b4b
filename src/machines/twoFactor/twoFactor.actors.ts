import { fromPromise } from 'xstate';
import { api } from '../../api/appClient.ts';
import { ApiError, errorCode } from '../../api/client.ts';
import type { CodeOutcome, EnableOutcome, TwoFactorSetup, TwoFactorStatus } from './twoFactor.machine.ts';

/** A wrong or reused code: the server answers 422 (`invalid_2fa_token` on the `code` field); a 401 is an ended session. */
const isCodeRejection = (status: number) => status === 422;

export const loadStatus = fromPromise<TwoFactorStatus>(async () => {
  const { data, error, response } = await api.GET('/users/2fa');
  if (data) return data;
  throw new ApiError(response.status, errorCode(error));
});

export const startSetup = fromPromise<TwoFactorSetup>(async () => {
  const { data, error, response } = await api.POST('/users/2fa/setup');
  if (data) return data;
  throw new ApiError(response.status, errorCode(error));
});

export const enable = fromPromise<EnableOutcome, { code: string }>(async ({ input }) => {
  const { data, error, response } = await api.POST('/users/2fa/enable', { body: { code: input.code } });
  if (data) return { kind: 'enabled', recoveryCodes: data.recoveryCodes };
  if (isCodeRejection(response.status)) return { kind: 'rejected' };
  throw new ApiError(response.status, errorCode(error));
});

export const disable = fromPromise<CodeOutcome, { code: string }>(async ({ input }) => {
  const { error, response } = await api.POST('/users/2fa/disable', { body: { code: input.code } });
  if (response.ok) return { kind: 'accepted' };
  if (isCodeRejection(response.status)) return { kind: 'rejected' };
  throw new ApiError(response.status, errorCode(error));
});
