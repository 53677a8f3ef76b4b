// Types of the generic settings form, shared by its factory, its selectors and the forms built on it.
import type { EventObject, PromiseActorLogic } from 'xstate';

/** A 422's field errors: the first message of each field (`texts.it.title`, `digest.pattern`), as the server sent. */
export type FieldErrors = Record<string, string>;

/** What saving answers: the settings as stored, or the 422's field errors (an expected outcome, not a failure). */
export type SaveOutcome<Saved> = { kind: 'saved'; settings: Saved } | { kind: 'rejected'; errors: FieldErrors };

export type SettingsFormError = 'loadFailed' | 'saveFailed';

/** What every settings form keeps: the stored settings, the draft being edited, and the answers to show. */
export interface SettingsFormContext<Saved, Draft> {
  saved: Saved | null;
  draft: Draft | null;
  fieldErrors: FieldErrors;
  error: SettingsFormError | null;
}

/** The events every settings form takes besides its own edits. */
export type SettingsFormCommand = { type: 'settings.retry' } | { type: 'settings.save' } | { type: 'settings.discard' };

/** A change an edit makes to the context: the draft, field errors, or the form's own extra context. */
export type ContextChange<Context> = Partial<Context>;

/**
 * One form: its load and save actors (typed by the stored settings and the draft sent to save), how a draft is made
 * from stored settings, its edits (each a pure change of the context), and what it keeps beside the draft.
 */
export interface SettingsFormOptions<
  Saved,
  Draft,
  Edit extends EventObject,
  View extends EventObject,
  Extra extends object,
  Input,
> {
  /** The machine's id (the `#id` of its states). */
  id: string;
  load: PromiseActorLogic<Saved>;
  save: PromiseActorLogic<SaveOutcome<Saved>, Draft>;
  /** The context the form keeps beside its draft (a time zone, the language previewed), from the actor's input. */
  extra(input: Input): Extra;
  /** The draft of stored settings: what the draft is compared with, and what a save or discard puts back. */
  draftOf(saved: Saved): Draft;
  /** The draft right after loading (by default draftOf): a form may start from a changed one (another time zone). */
  loadedDraft?(saved: Saved, context: Extra): Draft;
  /** What else changes when the draft is replaced from outside the editors (load, discard). */
  replaced?(context: Extra): Partial<Extra>;
  /** The form's edits, by event type: each answers the context's change (never touching `saved`). */
  edits: {
    [K in Edit['type']]: (
      context: SettingsFormContext<Saved, Draft> & Extra,
      event: Extract<Edit, { type: K }>,
    ) => ContextChange<SettingsFormContext<Saved, Draft> & Extra>;
  };
  /** View choices, taken in any state, that change no setting (the language previewed). */
  views?: {
    [K in View['type']]: (
      context: SettingsFormContext<Saved, Draft> & Extra,
      event: Extract<View, { type: K }>,
    ) => Partial<Extra>;
  };
  /** Whether the draft may be saved now beyond being dirty (no editor reports an error). */
  canSave?(context: SettingsFormContext<Saved, Draft> & Extra): boolean;
}
