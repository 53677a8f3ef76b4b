import { assign, setup } from 'xstate';
import { loadEditor, saveTemplate } from './templateEditor.actors.ts';
import type {
  EditorData,
  SaveOutcome,
  TemplateDraft,
  TemplateEditorContext,
  TemplateEditorError,
  TemplateEditorEvent,
  TemplateEditorInput,
} from './templateEditor.types.ts';

export type * from './templateEditor.types.ts';

/**
 * The template editor. `loading` reads the template and the merge tags (→ `loadFailed`, retry). `editing` is
 * `pristine` or `dirty` (a design or subject change); `editor.save` carries the editor's project data and source to
 * `saving` → back to `editing.pristine` (saved), or `editing.dirty` with the server's problems per field (422) or
 * `saveFailed`. `sourceView` edits the MJML by hand: applying it makes the visual editor reload that source.
 */
export const templateEditorMachine = setup({
  types: {
    context: {} as TemplateEditorContext,
    events: {} as TemplateEditorEvent,
    input: {} as TemplateEditorInput,
  },
  actors: { loadEditor, saveTemplate },
  guards: {
    isSaved: (_, outcome: SaveOutcome) => outcome.kind === 'saved',
  },
  actions: {
    assignLoaded: assign(({ context }, data: EditorData) => ({
      template: data.template,
      mergeTags: data.mergeTags,
      loaded: {
        design: data.template.design,
        source: data.template.source,
        revision: context.loaded.revision + 1,
      },
      subject: data.template.subject ?? '',
      error: null,
    })),
    assignDraft: assign(({ context }, draft: { design: TemplateDraft['design']; source: string }) => ({
      // What is being saved becomes what a reload would show; the visual editor keeps its own state (same revision).
      loaded: { ...context.loaded, design: draft.design, source: draft.source },
    })),
    assignOutcome: assign((_, outcome: SaveOutcome) =>
      outcome.kind === 'saved'
        ? { template: outcome.template, problems: {}, error: null }
        : { problems: outcome.problems, error: null },
    ),
    assignSubject: assign((_, subject: string) => ({ subject })),
    assignSourceDraft: assign((_, sourceDraft: string) => ({ sourceDraft })),
    applySource: assign(({ context }) => ({
      loaded: { design: null, source: context.sourceDraft, revision: context.loaded.revision + 1 },
    })),
    failWith: assign((_, error: TemplateEditorError) => ({ error })),
  },
}).createMachine({
  id: 'templateEditor',
  context: ({ input }) => ({
    channel: input.channel,
    templateId: input.templateId,
    template: null,
    mergeTags: [],
    loaded: { design: null, source: '', revision: 0 },
    subject: '',
    sourceDraft: '',
    problems: {},
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadEditor',
        src: 'loadEditor',
        input: ({ context }) => ({ channel: context.channel, templateId: context.templateId }),
        onDone: { target: 'editing', actions: { type: 'assignLoaded', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: { type: 'failWith', params: 'loadFailed' } },
      },
    },
    loadFailed: { tags: ['error'], on: { 'editor.retry': 'loading' } },
    editing: {
      tags: ['editable'],
      initial: 'pristine',
      on: {
        'design.changed': '.dirty',
        'subject.changed': {
          target: '.dirty',
          actions: { type: 'assignSubject', params: ({ event }) => event.subject },
        },
        'source.open': {
          target: 'sourceView',
          actions: { type: 'assignSourceDraft', params: ({ event }) => event.source },
        },
        'editor.save': {
          target: 'saving',
          actions: { type: 'assignDraft', params: ({ event }) => ({ design: event.design, source: event.source }) },
        },
      },
      states: { pristine: {}, dirty: {} },
    },
    sourceView: {
      tags: ['editable'],
      on: {
        'source.edit': { actions: { type: 'assignSourceDraft', params: ({ event }) => event.source } },
        'source.apply': { target: 'editing.dirty', actions: 'applySource' },
        'source.cancel': 'editing.dirty',
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveTemplate',
        src: 'saveTemplate',
        input: ({ context }) => ({
          channel: context.channel,
          templateId: context.templateId,
          draft: { subject: context.subject, design: context.loaded.design, source: context.loaded.source },
        }),
        onDone: [
          {
            guard: { type: 'isSaved', params: ({ event }) => event.output },
            target: 'editing.pristine',
            actions: { type: 'assignOutcome', params: ({ event }) => event.output },
          },
          { target: 'editing.dirty', actions: { type: 'assignOutcome', params: ({ event }) => event.output } },
        ],
        onError: { target: 'editing.dirty', actions: { type: 'failWith', params: 'saveFailed' } },
      },
    },
  },
});
