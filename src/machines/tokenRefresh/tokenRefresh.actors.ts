import { fromPromise } from 'xstate';
import { api } from '../../api/appClient.ts';
import { apiError } from '../../api/client.ts';
import type { StoredSession } from '../../app/sessionStorage.ts';
import type { RefreshInput, RefreshOutcome } from './tokenRefresh.types.ts';

/** The browser sends the HttpOnly refresh cookie itself (same origin); the answer carries the new access token. */
export const refreshToken = fromPromise<RefreshOutcome, RefreshInput>(async ({ input }) => {
  const { data, error, response } = await api.POST('/users/refresh');
  if (data) {
    const session: StoredSession = { ...data, remember: input.remember };
    return { kind: 'refreshed', session };
  }
  if (response.status === 401 || response.status === 422) return { kind: 'rejected' };
  throw apiError({ error, response });
});
