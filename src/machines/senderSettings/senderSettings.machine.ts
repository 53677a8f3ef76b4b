import { assign, setup } from 'xstate';
import { checkDomain, deleteSender, loadSenderSettings, resendVerification } from './senderSettings.actors.ts';
import { senderFormMachine } from './senderForm.machine.ts';
import type {
  DeleteOutcome,
  ResendOutcome,
  Sender,
  SenderNotice,
  SenderSettingsContext,
  SenderSettingsData,
  SenderSettingsError,
  SenderSettingsEvent,
  SendingDomain,
} from './senderSettings.types.ts';

export type * from './senderSettings.types.ts';

type EventOf<K extends SenderSettingsEvent['type']> = Extract<SenderSettingsEvent, { type: K }>;

/**
 * Multichannel → Settings → Senders. `loading` reads senders and domains (→ `loadFailed`, retry). In `ready` the user
 * adds or edits a sender (`form` invokes the sender form; a save reloads, since a new address can bring a domain),
 * asks to delete one (`confirmingDelete` → `deleting`: deleted reloads, a 409 says an unfinished campaign uses it),
 * resends a verification link (`resending`: a 429 says wait a minute) or checks a domain's DNS (`checkingDns`).
 * Failed actions return to `ready` with an error code; `notice` says what an action did.
 */
export const senderSettingsMachine = setup({
  types: {
    context: {} as SenderSettingsContext,
    events: {} as SenderSettingsEvent,
  },
  actors: { loadSenderSettings, deleteSender, resendVerification, checkDomain, senderForm: senderFormMachine },
  guards: {
    isDeleted: (_, outcome: DeleteOutcome) => outcome.kind === 'deleted',
    isSent: (_, outcome: ResendOutcome) => outcome.kind === 'sent',
    hasSaved: (_, sender: Sender | null) => sender !== null,
  },
  actions: {
    assignData: assign((_, data: SenderSettingsData) => ({ senders: data.senders, domains: data.domains })),
    target: assign((_, targetId: number | null) => ({ targetId, notice: null, error: null })),
    checking: assign((_, checkingDomainId: number) => ({ checkingDomainId, notice: null, error: null })),
    replaceSender: assign(({ context }, sender: Sender) => ({
      senders: context.senders.map((s) => (s.id === sender.id ? sender : s)),
    })),
    replaceDomain: assign(({ context }, domain: SendingDomain) => ({
      domains: context.domains.map((d) => (d.id === domain.id ? domain : d)),
      checkingDomainId: null,
    })),
    notify: assign((_, notice: SenderNotice) => ({ notice, targetId: null })),
    fail: assign((_, error: SenderSettingsError) => ({ error, targetId: null, checkingDomainId: null })),
    clear: assign({ notice: null, error: null }),
  },
}).createMachine({
  id: 'senderSettings',
  context: { senders: [], domains: [], targetId: null, checkingDomainId: null, notice: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadSenderSettings',
        src: 'loadSenderSettings',
        onDone: { target: 'ready', actions: { type: 'assignData', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: { type: 'fail', params: 'loadFailed' } },
      },
    },
    loadFailed: { tags: ['error'], on: { 'settings.retry': { target: 'loading', actions: 'clear' } } },
    ready: {
      on: {
        'sender.add': { target: 'form', actions: { type: 'target', params: null } },
        'sender.edit': {
          target: 'form',
          actions: { type: 'target', params: ({ event }: { event: EventOf<'sender.edit'> }) => event.senderId },
        },
        'sender.delete': {
          target: 'confirmingDelete',
          actions: { type: 'target', params: ({ event }: { event: EventOf<'sender.delete'> }) => event.senderId },
        },
        'sender.resend': {
          target: 'resending',
          actions: { type: 'target', params: ({ event }: { event: EventOf<'sender.resend'> }) => event.senderId },
        },
        'domain.check': {
          target: 'checkingDns',
          actions: { type: 'checking', params: ({ event }: { event: EventOf<'domain.check'> }) => event.domainId },
        },
        'notice.dismiss': { actions: 'clear' },
      },
    },
    form: {
      invoke: {
        id: 'senderForm',
        src: 'senderForm',
        input: ({ context }) => ({ sender: context.senders.find((s) => s.id === context.targetId) ?? null }),
        onDone: [
          {
            guard: { type: 'hasSaved', params: ({ event }) => event.output },
            target: 'refreshing',
            actions: { type: 'notify', params: 'saved' },
          },
          { target: 'ready', actions: { type: 'target', params: null } },
        ],
      },
    },
    confirmingDelete: {
      on: {
        'delete.confirm': { target: 'deleting' },
        'delete.cancel': { target: 'ready', actions: { type: 'target', params: null } },
      },
    },
    deleting: {
      tags: ['busy'],
      invoke: {
        id: 'deleteSender',
        src: 'deleteSender',
        input: ({ context }) => ({ senderId: context.targetId! }),
        onDone: [
          {
            guard: { type: 'isDeleted', params: ({ event }) => event.output },
            target: 'refreshing',
            actions: { type: 'notify', params: 'deleted' },
          },
          { target: 'ready', actions: { type: 'notify', params: 'inUse' } },
        ],
        onError: { target: 'ready', actions: { type: 'fail', params: 'deleteFailed' } },
      },
    },
    resending: {
      tags: ['busy'],
      invoke: {
        id: 'resendVerification',
        src: 'resendVerification',
        input: ({ context }) => ({ senderId: context.targetId! }),
        onDone: [
          {
            guard: { type: 'isSent', params: ({ event }) => event.output },
            target: 'ready',
            actions: [
              { type: 'replaceSender', params: ({ event }) => (event.output as { sender: Sender }).sender },
              { type: 'notify', params: 'resent' },
            ],
          },
          { target: 'ready', actions: { type: 'notify', params: 'resendTooSoon' } },
        ],
        onError: { target: 'ready', actions: { type: 'fail', params: 'resendFailed' } },
      },
    },
    checkingDns: {
      tags: ['busy'],
      invoke: {
        id: 'checkDomain',
        src: 'checkDomain',
        input: ({ context }) => ({ domainId: context.checkingDomainId! }),
        onDone: { target: 'ready', actions: { type: 'replaceDomain', params: ({ event }) => event.output } },
        onError: { target: 'ready', actions: { type: 'fail', params: 'checkFailed' } },
      },
    },
    refreshing: {
      tags: ['busy'],
      invoke: {
        id: 'loadSenderSettings',
        src: 'loadSenderSettings',
        onDone: { target: 'ready', actions: { type: 'assignData', params: ({ event }) => event.output } },
        onError: { target: 'ready', actions: { type: 'fail', params: 'loadFailed' } },
      },
    },
  },
});
