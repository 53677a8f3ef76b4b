import { assign, setup } from 'xstate';
import type { SegmentCondition, SegmentGroup } from '../contactsTable/contacts.types.ts';
import { countConditions, deleteSegment, loadSegmentOptions, saveSegment } from './segmentEditor.actors.ts';
import {
  addAt,
  defaultCondition,
  emptyGroup,
  isComplete,
  removeAt,
  replaceAt,
  setOperatorAt,
  type TreePath,
} from './segmentTree.ts';
import type {
  SegmentOptions,
  SegmentDraft,
  SaveOutcome,
  SegmentError,
  SegmentEditorContext,
  SegmentEditorEvent,
} from './segmentEditor.types.ts';

export type * from './segmentEditor.types.ts';

const newDraft = (): SegmentDraft => ({ name: '', conditions: addAt(emptyGroup(), [], defaultCondition()) });
const COUNT_DEBOUNCE_MS = 400;

/** The draft with new conditions: a changed condition drops its issue; adding or removing moves paths, so all drop. */
function edited(context: SegmentEditorContext, conditions: SegmentGroup, changed: TreePath | null) {
  const key = changed?.join('.');
  const issues = Object.entries(context.conditionIssues);
  const conditionIssues = key === undefined ? {} : Object.fromEntries(issues.filter(([path]) => path !== key));
  return { draft: { ...context.draft, conditions }, error: null, conditionIssues };
}

/**
 * The segment editor. `loading` reads segments, lists and attributes → `browsing`. Checking a segment (only one at a
 * time) or starting a new one opens `editing`, whose conditions (nested AND/OR groups of field, attribute, list and
 * blocklist conditions) are counted live: every change restarts `debouncing`; a complete draft is then `counting` →
 * `counted`, an incomplete one waits in `incomplete`. `saving` creates or replaces it (a refusal keeps the server's
 * value errors by condition); `confirmingDelete` → `deleting`.
 */
export const segmentEditorMachine = setup({
  types: { context: {} as SegmentEditorContext, events: {} as SegmentEditorEvent },
  actors: { loadSegmentOptions, countConditions, saveSegment, deleteSegment },
  delays: { COUNT_DEBOUNCE: COUNT_DEBOUNCE_MS },
  guards: {
    isSelected: ({ context }, id: number) => id === context.selectedId,
    isOtherSelected: ({ context }) => context.selectedId !== null,
    isDraftComplete: ({ context }) => isComplete(context.draft.conditions),
    hasName: ({ context }) => context.draft.name.trim() !== '',
    isSaved: ({ context }) => context.selectedId !== null,
    isSavedOutcome: (_, outcome: SaveOutcome) => outcome.kind === 'saved',
  },
  actions: {
    assignOptions: assign((_, options: SegmentOptions) => ({ ...options, error: null })),
    select: assign(({ context }, id: number) => {
      const segment = context.segments.find((s) => s.id === id);
      return segment
        ? {
            selectedId: segment.id,
            draft: { name: segment.name, conditions: segment.conditions },
            count: null,
            error: null,
            conditionIssues: {},
          }
        : {};
    }),
    startNew: assign({ selectedId: null, draft: newDraft, count: null, error: null, conditionIssues: {} }),
    deselect: assign({ selectedId: null, draft: newDraft, count: null, error: null, conditionIssues: {} }),
    rename: assign(({ context }, name: string) => ({ draft: { ...context.draft, name }, error: null })),
    addCondition: assign(({ context }, add: { path: TreePath; group?: boolean }) => {
      const condition = add.group ? addAt(emptyGroup('or'), [], defaultCondition()) : defaultCondition();
      return edited(context, addAt(context.draft.conditions, add.path, condition), null);
    }),
    updateCondition: assign(({ context }, update: { path: TreePath; condition: SegmentCondition }) =>
      edited(context, replaceAt(context.draft.conditions, update.path, update.condition), update.path),
    ),
    removeCondition: assign(({ context }, path: TreePath) =>
      edited(context, removeAt(context.draft.conditions, path), null),
    ),
    setOperator: assign(({ context }, change: { path: TreePath; operator: SegmentGroup['operator'] }) =>
      edited(context, setOperatorAt(context.draft.conditions, change.path, change.operator), null),
    ),
    assignCount: assign((_, count: number) => ({ count })),
    clearCount: assign({ count: null }),
    assignSaved: assign(({ context }, outcome: SaveOutcome) => {
      if (outcome.kind !== 'saved') return { error: outcome.reason, conditionIssues: outcome.issues };
      const { segment } = outcome;
      const others = context.segments.filter((s) => s.id !== segment.id);
      return {
        segments: [...others, segment].sort((a, b) => a.name.localeCompare(b.name)),
        selectedId: segment.id,
        error: null,
        conditionIssues: {},
      };
    }),
    removeSelected: assign(({ context }) => ({
      segments: context.segments.filter((s) => s.id !== context.selectedId),
      selectedId: null,
      draft: newDraft(),
      count: null,
      conditionIssues: {},
    })),
    failWith: assign((_, error: SegmentError) => ({ error })),
  },
}).createMachine({
  id: 'segmentEditor',
  context: {
    segments: [],
    lists: [],
    attributes: [],
    selectedId: null,
    draft: newDraft(),
    count: null,
    error: null,
    conditionIssues: {},
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadSegmentOptions',
        src: 'loadSegmentOptions',
        onDone: { target: 'browsing', actions: { type: 'assignOptions', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: { type: 'failWith', params: 'loadFailed' } },
      },
    },
    loadFailed: { tags: ['error'], on: { 'segments.retry': 'loading' } },
    browsing: {
      on: {
        'segment.toggle': { target: 'editing', actions: { type: 'select', params: ({ event }) => event.id } },
        'segment.new': { target: 'editing', actions: 'startNew' },
      },
    },
    editing: {
      tags: ['editable'],
      initial: 'debouncing',
      on: {
        'segment.toggle': [
          { guard: { type: 'isSelected', params: ({ event }) => event.id }, target: 'browsing', actions: 'deselect' },
          { guard: 'isOtherSelected', actions: { type: 'failWith', params: 'oneSegmentOnly' } },
          { target: 'editing', reenter: true, actions: { type: 'select', params: ({ event }) => event.id } },
        ],
        'segment.new': { target: 'editing', reenter: true, actions: 'startNew' },
        'segment.close': { target: 'browsing', actions: 'deselect' },
        'draft.rename': { actions: { type: 'rename', params: ({ event }) => event.name } },
        'condition.add': {
          target: '.debouncing',
          reenter: true,
          actions: { type: 'addCondition', params: ({ event }) => ({ path: event.path, group: event.group }) },
        },
        'condition.update': {
          target: '.debouncing',
          reenter: true,
          actions: {
            type: 'updateCondition',
            params: ({ event }) => ({ path: event.path, condition: event.condition }),
          },
        },
        'condition.remove': {
          target: '.debouncing',
          reenter: true,
          actions: { type: 'removeCondition', params: ({ event }) => event.path },
        },
        'group.operator': {
          target: '.debouncing',
          reenter: true,
          actions: { type: 'setOperator', params: ({ event }) => ({ path: event.path, operator: event.operator }) },
        },
        'segment.save': [
          { guard: 'hasName', target: 'saving' },
          { actions: { type: 'failWith', params: 'nameRequired' } },
        ],
        'segment.delete': { guard: 'isSaved', target: 'confirmingDelete' },
      },
      states: {
        debouncing: {
          after: {
            COUNT_DEBOUNCE: [
              { guard: 'isDraftComplete', target: 'counting' },
              { target: 'incomplete', actions: 'clearCount' },
            ],
          },
        },
        counting: {
          tags: ['counting'],
          invoke: {
            id: 'countConditions',
            src: 'countConditions',
            input: ({ context }) => ({ conditions: context.draft.conditions }),
            onDone: { target: 'counted', actions: { type: 'assignCount', params: ({ event }) => event.output } },
            onError: { target: 'countFailed', actions: 'clearCount' },
          },
        },
        counted: {},
        incomplete: {},
        countFailed: {},
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveSegment',
        src: 'saveSegment',
        input: ({ context }) => ({
          id: context.selectedId,
          name: context.draft.name.trim(),
          conditions: context.draft.conditions,
        }),
        onDone: { target: 'editing', actions: { type: 'assignSaved', params: ({ event }) => event.output } },
        onError: { target: 'editing', actions: { type: 'failWith', params: 'saveFailed' } },
      },
    },
    confirmingDelete: { on: { 'delete.confirm': 'deleting', 'delete.cancel': 'editing' } },
    deleting: {
      tags: ['busy'],
      invoke: {
        id: 'deleteSegment',
        src: 'deleteSegment',
        input: ({ context }) => ({ id: context.selectedId! }),
        onDone: { target: 'browsing', actions: 'removeSelected' },
        onError: { target: 'editing', actions: { type: 'failWith', params: 'deleteFailed' } },
      },
    },
  },
});
