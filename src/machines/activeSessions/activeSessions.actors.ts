import { fromPromise } from 'xstate';
import { api } from '../../api/appClient.ts';
import { unwrap } from '../../api/client.ts';
import type { ActiveSession } from './activeSessions.types.ts';

export const listSessions = fromPromise<ActiveSession[]>(async () => unwrap(await api.GET('/account/sessions')));

/** Signs out one session (`sessionId`) or every session but this one (`null`), then lists them again. */
export const revokeSessions = fromPromise<ActiveSession[], { sessionId: string | null }>(async ({ input }) => {
  if (input.sessionId === null) unwrap(await api.DELETE('/account/sessions/others'));
  else unwrap(await api.DELETE('/account/sessions/{sessionId}', { params: { path: { sessionId: input.sessionId } } }));
  return unwrap(await api.GET('/account/sessions'));
});
