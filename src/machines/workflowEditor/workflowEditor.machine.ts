import { assign, setup } from 'xstate';
import { loadNodeCounts, loadWorkflow, saveWorkflow, setWorkflowStatus } from './workflowEditor.actors.ts';
import type {
  LoadedWorkflow,
  NodeCounts,
  SaveInput,
  SaveOutcome,
  StatusOutcome,
  WorkflowEditorContext,
  WorkflowEditorEvent,
  WorkflowEditorInput,
} from './workflowEditor.types.ts';
import { applyGraphEdit, dragged, edited, redone, undone, type GraphEdit, type NodeDrag } from './workflowHistory.ts';
import { emptyGraph, validate } from './workflowGraph.ts';
import { editGoal, goalToSave, newGoal } from './workflowSettings.ts';

export type * from './workflowEditor.types.ts';

/** What a save sends: the graph on screen with the name and the settings. */
const saveInput = (c: WorkflowEditorContext): SaveInput => ({
  workflowId: c.workflowId,
  name: c.name,
  graph: c.graph,
  reentry: c.reentry,
  goal: goalToSave(c.goal),
});

/**
 * The workflow editor. `loading` reads the workflow (graph, status, per-node counts) → `ready` or `failed`. In
 * `ready` three regions run side by side: `save` autosaves (`saved` → a change → `pending`, debounced → `saving`,
 * which saves again if more changed meanwhile; a failure waits in `failed` for a retry);
 * `lifecycle` activates (only a graph without problems: otherwise the problems show at their nodes) and pauses;
 * `counts` re-reads the per-node counts now and then. Edits (add, connect, configure, move, remove, the settings:
 * re-entry and goal) and undo/redo are refused in read-only mode, and while activation or pausing runs.
 */
export const workflowEditorMachine = setup({
  types: {
    context: {} as WorkflowEditorContext,
    events: {} as WorkflowEditorEvent,
    input: {} as WorkflowEditorInput,
  },
  actors: { loadWorkflow, saveWorkflow, setWorkflowStatus, loadNodeCounts },
  delays: { AUTOSAVE_DEBOUNCE: 800, COUNTS_REFRESH: 15_000 },
  guards: {
    canEdit: ({ context }) => !context.readOnly,
    canUndo: ({ context }) => !context.readOnly && context.past.length > 0,
    canRedo: ({ context }) => !context.readOnly && context.future.length > 0,
    isValid: ({ context }) => validate(context.graph).length === 0,
    isActivatable: ({ context }) => !context.readOnly && context.status !== 'active' && context.status !== 'archived',
    isPausable: ({ context }) => !context.readOnly && context.status === 'active',
    isUnsaved: ({ context }) => context.revision !== context.savedRevision,
    isSavedOutcome: (_, outcome: SaveOutcome) => outcome.kind === 'saved',
    isChangedOutcome: (_, outcome: StatusOutcome) => outcome.kind === 'changed',
  },
  actions: {
    assignWorkflow: assign((_, w: LoadedWorkflow) => ({
      name: w.name,
      status: w.status,
      graph: w.graph,
      reentry: w.reentry,
      goal: w.goal,
      counts: w.counts,
      options: w.options,
      past: [],
      future: [],
      revision: 0,
      savedRevision: 0,
    })),
    applyEdit: assign(({ context }, edit: GraphEdit) => edited(context, applyGraphEdit(context.graph, edit))),
    // A drag moves the node on every frame; the history keeps the graph from before the drag, once, at its end.
    dragNode: assign(({ context }, drag: NodeDrag) => dragged(context, drag)),
    undo: assign(({ context }) => undone(context)),
    redo: assign(({ context }) => redone(context)),
    select: assign((_, nodeId: string | null) => ({ selected: nodeId })),
    rename: assign(({ context }, name: string) => ({ name, revision: context.revision + 1 })),
    // Re-entry and goal are saved with the graph (the revision moves on) but stay out of the graph's undo history.
    setSettings: assign(({ context }, patch: Partial<Pick<WorkflowEditorContext, 'reentry' | 'goal'>>) => ({
      ...patch,
      revision: context.revision + 1,
    })),
    startSave: assign(({ context }) => ({ savingRevision: context.revision })),
    markSaved: assign(({ context }) => ({ savedRevision: context.savingRevision })),
    showProblems: assign(({ context }, problems: WorkflowEditorContext['problems'] | null) => ({
      problems: problems ?? validate(context.graph),
      showProblems: true,
    })),
    assignStatus: assign((_, outcome: StatusOutcome) =>
      outcome.kind === 'changed' ? { status: outcome.status, showProblems: false, problems: [] } : {},
    ),
    assignCounts: assign((_, counts: Record<string, NodeCounts>) => ({ counts })),
  },
}).createMachine({
  id: 'workflowEditor',
  context: ({ input }) => ({
    workflowId: input.workflowId,
    readOnly: input.readOnly,
    name: '',
    status: 'draft',
    graph: emptyGraph(),
    reentry: 'afterFinish',
    goal: null,
    options: { templates: [], lists: [], segments: [], attributes: [], members: [] },
    past: [],
    future: [],
    dragOrigin: null,
    selected: null,
    counts: {},
    revision: 0,
    savedRevision: 0,
    savingRevision: 0,
    problems: [],
    showProblems: false,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadWorkflow',
        src: 'loadWorkflow',
        input: ({ context }) => ({ workflowId: context.workflowId }),
        onDone: { target: 'ready', actions: { type: 'assignWorkflow', params: ({ event }) => event.output } },
        onError: 'failed',
      },
    },
    failed: { tags: ['error'], on: { 'workflow.retry': 'loading' } },
    ready: {
      type: 'parallel',
      on: {
        'node.select': { actions: { type: 'select', params: ({ event }) => event.nodeId } },
      },
      states: {
        lifecycle: {
          initial: 'idle',
          states: {
            idle: {
              tags: ['editable'],
              on: {
                'node.add': {
                  guard: 'canEdit',
                  actions: { type: 'applyEdit', params: ({ event }) => event },
                },
                'node.configure': {
                  guard: 'canEdit',
                  actions: { type: 'applyEdit', params: ({ event }) => event },
                },
                'node.move': { guard: 'canEdit', actions: { type: 'dragNode', params: ({ event }) => event } },
                'edge.connect': {
                  guard: 'canEdit',
                  actions: { type: 'applyEdit', params: ({ event }) => event },
                },
                'items.remove': {
                  guard: 'canEdit',
                  actions: { type: 'applyEdit', params: ({ event }) => event },
                },
                'name.change': { guard: 'canEdit', actions: { type: 'rename', params: ({ event }) => event.name } },
                'reentry.change': {
                  guard: 'canEdit',
                  actions: { type: 'setSettings', params: ({ event }) => ({ reentry: event.reentry }) },
                },
                'goal.add': { guard: 'canEdit', actions: { type: 'setSettings', params: () => ({ goal: newGoal() }) } },
                'goal.remove': { guard: 'canEdit', actions: { type: 'setSettings', params: { goal: null } } },
                'goal.edit': {
                  guard: 'canEdit',
                  actions: {
                    type: 'setSettings',
                    params: ({ context, event }) => ({ goal: editGoal(context.goal, event.edit) }),
                  },
                },
                'history.undo': { guard: 'canUndo', actions: 'undo' },
                'history.redo': { guard: 'canRedo', actions: 'redo' },
                'workflow.activate': { guard: 'isActivatable', target: 'checking' },
                'workflow.pause': { guard: 'isPausable', target: 'pausing' },
              },
            },
            // Activation checks the graph first: problems show at their nodes and nothing is sent.
            checking: {
              always: [
                { guard: 'isValid', target: 'activating' },
                { target: 'idle', actions: { type: 'showProblems', params: null } },
              ],
            },
            activating: {
              tags: ['busy'],
              invoke: {
                id: 'setWorkflowStatus',
                src: 'setWorkflowStatus',
                input: ({ context }) => ({
                  workflowId: context.workflowId,
                  status: 'active' as const,
                  save: saveInput(context),
                }),
                onDone: [
                  {
                    guard: { type: 'isChangedOutcome', params: ({ event }) => event.output },
                    target: 'idle',
                    actions: { type: 'assignStatus', params: ({ event }) => event.output },
                  },
                  {
                    target: 'idle',
                    actions: {
                      type: 'showProblems',
                      params: ({ event }) => (event.output.kind === 'rejected' ? event.output.problems : null),
                    },
                  },
                ],
                onError: 'statusFailed',
              },
            },
            pausing: {
              tags: ['busy'],
              invoke: {
                id: 'setWorkflowStatus',
                src: 'setWorkflowStatus',
                input: ({ context }) => ({ workflowId: context.workflowId, status: 'paused' as const }),
                onDone: {
                  target: 'idle',
                  actions: { type: 'assignStatus', params: ({ event }) => event.output },
                },
                onError: 'statusFailed',
              },
            },
            statusFailed: {
              tags: ['error', 'editable'],
              on: {
                'workflow.activate': { guard: 'isActivatable', target: 'checking' },
                'workflow.pause': { guard: 'isPausable', target: 'pausing' },
              },
            },
          },
        },
        save: {
          initial: 'saved',
          states: {
            saved: { always: { guard: 'isUnsaved', target: 'pending' } },
            pending: {
              after: { AUTOSAVE_DEBOUNCE: 'saving' },
            },
            saving: {
              entry: 'startSave',
              invoke: {
                id: 'saveWorkflow',
                src: 'saveWorkflow',
                input: ({ context }) => saveInput(context),
                onDone: [
                  {
                    guard: { type: 'isSavedOutcome', params: ({ event }) => event.output },
                    target: 'saved',
                    actions: 'markSaved',
                  },
                  {
                    target: 'failed',
                    actions: {
                      type: 'showProblems',
                      params: ({ event }) => (event.output.kind === 'rejected' ? event.output.problems : null),
                    },
                  },
                ],
                onError: 'failed',
              },
            },
            failed: {
              tags: ['error'],
              on: { 'save.retry': 'saving' },
            },
          },
        },
        counts: {
          initial: 'idle',
          states: {
            idle: {
              after: { COUNTS_REFRESH: 'reading' },
              on: { 'counts.refresh': 'reading' },
            },
            reading: {
              invoke: {
                id: 'loadNodeCounts',
                src: 'loadNodeCounts',
                input: ({ context }) => ({ workflowId: context.workflowId }),
                onDone: { target: 'idle', actions: { type: 'assignCounts', params: ({ event }) => event.output } },
                // Counts that fail to refresh keep the last ones shown; the next refresh reads again.
                onError: 'idle',
              },
            },
          },
        },
      },
    },
  },
});
