import { assign, sendParent, setup } from 'xstate';
import { appEvents } from '../../app/appEvents.ts';
import { writeSession } from '../../app/sessionStorage.ts';
import { refreshToken } from './tokenRefresh.actors.ts';
import type {
  RefreshInput,
  RefreshOutcome,
  TokenRefreshInput,
  TokenRefreshContext,
  TokenRefreshParentEvent,
} from './tokenRefresh.types.ts';

export type * from './tokenRefresh.types.ts';

/** Refresh the access token this long before it expires. */
export const REFRESH_MARGIN_MS = 60_000;
export const REFRESH_RETRY_MS = 30_000;
/** Never refresh more often than this: a client clock far ahead of the server would otherwise refresh in a loop. */
export const REFRESH_MIN_DELAY_MS = 30_000;

/**
 * Keeps the access token fresh, as a child of the session's `loggedIn` state. `checking` refreshes at once when the
 * stored token is (nearly) expired, else enters `valid`, which tells the parent and waits until shortly before expiry.
 * `refreshing` stores the new tokens (cookie) and returns to `valid`; a refused refresh ends in `rejected`; a network
 * failure waits in `retrying`.
 */
export const tokenRefreshMachine = setup({
  types: {
    context: {} as TokenRefreshContext,
    input: {} as TokenRefreshInput,
  },
  actors: { refreshToken },
  guards: {
    isStale: ({ context }) => Date.parse(context.session.expiresAt) - REFRESH_MARGIN_MS <= context.startedAt,
    isRefreshed: (_, output: RefreshOutcome) => output.kind === 'refreshed',
  },
  delays: {
    refreshDue: ({ context }) =>
      Math.max(REFRESH_MIN_DELAY_MS, Date.parse(context.session.expiresAt) - Date.now() - REFRESH_MARGIN_MS),
    refreshRetry: REFRESH_RETRY_MS,
  },
  actions: {
    assignSession: assign((_, output: RefreshOutcome) =>
      output.kind === 'refreshed' ? { session: output.session } : {},
    ),
    persistSession: ({ context }) => writeSession(context.session),
    announceRefreshed: () => appEvents.emit({ type: 'session.tokenRefreshed' }),
    tellValid: sendParent(({ context }): TokenRefreshParentEvent => ({
      type: 'token.validated',
      session: context.session,
    })),
    tellRejected: sendParent((): TokenRefreshParentEvent => ({ type: 'token.rejected' })),
  },
}).createMachine({
  id: 'tokenRefresh',
  context: ({ input }) => ({ session: input.session, startedAt: input.now }),
  initial: 'checking',
  states: {
    checking: { always: [{ guard: 'isStale', target: 'refreshing' }, { target: 'valid' }] },
    valid: {
      entry: 'tellValid',
      after: { refreshDue: 'refreshing' },
    },
    refreshing: {
      invoke: {
        id: 'refreshToken',
        src: 'refreshToken',
        input: ({ context }): RefreshInput => ({ remember: context.session.remember }),
        onDone: [
          {
            guard: { type: 'isRefreshed', params: ({ event }) => event.output },
            target: 'valid',
            actions: [
              { type: 'assignSession', params: ({ event }) => event.output },
              'persistSession',
              'announceRefreshed',
            ],
          },
          { target: 'rejected' },
        ],
        onError: 'retrying',
      },
    },
    retrying: { after: { refreshRetry: 'refreshing' } },
    rejected: { type: 'final', entry: 'tellRejected' },
  },
});
