import {
  assign,
  setup,
  type EventObject,
  type MachineContext,
  type PromiseActorLogic,
  type ProvidedActor,
  type StateMachine,
} from 'xstate';
import type {
  FieldErrors,
  SaveOutcome,
  SettingsFormCommand,
  SettingsFormContext,
  SettingsFormError,
  SettingsFormOptions,
} from './settingsForm.types.ts';

export type * from './settingsForm.types.ts';

/** The field errors without one field's: an edit of a field clears what the server said about it. */
export const withoutField = (errors: FieldErrors, field: string): FieldErrors =>
  Object.fromEntries(Object.entries(errors).filter(([key]) => key !== field));

/**
 * A settings form (load, edit a draft, save, retry): one chart for every settings screen, typed by its stored
 * settings, its draft and its edits. `loading` reads the settings (→ `loadFailed`, retry). `editing` holds a draft,
 * `pristine` or `dirty` against the stored copy; the form's edits change it and its views (a language previewed)
 * change no setting. `settings.save` (when dirty and the form allows it) → `saving` → `saved` (the draft replaced by
 * the server's answer), `rejected` (422: the first message per field) or back to `editing` with `saveFailed`. Any edit
 * from `saved` or `rejected` returns to `editing`; `settings.discard` puts the stored copy back.
 */
/** The context and events the chart is built with; createSettingsFormMachine puts each form's own types back. */
type AnyContext = SettingsFormContext<unknown, unknown> & Record<string, unknown>;
type AnyChange = (context: AnyContext, event: EventObject) => Partial<AnyContext>;

/** The chart's machine with a form's own context, events, actors and input in place of the erased ones. */
type Retyped<M, Context extends MachineContext, Event extends EventObject, Actor extends ProvidedActor, Input> =
  M extends StateMachine<
    AnyContext,
    EventObject,
    infer Children,
    ProvidedActor,
    infer Action,
    infer Guard,
    infer Delay,
    infer Value,
    infer Tag,
    unknown,
    infer Output,
    infer Emitted,
    infer Meta,
    infer Schema
  >
    ? StateMachine<
        Context,
        Event,
        Children,
        Actor,
        Action,
        Guard,
        Delay,
        Value,
        Tag,
        Input,
        Output,
        Emitted,
        Meta,
        Schema
      >
    : never;

interface ChartOptions {
  id: string;
  load: PromiseActorLogic<unknown>;
  save: PromiseActorLogic<SaveOutcome<unknown>, unknown>;
  extra(input: unknown): object;
  draftOf(saved: unknown): unknown;
  loadedDraft(saved: unknown, context: AnyContext): unknown;
  replaced(context: AnyContext): object;
  edits: Record<string, AnyChange>;
  views: Record<string, AnyChange>;
  canSave(context: AnyContext): boolean;
}

/** The chart itself, built once per form from its options with erased types (XState cannot infer generic ones). */
function chart(options: ChartOptions) {
  const isDirty = (context: AnyContext) =>
    context.saved !== null &&
    context.draft !== null &&
    JSON.stringify(context.draft) !== JSON.stringify(options.draftOf(context.saved));
  const editing = `#${options.id}.editing`;
  const applyEdit = { type: 'applyEdit', params: ({ event }: { event: EventObject }) => event } as const;
  /** Each edit: inside `editing` it stays (pristine/dirty follow), from `saved` or `rejected` it returns there. */
  const editsIn = (target?: string) =>
    Object.fromEntries(
      Object.keys(options.edits).map((type) => [type, { ...(target ? { target } : {}), actions: applyEdit }]),
    );
  const views = Object.fromEntries(
    Object.keys(options.views).map((type) => [
      type,
      { actions: { type: 'applyView', params: ({ event }: { event: EventObject }) => event } as const },
    ]),
  );
  return setup({
    types: { context: {} as AnyContext, events: {} as EventObject, input: {} as unknown },
    actors: { loadSettings: options.load, saveSettings: options.save },
    guards: {
      isDirty: ({ context }) => isDirty(context),
      isPristine: ({ context }) => !isDirty(context),
      canSave: ({ context }) => options.canSave(context),
      isSaved: (_, outcome: SaveOutcome<unknown>) => outcome.kind === 'saved',
    },
    actions: {
      assignLoaded: assign(({ context }, settings: unknown) => ({
        saved: settings,
        draft: options.loadedDraft(settings, context),
        fieldErrors: {},
        error: null,
        ...options.replaced(context),
      })),
      assignOutcome: assign((_, outcome: SaveOutcome<unknown>) =>
        outcome.kind === 'saved'
          ? { saved: outcome.settings, draft: options.draftOf(outcome.settings), fieldErrors: {}, error: null }
          : { fieldErrors: outcome.errors, error: null },
      ),
      applyEdit: assign(({ context }, edit: EventObject) =>
        context.draft === null ? {} : options.edits[edit.type]!(context, edit),
      ),
      applyView: assign(({ context }, view: EventObject) => options.views[view.type]!(context, view)),
      discard: assign(({ context }) => ({
        draft: context.saved === null ? null : options.draftOf(context.saved),
        fieldErrors: {},
        error: null,
        ...options.replaced(context),
      })),
      clearMessages: assign({ error: null }),
      failWith: assign((_, error: SettingsFormError) => ({ error })),
    },
  }).createMachine({
    id: options.id,
    context: ({ input }) => ({ saved: null, draft: null, fieldErrors: {}, error: null, ...options.extra(input) }),
    initial: 'loading',
    on: views,
    states: {
      loading: {
        tags: ['busy'],
        invoke: {
          id: 'loadSettings',
          src: 'loadSettings',
          onDone: {
            target: 'editing',
            actions: { type: 'assignLoaded', params: ({ event }: { event: { output: unknown } }) => event.output },
          },
          onError: { target: 'loadFailed', actions: { type: 'failWith', params: 'loadFailed' } },
        },
      },
      loadFailed: { tags: ['error'], on: { 'settings.retry': { target: 'loading', actions: 'clearMessages' } } },
      editing: {
        tags: ['editable'],
        initial: 'pristine',
        on: editsIn(),
        states: {
          pristine: { always: { guard: 'isDirty', target: 'dirty' } },
          dirty: {
            always: { guard: 'isPristine', target: 'pristine' },
            on: {
              'settings.save': { guard: 'canSave', target: `#${options.id}.saving`, actions: 'clearMessages' },
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
          input: ({ context }: { context: AnyContext }) => context.draft,
          onDone: [
            {
              guard: { type: 'isSaved', params: ({ event }) => event.output as SaveOutcome<unknown> },
              target: 'saved',
              actions: { type: 'assignOutcome', params: ({ event }) => event.output as SaveOutcome<unknown> },
            },
            {
              target: 'rejected',
              actions: { type: 'assignOutcome', params: ({ event }) => event.output as SaveOutcome<unknown> },
            },
          ],
          onError: { target: 'editing', actions: { type: 'failWith', params: 'saveFailed' } },
        },
      },
      saved: { tags: ['editable'], on: editsIn(editing) },
      rejected: {
        tags: ['editable', 'error'],
        on: { ...editsIn(editing), 'settings.discard': { target: 'editing', actions: 'discard' } },
      },
    },
  });
}

/** The actors a settings form provides, as `machine.provide({ actors })` and the graph fixtures name them. */
type FormActors<Saved, Draft> =
  | { src: 'loadSettings'; logic: PromiseActorLogic<Saved>; id: string | undefined }
  | { src: 'saveSettings'; logic: PromiseActorLogic<SaveOutcome<Saved>, Draft>; id: string | undefined };

/**
 * Builds a form's machine on the one chart, typed by its stored settings, draft, edits, views, extra context and
 * input: its context is `SettingsFormContext<Saved, Draft> & Extra`, its events the commands, edits and views.
 */
export function createSettingsFormMachine<
  Saved,
  Draft,
  Edit extends EventObject,
  View extends EventObject = never,
  Extra extends object = object,
  Input = undefined,
>(options: SettingsFormOptions<Saved, Draft, Edit, View, Extra, Input>) {
  const erased = (fn: unknown) => fn as AnyChange;
  const machine = chart({
    id: options.id,
    load: options.load as PromiseActorLogic<unknown>,
    save: options.save as unknown as PromiseActorLogic<SaveOutcome<unknown>, unknown>,
    extra: (input) => options.extra(input as Input),
    draftOf: (saved) => options.draftOf(saved as Saved),
    loadedDraft: (saved, context) =>
      options.loadedDraft
        ? options.loadedDraft(saved as Saved, context as unknown as Extra)
        : options.draftOf(saved as Saved),
    replaced: (context) => options.replaced?.(context as unknown as Extra) ?? {},
    edits: Object.fromEntries(Object.entries(options.edits).map(([type, fn]) => [type, erased(fn)])),
    views: Object.fromEntries(Object.entries(options.views ?? {}).map(([type, fn]) => [type, erased(fn)])),
    canSave: (context) => options.canSave?.(context as unknown as SettingsFormContext<Saved, Draft> & Extra) ?? true,
  });
  return machine as unknown as Retyped<
    typeof machine,
    SettingsFormContext<Saved, Draft> & Extra,
    SettingsFormCommand | Edit | View,
    FormActors<Saved, Draft>,
    Input
  >;
}
