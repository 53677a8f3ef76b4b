import { assign, setup } from 'xstate';
import { revealSecret, rotateSecret } from './webhooks.actors.ts';
import type { SecretContext, SecretEvent, WebhookSecret } from './webhooks.types.ts';

/**
 * An endpoint's signing secret: `hidden` until asked (`revealing` → `shown`), hidden again on request; a rotation is
 * confirmed first (`confirmingRotate` → `rotating`) since receivers must switch to the new secret within 24 hours.
 * A failure returns to `hidden` with an error code.
 */
export const webhookSecretMachine = setup({
  types: { context: {} as SecretContext, events: {} as SecretEvent, input: {} as { endpointId: number } },
  actors: { revealSecret, rotateSecret },
  actions: {
    show: assign((_, secret: WebhookSecret) => ({ secret, error: null })),
    hide: assign({ secret: null, error: null }),
    fail: assign((_, error: SecretContext['error']) => ({ error, secret: null })),
  },
}).createMachine({
  id: 'webhookSecret',
  context: ({ input }) => ({ endpointId: input.endpointId, secret: null, error: null }),
  initial: 'hidden',
  states: {
    hidden: { on: { 'secret.reveal': { target: 'revealing' }, 'secret.rotate': { target: 'confirmingRotate' } } },
    revealing: {
      tags: ['busy'],
      invoke: {
        id: 'revealSecret',
        src: 'revealSecret',
        input: ({ context }) => ({ endpointId: context.endpointId }),
        onDone: { target: 'shown', actions: { type: 'show', params: ({ event }) => event.output } },
        onError: { target: 'hidden', actions: { type: 'fail', params: 'revealFailed' } },
      },
    },
    shown: {
      on: { 'secret.hide': { target: 'hidden', actions: 'hide' }, 'secret.rotate': { target: 'confirmingRotate' } },
    },
    confirmingRotate: {
      on: { 'rotate.confirm': { target: 'rotating' }, 'rotate.cancel': { target: 'hidden', actions: 'hide' } },
    },
    rotating: {
      tags: ['busy'],
      invoke: {
        id: 'rotateSecret',
        src: 'rotateSecret',
        input: ({ context }) => ({ endpointId: context.endpointId }),
        onDone: { target: 'shown', actions: { type: 'show', params: ({ event }) => event.output } },
        onError: { target: 'hidden', actions: { type: 'fail', params: 'rotateFailed' } },
      },
    },
  },
});
