import { assign, setup } from 'xstate';
import { FIELDS, PERIOD_FIELDS, PERIODS, type Period, type ScheduleError } from '../../../shared/cron';
import { loadSettings, saveSettings } from './notificationSettings.actors.ts';
import type {
  NotificationSettings,
  NotificationSettingsInput,
  Channel,
  Category,
  FieldErrors,
  SaveOutcome,
  NotificationSettingsError,
  NotificationSettingsInputs,
  NotificationSettingsContext,
  NotificationSettingsEvent,
} from './notificationSettings.types.ts';

export type * from './notificationSettings.types.ts';

export const CHANNELS: readonly Channel[] = ['inApp', 'email'];
export const CATEGORIES: readonly Category[] = ['imports', 'sends', 'failures'];

/** The smallest period whose hidden fields are all `*`: the editor period that shows this pattern whole. */
export function periodOf(pattern: string): Period {
  const texts = pattern.trim().split(/\s+/);
  const fits = (period: Period) =>
    FIELDS.every((field, i) => PERIOD_FIELDS[period].includes(field) || texts[i] === '*');
  return PERIODS.find(fits) ?? 'year';
}

function draftOf(settings: NotificationSettings, timeZone: string): NotificationSettingsInput {
  const { enabled, pattern, period } = settings.digest;
  return { inApp: { ...settings.inApp }, email: { ...settings.email }, digest: { enabled, pattern, period, timeZone } };
}

export function isDraftDirty(context: Pick<NotificationSettingsContext, 'saved' | 'draft'>): boolean {
  const { saved, draft } = context;
  if (!saved || !draft) return false;
  return JSON.stringify(draft) !== JSON.stringify(draftOf(saved, saved.digest.timeZone));
}

const withoutField = (errors: FieldErrors, field: string): FieldErrors =>
  Object.fromEntries(Object.entries(errors).filter(([key]) => key !== field));

type EventOf<K extends NotificationSettingsEvent['type']> = Extract<NotificationSettingsEvent, { type: K }>;
type CategoryToggle = Omit<EventOf<'category.toggle'>, 'type'>;

const editing = '#notificationSettings.editing';
const edits = {
  'category.toggle': {
    target: editing,
    actions: { type: 'toggleCategory', params: ({ event }: { event: EventOf<'category.toggle'> }) => event },
  },
  'digest.toggle': {
    target: editing,
    actions: { type: 'toggleDigest', params: ({ event }: { event: EventOf<'digest.toggle'> }) => event.enabled },
  },
  'schedule.changed': {
    target: editing,
    actions: { type: 'changeSchedule', params: ({ event }: { event: EventOf<'schedule.changed'> }) => event.pattern },
  },
  'schedule.rejected': {
    target: editing,
    actions: { type: 'rejectSchedule', params: ({ event }: { event: EventOf<'schedule.rejected'> }) => event.error },
  },
} as const;

/**
 * Account → Notifications. `loading` reads the settings (→ `loadFailed`, retry). `editing` holds a draft: `pristine`
 * or `dirty` against the saved copy (the draft carries the browser's time zone, so another stored zone is a change).
 * The schedule editor's outcomes arrive as `schedule.changed` / `schedule.rejected`; a pattern error refuses
 * `settings.save`. `saving` → `saved` (draft replaced by the server's answer) or `rejected` (422: first message per
 * field, kept as codes) or back to `editing` with `saveFailed`. Any edit from `saved` or `rejected` returns to `editing`.
 */
export const notificationSettingsMachine = setup({
  types: {
    context: {} as NotificationSettingsContext,
    events: {} as NotificationSettingsEvent,
    input: {} as NotificationSettingsInputs,
  },
  actors: { loadSettings, saveSettings },
  guards: {
    isDirty: ({ context }) => isDraftDirty(context),
    isPristine: ({ context }) => !isDraftDirty(context),
    hasNoPatternError: ({ context }) => context.patternError === null,
    isSaved: (_, outcome: SaveOutcome) => outcome.kind === 'saved',
  },
  actions: {
    assignLoaded: assign(({ context }, settings: NotificationSettings) => ({
      saved: settings,
      draft: draftOf(settings, context.timeZone),
      patternError: null,
      fieldErrors: {},
      error: null,
      revision: context.revision + 1,
    })),
    assignOutcome: assign((_, outcome: SaveOutcome) =>
      outcome.kind === 'saved'
        ? {
            saved: outcome.settings,
            draft: draftOf(outcome.settings, outcome.settings.digest.timeZone),
            fieldErrors: {},
            error: null,
          }
        : { fieldErrors: outcome.errors, error: null },
    ),
    toggleCategory: assign(({ context }, toggle: CategoryToggle) => {
      if (!context.draft) return {};
      const channel = { ...context.draft[toggle.channel], [toggle.category]: toggle.enabled };
      return { draft: { ...context.draft, [toggle.channel]: channel } };
    }),
    toggleDigest: assign(({ context }, enabled: boolean) => {
      if (!context.draft) return {};
      // A hidden editor cannot show its error, and its pattern is still the last good one.
      return { draft: { ...context.draft, digest: { ...context.draft.digest, enabled } }, patternError: null };
    }),
    changeSchedule: assign(({ context }, pattern: string) => {
      if (!context.draft) return {};
      const digest = { ...context.draft.digest, pattern, period: periodOf(pattern) };
      return {
        draft: { ...context.draft, digest },
        patternError: null,
        fieldErrors: withoutField(context.fieldErrors, 'digest.pattern'),
      };
    }),
    rejectSchedule: assign((_, patternError: ScheduleError) => ({ patternError })),
    discard: assign(({ context }) => ({
      draft: context.saved ? draftOf(context.saved, context.saved.digest.timeZone) : null,
      patternError: null,
      fieldErrors: {},
      error: null,
      revision: context.revision + 1,
    })),
    clearMessages: assign({ error: null }),
    failWith: assign((_, error: NotificationSettingsError) => ({ error })),
  },
}).createMachine({
  id: 'notificationSettings',
  context: ({ input }) => ({
    timeZone: input.timeZone,
    saved: null,
    draft: null,
    patternError: null,
    fieldErrors: {},
    error: null,
    revision: 0,
  }),
  initial: 'loading',
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
        'category.toggle': { actions: edits['category.toggle'].actions },
        'digest.toggle': { actions: edits['digest.toggle'].actions },
        'schedule.changed': { actions: edits['schedule.changed'].actions },
        'schedule.rejected': { actions: edits['schedule.rejected'].actions },
      },
      states: {
        pristine: { always: { guard: 'isDirty', target: 'dirty' } },
        dirty: {
          always: { guard: 'isPristine', target: 'pristine' },
          on: {
            'settings.save': {
              guard: 'hasNoPatternError',
              target: `#notificationSettings.saving`,
              actions: 'clearMessages',
            },
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
