import { assign, fromPromise, setup } from 'xstate';
import type { IncomingMessage, IncomingMessageContext, IncomingMessageEvent } from './incomingMessage.types.ts';

export type * from './incomingMessage.types.ts';

/** Reads one message; the screen provides the real reader (incomingMessage.actors.ts). */
const readMessage = fromPromise<IncomingMessage, { id: number }>(async () => {
  throw new Error('incomingMessage: provide a readMessage actor');
});

/**
 * The incoming message drawer: `closed` → `message.open` → `loading` (reads the message) → `shown` or `failed` (retry
 * reads again). Opening another message from any state reads that one; `message.close` closes from any state.
 */
export const incomingMessageMachine = setup({
  types: {
    context: {} as IncomingMessageContext,
    events: {} as IncomingMessageEvent,
  },
  actors: { readMessage },
  actions: {
    assignId: assign((_, id: number) => ({ id, message: null })),
    assignMessage: assign((_, message: IncomingMessage) => ({ message })),
    clear: assign({ id: null, message: null }),
  },
}).createMachine({
  id: 'incomingMessage',
  context: { id: null, message: null },
  initial: 'closed',
  on: {
    'message.open': { target: '.loading', actions: { type: 'assignId', params: ({ event }) => event.id } },
    'message.close': { target: '.closed', actions: 'clear' },
  },
  states: {
    closed: {},
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'readMessage',
        src: 'readMessage',
        input: ({ context }) => ({ id: context.id! }),
        onDone: { target: 'shown', actions: { type: 'assignMessage', params: ({ event }) => event.output } },
        onError: 'failed',
      },
    },
    shown: {},
    failed: { tags: ['error'], on: { 'message.retry': 'loading' } },
  },
});
