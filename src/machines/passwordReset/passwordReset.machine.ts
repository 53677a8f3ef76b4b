import { assign, setup } from 'xstate';
import { checkConfirmation, checkPassword, issues } from '../../app/validation.ts';
import { resetPassword } from './passwordReset.actors.ts';
import type { ResetOutcome, PasswordResetContext, PasswordResetEvent } from './passwordReset.types.ts';

export type * from './passwordReset.types.ts';

const formIssues = (password: string, confirmation: string) =>
  issues({ password: checkPassword(password), passwordConfirmation: checkConfirmation(password, confirmation) });

/**
 * Reset Password, opened from the emailed link (`?token=`). Without a token: `invalidLink`. `editing` checks the
 * password and its confirmation, then `submitting` → `done`; an expired or used link → `invalidLink`; field errors from
 * the server return to `editing`, and so does a failed call (`resetFailed`).
 */
export const passwordResetMachine = setup({
  types: {
    context: {} as PasswordResetContext,
    events: {} as PasswordResetEvent,
    input: {} as { token: string | null },
  },
  actors: { resetPassword },
  guards: {
    hasToken: ({ context }) => Boolean(context.token),
    isFormValid: ({ event }) => Object.keys(formIssues(event.password, event.passwordConfirmation)).length === 0,
    isReset: (_, outcome: ResetOutcome) => outcome.kind === 'reset',
    isLinkExpired: (_, outcome: ResetOutcome) => outcome.kind === 'linkExpired',
  },
  actions: {
    assignForm: assign(({ event }) => ({
      password: event.password,
      passwordConfirmation: event.passwordConfirmation,
      issues: {},
      serverErrors: {},
      error: null,
    })),
    assignIssues: assign(({ event }) => ({
      issues: formIssues(event.password, event.passwordConfirmation),
      serverErrors: {},
      error: null,
    })),
    assignServerErrors: assign((_, outcome: ResetOutcome) =>
      outcome.kind === 'rejected' ? { serverErrors: outcome.fieldErrors } : {},
    ),
    assignFailure: assign({ error: 'resetFailed' as const }),
    forgetPasswords: assign({ password: '', passwordConfirmation: '' }),
  },
}).createMachine({
  id: 'passwordReset',
  context: ({ input }) => ({
    token: input.token,
    password: '',
    passwordConfirmation: '',
    issues: {},
    serverErrors: {},
    error: null,
  }),
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'hasToken', target: 'editing' }, { target: 'invalidLink' }] },
    editing: {
      tags: ['editable'],
      on: {
        'reset.submit': [
          { guard: 'isFormValid', target: 'submitting', actions: 'assignForm' },
          { actions: 'assignIssues' },
        ],
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        input: ({ context }) => ({
          token: context.token ?? '',
          password: context.password,
          passwordConfirmation: context.passwordConfirmation,
        }),
        onDone: [
          {
            guard: { type: 'isReset', params: ({ event }) => event.output },
            target: 'done',
            actions: 'forgetPasswords',
          },
          {
            guard: { type: 'isLinkExpired', params: ({ event }) => event.output },
            target: 'invalidLink',
            actions: 'forgetPasswords',
          },
          {
            target: 'editing',
            actions: [{ type: 'assignServerErrors', params: ({ event }) => event.output }, 'forgetPasswords'],
          },
        ],
        onError: { target: 'editing', actions: ['assignFailure', 'forgetPasswords'] },
      },
    },
    done: {},
    invalidLink: { tags: ['error'] },
  },
});
