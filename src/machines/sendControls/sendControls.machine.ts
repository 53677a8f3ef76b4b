import { assign, setup } from 'xstate';
import { controlSend, readSendState } from './sendControls.actors.ts';
import type {
  ControlOutcome,
  SendControlsContext,
  SendControlsError,
  SendControlsEvent,
  SendControlsInput,
  SendState,
} from './sendControls.types.ts';

export type * from './sendControls.types.ts';

/** How often the counts are read again while a campaign sends or waits. */
export const SEND_STATE_REFRESH_MS = 5000;

/**
 * The sending panel of a campaign's report. `loading` reads its send state (→ `failed`, retry with `send.refresh`).
 * In `ready` the counts are read again every few seconds while the campaign is sending, paused or scheduled; the user
 * pauses a sending campaign, resumes a paused one, or cancels either after a question (`confirmingCancel`). Each
 * action (`pausing`, `resuming`, `cancelling`) answers the new state, or the server's reason when the campaign moved on meanwhile (409).
 */
export const sendControlsMachine = setup({
  types: {
    context: {} as SendControlsContext,
    events: {} as SendControlsEvent,
    input: {} as SendControlsInput,
  },
  actors: { readSendState, controlSend },
  delays: { REFRESH: SEND_STATE_REFRESH_MS },
  guards: {
    canPause: ({ context }) => context.state?.status === 'sending',
    canResume: ({ context }) => context.state?.status === 'paused',
    canCancel: ({ context }) => ['sending', 'paused', 'scheduled'].includes(context.state?.status ?? ''),
    isLive: ({ context }) => ['sending', 'paused', 'scheduled'].includes(context.state?.status ?? ''),
    isDone: (_, outcome: ControlOutcome) => outcome.kind === 'done',
  },
  actions: {
    assignState: assign((_, state: SendState) => ({ state, error: null })),
    applyOutcome: assign((_, outcome: ControlOutcome) =>
      outcome.kind === 'done'
        ? { state: outcome.state, conflict: null, error: null }
        : { conflict: outcome.message || null },
    ),
    fail: assign((_, error: SendControlsError) => ({ error })),
    clear: assign({ error: null, conflict: null }),
  },
}).createMachine({
  id: 'sendControls',
  context: ({ input }) => ({ ...input, state: null, error: null, conflict: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'readSendState',
        src: 'readSendState',
        input: ({ context }) => ({ channel: context.channel, messageId: context.messageId }),
        onDone: { target: 'ready', actions: { type: 'assignState', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'fail', params: 'loadFailed' } },
      },
    },
    failed: { tags: ['error'], on: { 'send.refresh': { target: 'loading', actions: 'clear' } } },
    ready: {
      after: { REFRESH: { guard: 'isLive', target: 'loading' } },
      on: {
        'send.refresh': 'loading',
        'send.pause': { guard: 'canPause', target: 'pausing', actions: 'clear' },
        'send.resume': { guard: 'canResume', target: 'resuming', actions: 'clear' },
        'send.cancel': { guard: 'canCancel', target: 'confirmingCancel', actions: 'clear' },
      },
    },
    confirmingCancel: {
      on: { 'cancel.confirm': 'cancelling', 'cancel.dismiss': 'ready' },
    },
    pausing: {
      tags: ['busy'],
      invoke: { id: 'pause', src: 'controlSend', input: actionInput('pause'), ...outcomes() },
    },
    resuming: {
      tags: ['busy'],
      invoke: { id: 'resume', src: 'controlSend', input: actionInput('resume'), ...outcomes() },
    },
    cancelling: {
      tags: ['busy'],
      invoke: { id: 'cancel', src: 'controlSend', input: actionInput('cancel'), ...outcomes() },
    },
  },
});

function actionInput(action: 'pause' | 'resume' | 'cancel') {
  return ({ context }: { context: SendControlsContext }) => ({
    channel: context.channel,
    messageId: context.messageId,
    action,
  });
}

function outcomes() {
  return {
    onDone: {
      target: '#sendControls.ready',
      actions: { type: 'applyOutcome', params: ({ event }: { event: { output: ControlOutcome } }) => event.output },
    },
    onError: { target: '#sendControls.ready', actions: { type: 'fail', params: 'actionFailed' } },
  } as const;
}
