import { assign, setup } from 'xstate';
import type { PreviewDevice } from '../../../shared/templates.ts';
import { renderPreview, searchContacts } from './messagePreview.actors.ts';
import type {
  ContactOption,
  MessagePreviewContext,
  MessagePreviewEvent,
  PreviewTarget,
  RenderedPreview,
} from './messagePreview.types.ts';

export type * from './messagePreview.types.ts';

/**
 * A template or message rendered as a chosen contact would see it (sample values until one is chosen), at desktop or
 * mobile width. Two regions: `render` (`loading` → `ready`, or `failed` with retry; choosing a contact or refreshing
 * renders again) and `contacts` (the picker's search: `idle` ⇄ `searching`; a failed search offers nothing).
 */
export const messagePreviewMachine = setup({
  types: {
    context: {} as MessagePreviewContext,
    events: {} as MessagePreviewEvent,
    input: {} as { target: PreviewTarget },
  },
  actors: { renderPreview, searchContacts },
  actions: {
    assignRendered: assign((_, rendered: RenderedPreview) => ({ rendered, error: null })),
    assignContact: assign((_, contactId: number | null) => ({ contactId })),
    assignDevice: assign((_, device: PreviewDevice) => ({ device })),
    assignQuery: assign((_, contactQuery: string) => ({ contactQuery: contactQuery.trim() })),
    assignContacts: assign((_, contacts: ContactOption[]) => ({ contacts })),
    failRender: assign({ error: 'loadFailed' as const }),
  },
}).createMachine({
  id: 'messagePreview',
  type: 'parallel',
  context: ({ input }) => ({
    target: input.target,
    contactId: null,
    device: 'desktop',
    rendered: null,
    contactQuery: '',
    contacts: [],
    error: null,
  }),
  on: {
    'preview.device': { actions: { type: 'assignDevice', params: ({ event }) => event.device } },
  },
  states: {
    render: {
      initial: 'loading',
      on: {
        'preview.contact': {
          target: '.loading',
          actions: { type: 'assignContact', params: ({ event }) => event.contactId },
        },
        'preview.refresh': '.loading',
      },
      states: {
        loading: {
          tags: ['busy'],
          invoke: {
            id: 'renderPreview',
            src: 'renderPreview',
            input: ({ context }) => ({ target: context.target, contactId: context.contactId }),
            onDone: { target: 'ready', actions: { type: 'assignRendered', params: ({ event }) => event.output } },
            onError: { target: 'failed', actions: 'failRender' },
          },
        },
        ready: {},
        failed: { tags: ['error'], on: { 'preview.retry': 'loading' } },
      },
    },
    contacts: {
      initial: 'searching',
      on: {
        'contacts.search': {
          target: '.searching',
          actions: { type: 'assignQuery', params: ({ event }) => event.q },
        },
      },
      states: {
        idle: {},
        searching: {
          invoke: {
            id: 'searchContacts',
            src: 'searchContacts',
            input: ({ context }) => context.contactQuery,
            onDone: { target: 'idle', actions: { type: 'assignContacts', params: ({ event }) => event.output } },
            onError: { target: 'idle', actions: { type: 'assignContacts', params: [] } },
          },
        },
      },
    },
  },
});
