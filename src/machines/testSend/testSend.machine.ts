import { assign, setup } from 'xstate';
import { TEST_SEND_MAX_ADDRESSES } from '../../../shared/messaging.ts';
import { checkEmail } from '../../app/validation.ts';
import { sendTests } from './testSend.actors.ts';
import type { TestSendContext, TestSendError, TestSendEvent, TestSendInput } from './testSend.types.ts';

export type * from './testSend.types.ts';

type SubmitEvent = Extract<TestSendEvent, { type: 'testSend.submit' }>;

const clean = (addresses: string[]) => [...new Set(addresses.map((a) => a.trim()).filter(Boolean))];

/** A submit, from the open dialog or after a send: the checks first, then `sending`. */
const submit = [
  {
    guard: { type: 'isTooMany', params: ({ event }: { event: SubmitEvent }) => event.addresses },
    actions: { type: 'failWith', params: 'tooMany' },
  },
  {
    guard: { type: 'isInvalid', params: ({ event }: { event: SubmitEvent }) => event.addresses },
    actions: { type: 'failWith', params: 'addressesInvalid' },
  },
  {
    target: '#testSend.sending',
    actions: { type: 'assignAddresses', params: ({ event }: { event: SubmitEvent }) => event.addresses },
  },
] as const;

/**
 * A test send dialog. `closed` → `open`; a submit with no address or a malformed one stays `open` with
 * `addressesInvalid`, over TEST_SEND_MAX_ADDRESSES with `tooMany`; otherwise `sending` → `sent` (the count) or back
 * to `open` with `sendFailed` ('Error while sending test messages'). Closing is possible except while sending.
 */
export const testSendMachine = setup({
  types: { context: {} as TestSendContext, events: {} as TestSendEvent, input: {} as TestSendInput },
  actors: { sendTests },
  guards: {
    isTooMany: (_, addresses: string[]) => clean(addresses).length > TEST_SEND_MAX_ADDRESSES,
    isInvalid: (_, addresses: string[]) => {
      const list = clean(addresses);
      return list.length === 0 || !list.every((address) => checkEmail(address) === null);
    },
  },
  actions: {
    assignAddresses: assign((_, addresses: string[]) => ({ addresses: clean(addresses), error: null })),
    assignSent: assign((_, sent: number) => ({ sent })),
    failWith: assign((_, error: TestSendError) => ({ error })),
    reset: assign({ error: null, sent: 0 }),
  },
}).createMachine({
  id: 'testSend',
  context: ({ input }) => ({ target: input, addresses: [], sent: 0, error: null }),
  initial: 'closed',
  states: {
    closed: { on: { 'testSend.open': { target: 'open', actions: 'reset' } } },
    open: {
      on: {
        'testSend.close': 'closed',
        'testSend.submit': submit,
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'sendTests',
        src: 'sendTests',
        input: ({ context }) => ({ ...context.target, addresses: context.addresses }),
        onDone: { target: 'sent', actions: { type: 'assignSent', params: ({ event }) => event.output } },
        onError: { target: 'open', actions: { type: 'failWith', params: 'sendFailed' } },
      },
    },
    sent: { on: { 'testSend.close': 'closed', 'testSend.submit': submit } },
  },
});
