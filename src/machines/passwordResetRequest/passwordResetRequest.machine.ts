import { assign, setup } from 'xstate';
import { checkEmail, type EmailIssue } from '../../app/validation.ts';
import { requestReset } from './passwordResetRequest.actors.ts';

export interface PasswordResetRequestContext {
  email: string;
  emailIssue: EmailIssue | null;
  /** Spec section 8: 'Failed to send reset email. Please try again.' */
  error: 'sendFailed' | null;
}

export type PasswordResetRequestEvent = { type: 'request.submit'; email: string } | { type: 'request.restart' };

/**
 * Request Password Reset. `editing` → `submitting` → `sent` (the same answer whether or not the address is known);
 * a failed call returns to `editing` with `sendFailed`.
 */
export const passwordResetRequestMachine = setup({
  types: { context: {} as PasswordResetRequestContext, events: {} as PasswordResetRequestEvent },
  actors: { requestReset },
  guards: {
    isEmailValid: (_, email: string) => checkEmail(email) === null,
  },
  actions: {
    assignEmail: assign((_, email: string) => ({ email: email.trim(), emailIssue: null, error: null })),
    assignIssue: assign((_, email: string) => ({ emailIssue: checkEmail(email), error: null })),
    assignFailure: assign({ error: 'sendFailed' as const }),
  },
}).createMachine({
  id: 'passwordResetRequest',
  context: { email: '', emailIssue: null, error: null },
  initial: 'editing',
  states: {
    editing: {
      tags: ['editable'],
      on: {
        'request.submit': [
          {
            guard: { type: 'isEmailValid', params: ({ event }) => event.email },
            target: 'submitting',
            actions: { type: 'assignEmail', params: ({ event }) => event.email },
          },
          { actions: { type: 'assignIssue', params: ({ event }) => event.email } },
        ],
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'requestReset',
        src: 'requestReset',
        input: ({ context }) => ({ email: context.email }),
        onDone: 'sent',
        onError: { target: 'editing', actions: 'assignFailure' },
      },
    },
    sent: { on: { 'request.restart': 'editing' } },
  },
});
