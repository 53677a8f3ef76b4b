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
    isEmailValid: ({ event }) => event.type === 'request.submit' && checkEmail(event.email) === null,
  },
  actions: {
    assignEmail: assign(({ event }) => (event.type === 'request.submit' ? { email: event.email.trim(), emailIssue: null, error: null } : {})),
    assignIssue: assign(({ event }) => (event.type === 'request.submit' ? { emailIssue: checkEmail(event.email), error: null } : {})),
    assignFailure: assign({ error: 'sendFailed' as const }),
  },
}).createMachine({
  id: 'passwordResetRequest',
  context: { email: '', emailIssue: null, error: null },
  initial: 'editing',
  states: {
    editing: {
      tags: ['editable'],
      on: { 'request.submit': [{ guard: 'isEmailValid', target: 'submitting', actions: 'assignEmail' }, { actions: 'assignIssue' }] },
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
