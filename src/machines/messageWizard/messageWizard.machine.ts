import { assign, raise, setup } from 'xstate';
import { TEST_SEND_MAX_ADDRESSES } from '../../../shared/messaging.ts';
import {
  countAudience,
  deleteMessage,
  loadChecklist,
  loadMessage,
  saveMessage,
  sendMessage,
  sendTest,
} from './messageWizard.actors.ts';
import { audienceOf, draftOf, hasAudience, isAudiencePatch, isTestAddress } from './messageWizard.draft.ts';
import type {
  ChecklistItem,
  LoadedMessage,
  MessageInput,
  MessageWizardContext,
  MessageWizardEvent,
  MessageWizardInput,
  SaveOutcome,
  SendOutcome,
  TestSendOutcome,
  WizardError,
} from './messageWizard.types.ts';

export type * from './messageWizard.types.ts';

const AUTOSAVE_DEBOUNCE_MS = 800;
const COUNT_DEBOUNCE_MS = 400;
type ErrorSlot = keyof MessageWizardContext['errors'];

/**
 * The message wizard. `loading` reads the message and the pick lists (`loadFailed` offers a retry); a message that is
 * no longer a draft is `locked`. `ready` runs three regions side by side: `autosave` (every change waits in
 * `debouncing`, then `saving` sends the changed fields only; a refusal is `invalid`, a failure `failed` with a retry),
 * `count` (the draft's recipients are counted on opening; a change of lists or segments restarts `debouncing` →
 * `counting` the deduplicated recipients), and `task`
 * (one action at a time: `checking` the pre-send checklist, read again after every save, `testing` a test send, `sending`, `confirmingDelete` →
 * `deleting`). Sending needs every change saved and a checklist without blocking failures; it ends in `sent`, a
 * deletion in `deleted`. The steps are the screen's routes: going back and forth keeps this one machine's context.
 */
export const messageWizardMachine = setup({
  types: {
    context: {} as MessageWizardContext,
    events: {} as MessageWizardEvent | { type: 'message.saved' },
    input: {} as MessageWizardInput,
    output: {} as { outcome: 'sent' | 'scheduled' | 'deleted' },
  },
  actors: { loadMessage, saveMessage, countAudience, loadChecklist, sendTest, sendMessage, deleteMessage },
  delays: { AUTOSAVE_DEBOUNCE: AUTOSAVE_DEBOUNCE_MS, COUNT_DEBOUNCE: COUNT_DEBOUNCE_MS },
  guards: {
    isDraft: (_, loaded: LoadedMessage) => loaded.message.status === 'draft',
    isAudienceChange: (_, patch: MessageInput) => isAudiencePatch(patch),
    hasAudience: ({ context }) => hasAudience(context.draft),
    hasPending: ({ context }) => Object.keys(context.pending).length > 0,
    hasChecklist: ({ context }) => context.checklist !== null,
    isChecklistStale: ({ context }) => context.checklistStale,
    isLocked: (_, outcome: SaveOutcome) => outcome.kind === 'locked',
    isRejected: (_, outcome: SaveOutcome) => outcome.kind === 'rejected',
    isTestSent: (_, outcome: TestSendOutcome) => outcome.kind === 'sent',
    isSendRefused: (_, outcome: SendOutcome) => outcome.kind === 'refused',
    areTestAddressesValid: (_, addresses: string[]) =>
      addresses.length > 0 && addresses.length <= TEST_SEND_MAX_ADDRESSES && addresses.every(isTestAddress),
    /** Everything saved, the checklist read since, and nothing blocking in it. */
    canSend: ({ context }) =>
      Object.keys(context.pending).length === 0 &&
      context.inFlight === null &&
      context.checklist !== null &&
      context.checklist.every((item) => item.ok || !item.blocking),
  },
  actions: {
    assignLoaded: assign((_, loaded: LoadedMessage) => ({
      message: loaded.message,
      draft: draftOf(loaded.message),
      options: loaded.options,
      errors: {},
    })),
    edit: assign(({ context }, patch: MessageInput) => {
      const issues = { ...context.issues };
      for (const field of Object.keys(patch)) delete issues[field];
      return { draft: { ...context.draft, ...patch }, pending: { ...context.pending, ...patch }, issues };
    }),
    takePending: assign(({ context }) => ({ inFlight: context.pending, pending: {} })),
    /** A save that did not go through: its fields wait again, under any change made meanwhile. */
    restorePending: assign(({ context }) => ({ pending: { ...context.inFlight, ...context.pending }, inFlight: null })),
    assignSaved: assign(({ context }, outcome: SaveOutcome) => ({
      message: outcome.kind === 'saved' ? outcome.message : context.message,
      inFlight: null,
      errors: { ...context.errors, save: undefined },
    })),
    assignIssues: assign((_, outcome: SaveOutcome) => ({ issues: outcome.kind === 'rejected' ? outcome.issues : {} })),
    assignCount: assign((_, count: number | null) => ({ count })),
    assignChecklist: assign((_, checklist: ChecklistItem[]) => ({ checklist })),
    markChecklistStale: assign({ checklistStale: true }),
    startChecklist: assign({ checklistStale: false }),
    assignTestSent: assign((_, outcome: TestSendOutcome) => ({
      testSentTo: outcome.kind === 'sent' ? outcome.addresses : [],
    })),
    assignTestAddresses: assign((_, addresses: string[]) => ({ testAddresses: addresses, testSentTo: [] })),
    fail: assign(({ context }, failure: { slot: ErrorSlot; error: WizardError }) => ({
      errors: { ...context.errors, [failure.slot]: failure.error },
    })),
    clear: assign(({ context }, slot: ErrorSlot) => ({ errors: { ...context.errors, [slot]: undefined } })),
    assignOutcome: assign((_, outcome: MessageWizardContext['outcome']) => ({ outcome })),
  },
}).createMachine({
  id: 'messageWizard',
  context: ({ input }) => ({
    channel: input.channel,
    id: input.id,
    message: null,
    draft: {},
    pending: {},
    inFlight: null,
    options: null,
    count: null,
    checklist: null,
    checklistStale: false,
    issues: {},
    testAddresses: [],
    testSentTo: [],
    errors: {},
    outcome: null,
  }),
  output: ({ context }) => ({ outcome: context.outcome ?? 'deleted' }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadMessage',
        src: 'loadMessage',
        input: ({ context }) => ({ channel: context.channel, id: context.id }),
        onDone: [
          {
            guard: { type: 'isDraft', params: ({ event }) => event.output },
            target: 'ready',
            actions: { type: 'assignLoaded', params: ({ event }) => event.output },
          },
          { target: 'locked', actions: { type: 'assignLoaded', params: ({ event }) => event.output } },
        ],
        onError: { target: 'loadFailed', actions: { type: 'fail', params: { slot: 'task', error: 'loadFailed' } } },
      },
    },
    loadFailed: {
      tags: ['error'],
      on: { 'wizard.retry': { target: 'loading', actions: { type: 'clear', params: 'task' } } },
    },
    locked: {},
    ready: {
      type: 'parallel',
      tags: ['editable'],
      states: {
        autosave: {
          initial: 'idle',
          on: {
            'field.change': { target: '.debouncing', actions: { type: 'edit', params: ({ event }) => event.patch } },
          },
          states: {
            idle: {},
            debouncing: { after: { AUTOSAVE_DEBOUNCE: 'saving' } },
            saving: {
              tags: ['saving'],
              entry: 'takePending',
              on: { 'field.change': { actions: { type: 'edit', params: ({ event }) => event.patch } } },
              invoke: {
                id: 'saveMessage',
                src: 'saveMessage',
                input: ({ context }) => ({ channel: context.channel, id: context.id, patch: context.inFlight ?? {} }),
                onDone: [
                  // No longer a draft (sent or scheduled elsewhere): read it again, to show it locked with its status.
                  {
                    guard: { type: 'isLocked', params: ({ event }) => event.output },
                    target: '#messageWizard.loading',
                  },
                  {
                    guard: { type: 'isRejected', params: ({ event }) => event.output },
                    target: 'invalid',
                    actions: ['restorePending', { type: 'assignIssues', params: ({ event }) => event.output }],
                  },
                  {
                    guard: 'hasPending',
                    target: 'debouncing',
                    actions: { type: 'assignSaved', params: ({ event }) => event.output },
                  },
                  {
                    target: 'idle',
                    actions: [
                      { type: 'assignSaved', params: ({ event }) => event.output },
                      raise({ type: 'message.saved' }),
                    ],
                  },
                ],
                onError: {
                  target: 'failed',
                  actions: ['restorePending', { type: 'fail', params: { slot: 'save', error: 'saveFailed' } }],
                },
              },
            },
            failed: { tags: ['error'], on: { 'autosave.retry': 'saving' } },
            invalid: { tags: ['error'] },
          },
        },
        count: {
          // The first count runs at once: there is no typing to wait for when the wizard opens.
          initial: 'starting',
          on: {
            'field.change': {
              guard: { type: 'isAudienceChange', params: ({ event }) => event.patch },
              // Not reentering the region itself (that would exit every region of `ready`): its child restarts.
              target: '.debouncing',
            },
          },
          states: {
            starting: {
              always: [
                { guard: 'hasAudience', target: 'counting' },
                { target: 'idle', actions: { type: 'assignCount', params: 0 } },
              ],
            },
            idle: {},
            debouncing: {
              after: {
                COUNT_DEBOUNCE: [
                  { guard: 'hasAudience', target: 'counting' },
                  { target: 'idle', actions: { type: 'assignCount', params: 0 } },
                ],
              },
            },
            counting: {
              tags: ['counting'],
              invoke: {
                id: 'countAudience',
                src: 'countAudience',
                input: ({ context }) => ({ channel: context.channel, audience: audienceOf(context.draft) }),
                onDone: {
                  target: 'idle',
                  actions: [
                    { type: 'assignCount', params: ({ event }) => event.output },
                    { type: 'clear', params: 'count' },
                  ],
                },
                onError: {
                  target: 'idle',
                  actions: [
                    { type: 'assignCount', params: null },
                    { type: 'fail', params: { slot: 'count', error: 'countFailed' } },
                  ],
                },
              },
            },
          },
        },
        task: {
          initial: 'idle',
          // A save that ends while a test send, a send or a deletion runs: the checklist waits for the task to be free.
          on: { 'message.saved': { guard: 'hasChecklist', actions: 'markChecklistStale' } },
          states: {
            idle: {
              always: { guard: 'isChecklistStale', target: 'checking' },
              on: {
                'checklist.refresh': 'checking',
                'message.saved': { guard: 'hasChecklist', target: 'checking' },
                'testSend.submit': [
                  {
                    guard: { type: 'areTestAddressesValid', params: ({ event }) => event.addresses },
                    target: 'testing',
                    actions: { type: 'assignTestAddresses', params: ({ event }) => event.addresses },
                  },
                  { actions: { type: 'fail', params: { slot: 'task', error: 'testAddressesInvalid' } } },
                ],
                'wizard.send': { guard: 'canSend', target: 'sending' },
                'wizard.delete': 'confirmingDelete',
              },
            },
            checking: {
              tags: ['busy'],
              entry: 'startChecklist',
              // The read under way may predate the save: read again.
              on: { 'message.saved': { target: 'checking', reenter: true } },
              invoke: {
                id: 'loadChecklist',
                src: 'loadChecklist',
                input: ({ context }) => ({ channel: context.channel, id: context.id }),
                onDone: {
                  target: 'idle',
                  actions: [
                    { type: 'assignChecklist', params: ({ event }) => event.output },
                    { type: 'clear', params: 'checklist' },
                  ],
                },
                onError: {
                  target: 'idle',
                  actions: { type: 'fail', params: { slot: 'checklist', error: 'checklistFailed' } },
                },
              },
            },
            testing: {
              tags: ['busy'],
              entry: { type: 'clear', params: 'task' },
              invoke: {
                id: 'sendTest',
                src: 'sendTest',
                input: ({ context }) => ({
                  channel: context.channel,
                  id: context.id,
                  addresses: context.testAddresses,
                }),
                onDone: [
                  {
                    guard: { type: 'isTestSent', params: ({ event }) => event.output },
                    target: 'idle',
                    actions: { type: 'assignTestSent', params: ({ event }) => event.output },
                  },
                  {
                    target: 'idle',
                    actions: { type: 'fail', params: { slot: 'task', error: 'testAddressesInvalid' } },
                  },
                ],
                onError: {
                  target: 'idle',
                  actions: { type: 'fail', params: { slot: 'task', error: 'testSendFailed' } },
                },
              },
            },
            sending: {
              tags: ['busy'],
              entry: { type: 'clear', params: 'task' },
              invoke: {
                id: 'sendMessage',
                src: 'sendMessage',
                input: ({ context }) => ({ channel: context.channel, id: context.id }),
                onDone: [
                  {
                    guard: { type: 'isSendRefused', params: ({ event }) => event.output },
                    target: 'idle',
                    actions: { type: 'fail', params: { slot: 'task', error: 'sendRefused' } },
                  },
                  {
                    target: '#messageWizard.sent',
                    actions: {
                      type: 'assignOutcome',
                      params: ({ event }) => (event.output.kind === 'scheduled' ? 'scheduled' : 'sent'),
                    },
                  },
                ],
                onError: { target: 'idle', actions: { type: 'fail', params: { slot: 'task', error: 'sendFailed' } } },
              },
            },
            confirmingDelete: { on: { 'delete.confirm': 'deleting', 'delete.cancel': 'idle' } },
            deleting: {
              tags: ['busy'],
              entry: { type: 'clear', params: 'task' },
              invoke: {
                id: 'deleteMessage',
                src: 'deleteMessage',
                input: ({ context }) => ({ channel: context.channel, id: context.id }),
                onDone: { target: '#messageWizard.deleted', actions: { type: 'assignOutcome', params: 'deleted' } },
                onError: { target: 'idle', actions: { type: 'fail', params: { slot: 'task', error: 'deleteFailed' } } },
              },
            },
          },
        },
      },
    },
    sent: { type: 'final' },
    deleted: { type: 'final' },
  },
});
