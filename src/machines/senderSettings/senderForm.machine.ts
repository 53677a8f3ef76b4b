import { assign, setup } from 'xstate';
import { formValuesOf } from './senderFormValues.ts';
import { saveSender } from './senderSettings.actors.ts';
import type {
  SaveSenderOutcome,
  Sender,
  SenderFormContext,
  SenderFormEvent,
  SenderFormInput,
} from './senderSettings.types.ts';

type Change = Extract<SenderFormEvent, { type: 'form.change' }>;

/**
 * The add/edit sender form, invoked by the sender settings machine. `editing` takes changes (each clears its field's
 * error); `form.submit` → `submitting` → `saved` (final, its output is the sender) or back to `editing` with the 422's
 * field errors as codes, or with `saveFailed` when the request failed. `form.cancel` ends in `cancelled` (output null).
 */
export const senderFormMachine = setup({
  types: {
    context: {} as SenderFormContext,
    events: {} as SenderFormEvent,
    input: {} as SenderFormInput,
    output: {} as Sender | null,
  },
  actors: { saveSender },
  guards: {
    isSaved: (_, outcome: SaveSenderOutcome) => outcome.kind === 'saved',
  },
  actions: {
    change: assign(({ context }, change: Omit<Change, 'type'>) => ({
      values: { ...context.values, [change.field]: change.value },
      fieldErrors: { ...context.fieldErrors, [change.field]: undefined },
    })),
    assignOutcome: assign((_, outcome: SaveSenderOutcome) =>
      outcome.kind === 'saved' ? { saved: outcome.sender, fieldErrors: {} } : { fieldErrors: outcome.errors },
    ),
    clearError: assign({ error: null }),
    failSave: assign({ error: 'saveFailed' as const }),
  },
}).createMachine({
  id: 'senderForm',
  context: ({ input }) => ({
    senderId: input.sender?.id ?? null,
    relayConfigured: input.sender?.relayConfigured ?? false,
    values: formValuesOf(input.sender),
    fieldErrors: {},
    error: null,
    saved: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      tags: ['editable'],
      on: {
        'form.change': { actions: { type: 'change', params: ({ event }) => event } },
        'form.submit': { target: 'submitting', actions: 'clearError' },
        'form.cancel': { target: 'cancelled' },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'saveSender',
        src: 'saveSender',
        input: ({ context }) => ({ senderId: context.senderId, values: context.values }),
        onDone: [
          {
            guard: { type: 'isSaved', params: ({ event }) => event.output },
            target: 'saved',
            actions: { type: 'assignOutcome', params: ({ event }) => event.output },
          },
          { target: 'editing', actions: { type: 'assignOutcome', params: ({ event }) => event.output } },
        ],
        onError: { target: 'editing', actions: 'failSave' },
      },
    },
    saved: { type: 'final' },
    cancelled: { type: 'final' },
  },
  output: ({ context }) => context.saved,
});
