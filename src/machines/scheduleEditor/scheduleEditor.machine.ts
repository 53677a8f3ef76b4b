import { assign, emit, setup } from 'xstate';
import {
  DEFAULT_PATTERN,
  DEFAULT_PERIOD,
  EMPTY_SELECTIONS,
  PERIOD_FIELDS,
  patternToSelections,
  selectionsToPattern,
  type Field,
  type Period,
  type ScheduleError,
  type Selections,
} from '../../../shared/cron';

export interface ScheduleEditorContext {
  period: Period;
  /** Always the pattern the current selections and period build (hidden fields are `*`). */
  pattern: string;
  selections: Selections;
  error: ScheduleError | null;
}

export interface ScheduleEditorInput {
  pattern?: string;
  period?: Period;
}

export type ScheduleEditorEvent =
  | { type: 'period.changed'; period: Period }
  | { type: 'values.changed'; field: Field; values: readonly number[] }
  | { type: 'pattern.set'; pattern: string }
  | { type: 'pattern.cleared' };

/** Emitted to whoever listens with `actorRef.on(type, handler)`: a React host or a parent that spawned the editor. */
export type ScheduleEditorEmitted =
  { type: 'pattern.changed'; pattern: string } | { type: 'pattern.rejected'; error: ScheduleError };

type ValuesChange = Omit<Extract<ScheduleEditorEvent, { type: 'values.changed' }>, 'type'>;

const isBlank = (pattern: string | undefined): boolean => (pattern ?? '').trim() === '';

function selectionsWith(selections: Selections, field: Field, values: readonly number[]): Selections {
  return { ...selections, [field]: values };
}

type Rebuilt = { ok: true; pattern: string; selections: Selections } | { ok: false; error: 'invalid selection' };

/** The pattern `selections` build for `period`, with the selections read back from it (hidden fields become []). */
function rebuild(selections: Selections, period: Period): Rebuilt {
  const built = selectionsToPattern(selections, period);
  if (!built.ok) return built;
  const reread = patternToSelections(built.pattern, period);
  if (!reread.ok) return { ok: false, error: 'invalid selection' };
  return { ok: true, pattern: built.pattern, selections: reread.selections };
}

function initialContext(input: ScheduleEditorInput): ScheduleEditorContext {
  const period = input.period ?? DEFAULT_PERIOD;
  const cleared: ScheduleEditorContext = {
    period,
    pattern: DEFAULT_PATTERN,
    selections: EMPTY_SELECTIONS,
    error: null,
  };
  if (isBlank(input.pattern)) return cleared;
  const read = patternToSelections(input.pattern ?? '', period);
  if (!read.ok) return { ...cleared, error: read.error };
  const built = rebuild(read.selections, period);
  return built.ok
    ? { ...cleared, pattern: built.pattern, selections: built.selections }
    : { ...cleared, error: built.error };
}

/**
 * Schedule editor. `starting` routes the input to `cleared` (no pattern, or the default), `editing` or `error`.
 * From any state: `period.changed` and a valid `values.changed` rebuild the pattern (→ `editing`); `pattern.set`
 * reloads the selections (→ `editing`; `cleared` for a blank value; `error` 'invalid pattern'); a selection that
 * cannot become a field, or a field the period hides → `error` 'invalid selection'; `pattern.cleared` → `cleared`.
 * The last good pattern and selections survive an error. Outcomes go out with `emit` (not `sendParent`), so a React
 * host or a parent holding the ref listens with `ref.on(...)`: `pattern.changed` on each success (the error is
 * cleared), `pattern.rejected` on each failure. The input's outcome is only in the first snapshot: nobody listens yet.
 */
export const scheduleEditorMachine = setup({
  types: {
    context: {} as ScheduleEditorContext,
    events: {} as ScheduleEditorEvent,
    input: {} as ScheduleEditorInput,
    emitted: {} as ScheduleEditorEmitted,
  },
  guards: {
    hasError: ({ context }) => context.error !== null,
    isDefault: ({ context }) => context.pattern === DEFAULT_PATTERN,
    isBlankPattern: (_, pattern: string) => isBlank(pattern),
    isReadablePattern: ({ context }, pattern: string) => patternToSelections(pattern, context.period).ok,
    isBuildableSelection: ({ context }, change: ValuesChange) =>
      PERIOD_FIELDS[context.period].includes(change.field) &&
      rebuild(selectionsWith(context.selections, change.field, change.values), context.period).ok,
  },
  actions: {
    // Hidden fields are always [] in context, so a period change only hides or adds empty fields and cannot fail.
    changePeriod: assign(({ context }, period: Period) => {
      const built = rebuild(context.selections, period);
      return built.ok ? { period, pattern: built.pattern, selections: built.selections, error: null } : {};
    }),
    changeValues: assign(({ context }, change: ValuesChange) => {
      const built = rebuild(selectionsWith(context.selections, change.field, change.values), context.period);
      return built.ok ? { pattern: built.pattern, selections: built.selections, error: null } : {};
    }),
    loadPattern: assign(({ context }, pattern: string) => {
      const read = patternToSelections(pattern, context.period);
      const built = read.ok ? rebuild(read.selections, context.period) : read;
      return built.ok ? { pattern: built.pattern, selections: built.selections, error: null } : {};
    }),
    reset: assign({ pattern: DEFAULT_PATTERN, selections: EMPTY_SELECTIONS, error: null }),
    rejectPattern: assign({ error: 'invalid pattern' as const }),
    rejectSelection: assign({ error: 'invalid selection' as const }),
    emitChanged: emit(({ context }) => ({ type: 'pattern.changed' as const, pattern: context.pattern })),
    emitRejected: emit(({ context }) => ({
      type: 'pattern.rejected' as const,
      error: context.error ?? 'invalid pattern',
    })),
  },
}).createMachine({
  id: 'scheduleEditor',
  context: ({ input }) => initialContext(input),
  initial: 'starting',
  on: {
    'period.changed': {
      target: '.editing',
      actions: [{ type: 'changePeriod', params: ({ event }) => event.period }, 'emitChanged'],
    },
    'values.changed': [
      {
        guard: { type: 'isBuildableSelection', params: ({ event }) => event },
        target: '.editing',
        actions: [{ type: 'changeValues', params: ({ event }) => event }, 'emitChanged'],
      },
      { target: '.error', actions: ['rejectSelection', 'emitRejected'] },
    ],
    'pattern.set': [
      {
        guard: { type: 'isBlankPattern', params: ({ event }) => event.pattern },
        target: '.cleared',
        actions: ['reset', 'emitChanged'],
      },
      {
        guard: { type: 'isReadablePattern', params: ({ event }) => event.pattern },
        target: '.editing',
        actions: [{ type: 'loadPattern', params: ({ event }) => event.pattern }, 'emitChanged'],
      },
      { target: '.error', actions: ['rejectPattern', 'emitRejected'] },
    ],
    'pattern.cleared': { target: '.cleared', actions: ['reset', 'emitChanged'] },
  },
  states: {
    starting: {
      always: [
        { guard: 'hasError', target: 'error' },
        { guard: 'isDefault', target: 'cleared' },
        { target: 'editing' },
      ],
    },
    editing: {},
    cleared: {},
    error: { tags: ['error'] },
  },
});
