import { assign, setup } from 'xstate';
import { loadSettings, saveSettings } from './unsubscribeSettings.actors.ts';
import type {
  FieldErrors,
  SaveOutcome,
  UnsubscribeSettings,
  UnsubscribeSettingsContext,
  UnsubscribeSettingsError,
  UnsubscribeSettingsEvent,
} from './unsubscribeSettings.types.ts';

export type * from './unsubscribeSettings.types.ts';

export function isDraftDirty(context: Pick<UnsubscribeSettingsContext, 'saved' | 'draft'>): boolean {
  const { saved, draft } = context;
  if (!saved || !draft) return false;
  return JSON.stringify(draft) !== JSON.stringify(saved);
}

const withoutField = (errors: FieldErrors, field: string): FieldErrors =>
  Object.fromEntries(Object.entries(errors).filter(([key]) => key !== field));

type EventOf<K extends UnsubscribeSettingsEvent['type']> = Extract<UnsubscribeSettingsEvent, { type: K }>;
type Edit<K extends UnsubscribeSettingsEvent['type']> = Omit<EventOf<K>, 'type'>;

const editing = '#unsubscribeSettings.editing';
const edits = {
  'text.change': {
    target: editing,
    actions: { type: 'changeText', params: ({ event }: { event: EventOf<'text.change'> }) => event },
  },
  'colour.change': {
    target: editing,
    actions: { type: 'changeColour', params: ({ event }: { event: EventOf<'colour.change'> }) => event },
  },
  'lists.toggle': {
    target: editing,
    actions: { type: 'toggleLists', params: ({ event }: { event: EventOf<'lists.toggle'> }) => event.enabled },
  },
} as const;
const selectLanguage = {
  actions: {
    type: 'selectLanguage',
    params: ({ event }: { event: EventOf<'language.select'> }) => event.language,
  },
} as const;

/**
 * Multichannel → Settings → Unsubscribe page. `loading` reads the settings (→ `loadFailed`, retry). `editing` holds a
 * draft, `pristine` or `dirty` against the saved copy; the language chosen picks which texts are edited and previewed
 * (a view choice, never a change). `saving` → `saved` (the draft replaced by the server's answer) or `rejected` (422:
 * the first message per field) or back to `editing` with `saveFailed`. Any edit from `saved` or `rejected` returns to
 * `editing`.
 */
export const unsubscribeSettingsMachine = setup({
  types: {
    context: {} as UnsubscribeSettingsContext,
    events: {} as UnsubscribeSettingsEvent,
  },
  actors: { loadSettings, saveSettings },
  guards: {
    isDirty: ({ context }) => isDraftDirty(context),
    isPristine: ({ context }) => !isDraftDirty(context),
    isSaved: (_, outcome: SaveOutcome) => outcome.kind === 'saved',
  },
  actions: {
    assignLoaded: assign((_, settings: UnsubscribeSettings) => ({
      saved: settings,
      draft: structuredClone(settings),
      fieldErrors: {},
      error: null,
    })),
    assignOutcome: assign((_, outcome: SaveOutcome) =>
      outcome.kind === 'saved'
        ? { saved: outcome.settings, draft: structuredClone(outcome.settings), fieldErrors: {}, error: null }
        : { fieldErrors: outcome.errors, error: null },
    ),
    changeText: assign(({ context }, edit: Edit<'text.change'>) => {
      if (!context.draft) return {};
      const texts = { ...context.draft.texts[edit.language], [edit.field]: edit.value };
      return {
        draft: { ...context.draft, texts: { ...context.draft.texts, [edit.language]: texts } },
        fieldErrors: withoutField(context.fieldErrors, `texts.${edit.language}.${edit.field}`),
      };
    }),
    changeColour: assign(({ context }, edit: Edit<'colour.change'>) => {
      if (!context.draft) return {};
      return {
        draft: { ...context.draft, colours: { ...context.draft.colours, [edit.field]: edit.value } },
        fieldErrors: withoutField(context.fieldErrors, `colours.${edit.field}`),
      };
    }),
    toggleLists: assign(({ context }, offerLists: boolean) =>
      context.draft ? { draft: { ...context.draft, offerLists } } : {},
    ),
    selectLanguage: assign((_, language: UnsubscribeSettingsContext['language']) => ({ language })),
    discard: assign(({ context }) => ({
      draft: context.saved ? structuredClone(context.saved) : null,
      fieldErrors: {},
      error: null,
    })),
    clearMessages: assign({ error: null }),
    failWith: assign((_, error: UnsubscribeSettingsError) => ({ error })),
  },
}).createMachine({
  id: 'unsubscribeSettings',
  context: { saved: null, draft: null, language: 'en', fieldErrors: {}, error: null },
  initial: 'loading',
  on: { 'language.select': selectLanguage },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadSettings',
        src: 'loadSettings',
        onDone: { target: 'editing', actions: { type: 'assignLoaded', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: { type: 'failWith', params: 'loadFailed' } },
      },
    },
    loadFailed: { tags: ['error'], on: { 'settings.retry': { target: 'loading', actions: 'clearMessages' } } },
    editing: {
      tags: ['editable'],
      initial: 'pristine',
      on: {
        'text.change': { actions: edits['text.change'].actions },
        'colour.change': { actions: edits['colour.change'].actions },
        'lists.toggle': { actions: edits['lists.toggle'].actions },
      },
      states: {
        pristine: { always: { guard: 'isDirty', target: 'dirty' } },
        dirty: {
          always: { guard: 'isPristine', target: 'pristine' },
          on: {
            'settings.save': { target: '#unsubscribeSettings.saving', actions: 'clearMessages' },
            'settings.discard': { target: 'pristine', actions: 'discard' },
          },
        },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveSettings',
        src: 'saveSettings',
        input: ({ context }) => context.draft!,
        onDone: [
          {
            guard: { type: 'isSaved', params: ({ event }) => event.output },
            target: 'saved',
            actions: { type: 'assignOutcome', params: ({ event }) => event.output },
          },
          { target: 'rejected', actions: { type: 'assignOutcome', params: ({ event }) => event.output } },
        ],
        onError: { target: 'editing', actions: { type: 'failWith', params: 'saveFailed' } },
      },
    },
    saved: { tags: ['editable'], on: edits },
    rejected: {
      tags: ['editable', 'error'],
      on: { ...edits, 'settings.discard': { target: 'editing', actions: 'discard' } },
    },
  },
});
