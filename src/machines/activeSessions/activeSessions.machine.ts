import { assign, setup } from 'xstate';
import { listSessions, revokeSessions } from './activeSessions.actors.ts';
import type { ActiveSession, ActiveSessionsContext, ActiveSessionsEvent } from './activeSessions.types.ts';

export type * from './activeSessions.types.ts';

/**
 * Active sessions of the signed-in user: `loading` → `listed`. "Sign out" on one session goes straight to `revoking`;
 * "Sign out everywhere else" asks first (`confirmingOthers`). A revoke lists the sessions again; a failed call keeps
 * the list and sets `error`; a failed first load ends in `loadFailed` with a retry.
 */
export const activeSessionsMachine = setup({
  types: { context: {} as ActiveSessionsContext, events: {} as ActiveSessionsEvent },
  actors: { listSessions, revokeSessions },
  guards: {
    hasOthers: ({ context }) => context.sessions.some((s) => !s.current),
    isOtherSession: ({ context, event }) =>
      event.type === 'session.revoke' && context.sessions.some((s) => s.id === event.sessionId && !s.current),
  },
  actions: {
    assignSessions: assign((_, sessions: ActiveSession[]) => ({ sessions, target: null, error: null })),
    assignTarget: assign((_, target: string) => ({ target, error: null })),
    fail: assign((_, error: NonNullable<ActiveSessionsContext['error']>) => ({ error, target: null })),
  },
}).createMachine({
  id: 'activeSessions',
  context: { sessions: [], target: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'listSessions',
        src: 'listSessions',
        onDone: { target: 'listed', actions: { type: 'assignSessions', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: { type: 'fail', params: 'loadFailed' } },
      },
    },
    loadFailed: { tags: ['error'], on: { 'sessions.retry': 'loading' } },
    listed: {
      on: {
        'session.revoke': {
          guard: 'isOtherSession',
          target: 'revoking',
          actions: { type: 'assignTarget', params: ({ event }) => event.sessionId },
        },
        'others.revoke': { guard: 'hasOthers', target: 'confirmingOthers' },
      },
    },
    confirmingOthers: {
      on: {
        'others.confirm': { target: 'revoking', actions: { type: 'assignTarget', params: 'others' } },
        'others.cancel': 'listed',
      },
    },
    revoking: {
      tags: ['busy'],
      invoke: {
        id: 'revokeSessions',
        src: 'revokeSessions',
        input: ({ context }) => ({ sessionId: context.target === 'others' ? null : context.target }),
        onDone: { target: 'listed', actions: { type: 'assignSessions', params: ({ event }) => event.output } },
        onError: { target: 'listed', actions: { type: 'fail', params: 'revokeFailed' } },
      },
    },
  },
});
