import { assign, setup } from 'xstate';
import { createApiKey, loadApiKeys, revokeApiKey } from './apiKeys.actors.ts';
import type {
  ApiKey,
  ApiKeyFieldErrors,
  ApiKeyFormValues,
  ApiKeysContext,
  ApiKeysError,
  ApiKeysEvent,
  CreateOutcome,
  CreatedApiKey,
} from './apiKeys.types.ts';

export type * from './apiKeys.types.ts';

type EventOf<K extends ApiKeysEvent['type']> = Extract<ApiKeysEvent, { type: K }>;

export const EMPTY_API_KEY_FORM: ApiKeyFormValues = { name: '', access: 'read', areas: [], expiresAt: '' };

/**
 * Integrations → Api Keys. `loading` reads the keys (→ `loadFailed`, retry). From `ready` the user opens the create
 * form (`form.editing` → `form.saving`: a 422 returns with field errors, a failure with an error), and a created key
 * goes to `showingSecret`, the only time its secret is on screen; leaving it reloads the list. Revoking asks first
 * (`confirmingRevoke` → `revoking` → reload, or back with an error).
 */
export const apiKeysMachine = setup({
  types: { context: {} as ApiKeysContext, events: {} as ApiKeysEvent },
  actors: { loadApiKeys, createApiKey, revokeApiKey },
  guards: {
    isCreated: (_, outcome: CreateOutcome) => outcome.kind === 'created',
  },
  actions: {
    assignKeys: assign((_, keys: ApiKey[]) => ({ keys })),
    openForm: assign({ values: EMPTY_API_KEY_FORM, fieldErrors: {}, error: null, notice: null }),
    change: assign(({ context }, event: EventOf<'form.change'>) => ({
      values: { ...context.values, [event.field]: event.value },
      fieldErrors: { ...context.fieldErrors, [event.field]: undefined },
    })),
    reject: assign((_, errors: ApiKeyFieldErrors) => ({ fieldErrors: errors })),
    showSecret: assign((_, created: CreatedApiKey) => ({ created })),
    forgetSecret: assign({ created: null }),
    target: assign((_, targetId: number | null) => ({ targetId, notice: null, error: null })),
    revoked: assign({ targetId: null, notice: 'revoked' as const }),
    fail: assign((_, error: ApiKeysError) => ({ error, targetId: null })),
    clear: assign({ notice: null, error: null }),
  },
}).createMachine({
  id: 'apiKeys',
  context: {
    keys: [],
    values: EMPTY_API_KEY_FORM,
    fieldErrors: {},
    created: null,
    targetId: null,
    notice: null,
    error: null,
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadApiKeys',
        src: 'loadApiKeys',
        onDone: { target: 'ready', actions: { type: 'assignKeys', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: { type: 'fail', params: 'loadFailed' } },
      },
    },
    loadFailed: { tags: ['error'], on: { 'keys.retry': { target: 'loading', actions: 'clear' } } },
    ready: {
      on: {
        'key.add': { target: 'form', actions: 'openForm' },
        'key.revoke': {
          target: 'confirmingRevoke',
          actions: { type: 'target', params: ({ event }: { event: EventOf<'key.revoke'> }) => event.keyId },
        },
        'notice.dismiss': { actions: 'clear' },
      },
    },
    form: {
      initial: 'editing',
      on: { 'form.cancel': { target: 'ready' } },
      states: {
        editing: {
          on: {
            'form.change': { actions: { type: 'change', params: ({ event }) => event } },
            'form.submit': { target: 'saving', actions: 'clear' },
          },
        },
        saving: {
          tags: ['busy'],
          invoke: {
            id: 'createApiKey',
            src: 'createApiKey',
            input: ({ context }) => context.values,
            onDone: [
              {
                guard: { type: 'isCreated', params: ({ event }) => event.output },
                target: '#apiKeys.showingSecret',
                actions: {
                  type: 'showSecret',
                  params: ({ event }) => (event.output as { key: CreatedApiKey }).key,
                },
              },
              {
                target: 'editing',
                actions: {
                  type: 'reject',
                  params: ({ event }) => (event.output as { errors: ApiKeyFieldErrors }).errors,
                },
              },
            ],
            onError: { target: 'editing', actions: { type: 'fail', params: 'createFailed' } },
          },
        },
      },
    },
    showingSecret: {
      on: { 'secret.done': { target: 'refreshing', actions: 'forgetSecret' } },
    },
    confirmingRevoke: {
      on: {
        'revoke.confirm': 'revoking',
        'revoke.cancel': { target: 'ready', actions: { type: 'target', params: null } },
      },
    },
    revoking: {
      tags: ['busy'],
      invoke: {
        id: 'revokeApiKey',
        src: 'revokeApiKey',
        input: ({ context }) => ({ keyId: context.targetId! }),
        onDone: { target: 'refreshing', actions: 'revoked' },
        onError: { target: 'ready', actions: { type: 'fail', params: 'revokeFailed' } },
      },
    },
    refreshing: {
      tags: ['busy'],
      invoke: {
        id: 'loadApiKeys',
        src: 'loadApiKeys',
        onDone: { target: 'ready', actions: { type: 'assignKeys', params: ({ event }) => event.output } },
        onError: { target: 'ready', actions: { type: 'fail', params: 'loadFailed' } },
      },
    },
  },
});
