import type { AnyMachineSnapshot, OutputFrom } from 'xstate';
import type * as editorActors from '../../src/machines/workflowEditor/workflowEditor.actors.ts';
import {
  workflowEditorMachine,
  type LoadedWorkflow,
  type SaveOutcome,
  type StatusOutcome,
  type WorkflowEditorEvent,
  type WorkflowEditorInput,
} from '../../src/machines/workflowEditor/workflowEditor.machine.ts';
import { after, done, failed, type MachineModel, type ModelEvent } from './graph.ts';

/** A complete workflow: trigger → send email (the template chosen). */
export const validWorkflow: LoadedWorkflow = {
  id: 5,
  name: 'Welcome',
  status: 'draft',
  graph: {
    nodes: [
      { id: 'n1', kind: 'trigger', position: { x: 0, y: 0 }, config: { type: 'listAdded', listId: 3 } },
      { id: 'n2', kind: 'sendEmail', position: { x: 0, y: 150 }, config: { templateId: 8 } },
    ],
    edges: [{ id: 'n1.next-n2', source: 'n1', handle: 'next', target: 'n2' }],
  },
  reentry: 'afterFinish',
  goal: null,
  counts: { n1: { entered: 4, waiting: 0, passed: 4, failed: 0 } },
  options: { templates: [{ id: 8, name: 'Welcome' }], lists: [], segments: [], attributes: [], members: [] },
};

export const workflowEditorEventFixtures = {
  'workflow.retry': [{ type: 'workflow.retry' }],
  'node.add': [{ type: 'node.add', kind: 'wait', position: { x: 0, y: 300 } }],
  'node.configure': [{ type: 'node.configure', nodeId: 'n2', config: { templateId: null } }],
  'node.move': [
    { type: 'node.move', nodeId: 'n2', position: { x: 10, y: 160 }, dragging: true },
    { type: 'node.move', nodeId: 'n2', position: { x: 10, y: 160 }, dragging: false },
  ],
  'node.select': [{ type: 'node.select', nodeId: 'n2' }],
  'edge.connect': [{ type: 'edge.connect', source: 'n1', handle: 'next', target: 'n2' }],
  'items.remove': [{ type: 'items.remove', nodeIds: ['n2'], edgeIds: [] }],
  'name.change': [{ type: 'name.change', name: 'Welcome series' }],
  'reentry.change': [{ type: 'reentry.change', reentry: 'never' }],
  'goal.add': [{ type: 'goal.add' }],
  'goal.remove': [{ type: 'goal.remove' }],
  'goal.edit': [{ type: 'goal.edit', edit: { type: 'group.operator', path: [], operator: 'or' } }],
  'history.undo': [{ type: 'history.undo' }],
  'history.redo': [{ type: 'history.redo' }],
  'save.retry': [{ type: 'save.retry' }],
  'workflow.activate': [{ type: 'workflow.activate' }],
  'workflow.pause': [{ type: 'workflow.pause' }],
  'counts.refresh': [{ type: 'counts.refresh' }],
} satisfies { [K in WorkflowEditorEvent['type']]: Array<Extract<WorkflowEditorEvent, { type: K }>> };

export const workflowEditorOutputFixtures = {
  loadWorkflow: { valid: validWorkflow, active: { ...validWorkflow, status: 'active' } },
  saveWorkflow: {
    saved: { kind: 'saved' },
    rejected: { kind: 'rejected', problems: [{ nodeId: 'n2', code: 'noTemplate' }] },
  } satisfies { [K in SaveOutcome['kind']]: Extract<SaveOutcome, { kind: K }> },
  setWorkflowStatus: {
    changed: { kind: 'changed', status: 'active' },
    rejected: { kind: 'rejected', problems: [{ nodeId: null, code: 'noTrigger' }] },
  } satisfies { [K in StatusOutcome['kind']]: Extract<StatusOutcome, { kind: K }> },
  loadNodeCounts: { counts: { n2: { entered: 2, waiting: 1, passed: 1, failed: 0 } } },
} satisfies { [K in keyof typeof editorActors]: Record<string, OutputFrom<(typeof editorActors)[K]>> };

const o = workflowEditorOutputFixtures;

export const workflowEditorModel: MachineModel<WorkflowEditorInput> = {
  name: 'workflowEditor',
  machine: workflowEditorMachine,
  inputs: { editor: { workflowId: 5, readOnly: false }, viewer: { workflowId: 5, readOnly: true } },
  events: [
    ...Object.values(workflowEditorEventFixtures).flat(),
    done('loadWorkflow', o.loadWorkflow.valid, 'draft'),
    done('loadWorkflow', o.loadWorkflow.active, 'active'),
    failed('loadWorkflow'),
    done('saveWorkflow', o.saveWorkflow.saved, 'saved'),
    done('saveWorkflow', o.saveWorkflow.rejected, 'rejected'),
    failed('saveWorkflow'),
    done('setWorkflowStatus', o.setWorkflowStatus.changed, 'changed'),
    done('setWorkflowStatus', o.setWorkflowStatus.rejected, 'rejected'),
    failed('setWorkflowStatus'),
    done('loadNodeCounts', o.loadNodeCounts.counts, 'counts'),
    failed('loadNodeCounts'),
    after('AUTOSAVE_DEBOUNCE', 'workflowEditor.ready.save.pending'),
    after('COUNTS_REFRESH', 'workflowEditor.ready.counts.idle'),
  ] as ModelEvent[],
  transient: ['workflowEditor.ready.lifecycle.checking'],
  // A finite projection: where the machine is, whether there is anything to undo/redo or to save, the status and
  // how many nodes and problems there are (the graph itself varies without end).
  serializeState: (s: AnyMachineSnapshot) =>
    JSON.stringify({
      value: s.value,
      undo: s.context.past.length > 0,
      redo: s.context.future.length > 0,
      unsaved: s.context.revision !== s.context.savedRevision,
      status: s.context.status,
      nodes: Math.min(s.context.graph.nodes.length, 3),
      problems: s.context.showProblems ? s.context.problems.length > 0 : null,
    }),
  limit: 20_000,
};
