import { assign, setup } from 'xstate';
import { confirmEmailChange } from './emailConfirm.actors.ts';
import type { ConfirmOutcome, EmailConfirmContext, EmailConfirmEvent } from './emailConfirm.types.ts';

export type * from './emailConfirm.types.ts';

/**
 * Confirm email, opened from the link sent to the new address (`?token=`). Without a token: `invalidLink`. Otherwise
 * `confirming` posts the token once: `confirmed` shows the new address, an expired or used link → `invalidLink`; a
 * failed call → `failed`, from which `confirm.retry` posts again.
 */
export const emailConfirmMachine = setup({
  types: {
    context: {} as EmailConfirmContext,
    events: {} as EmailConfirmEvent,
    input: {} as { token: string | null },
  },
  actors: { confirmEmailChange },
  guards: {
    hasToken: ({ context }) => Boolean(context.token),
    isConfirmed: (_, outcome: ConfirmOutcome) => outcome.kind === 'confirmed',
  },
  actions: {
    assignEmail: assign((_, outcome: ConfirmOutcome) => (outcome.kind === 'confirmed' ? { email: outcome.email } : {})),
    assignFailure: assign({ error: 'confirmFailed' as const }),
    clearFailure: assign({ error: null }),
  },
}).createMachine({
  id: 'emailConfirm',
  context: ({ input }) => ({ token: input.token, email: null, error: null }),
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'hasToken', target: 'confirming' }, { target: 'invalidLink' }] },
    confirming: {
      tags: ['busy'],
      entry: 'clearFailure',
      invoke: {
        id: 'confirmEmailChange',
        src: 'confirmEmailChange',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: [
          {
            guard: { type: 'isConfirmed', params: ({ event }) => event.output },
            target: 'confirmed',
            actions: { type: 'assignEmail', params: ({ event }) => event.output },
          },
          { target: 'invalidLink' },
        ],
        onError: { target: 'failed', actions: 'assignFailure' },
      },
    },
    confirmed: {},
    invalidLink: { tags: ['error'] },
    failed: { tags: ['error'], on: { 'confirm.retry': 'confirming' } },
  },
});
