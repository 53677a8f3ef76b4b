import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { describeModel } from '../../../tests/model/describeModel.ts';
import { validWorkflow, workflowEditorModel } from '../../../tests/model/workflowEditor.model.ts';
import { workflowEditorMachine, type SaveOutcome, type WorkflowGraph } from './workflowEditor.machine.ts';
import { addNode, connect, emptyGraph, validate } from './workflowGraph.ts';

describeModel(workflowEditorModel);

function start(readOnly = false) {
  const saved: WorkflowGraph[] = [];
  const actor = createActor(
    workflowEditorMachine.provide({
      actors: {
        loadWorkflow: fromPromise(async () => validWorkflow),
        saveWorkflow: fromPromise<SaveOutcome, { workflowId: number; name: string; graph: WorkflowGraph }>(
          async ({ input }) => {
            saved.push(input.graph);
            return { kind: 'saved' };
          },
        ),
      },
      delays: { AUTOSAVE_DEBOUNCE: 5 },
    }),
    { input: { workflowId: 5, readOnly } },
  ).start();
  return { actor, saved };
}

describe('workflow editor machine', () => {
  it('undoes and redoes edits, and autosaves the latest graph once the edits settle', async () => {
    const { actor, saved } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'node.add', kind: 'wait', position: { x: 0, y: 300 } });
    actor.send({ type: 'edge.connect', source: 'n2', handle: 'next', target: 'n3' });
    expect(actor.getSnapshot().context.graph.edges).toHaveLength(2);
    actor.send({ type: 'history.undo' });
    expect(actor.getSnapshot().context.graph.edges).toHaveLength(1);
    actor.send({ type: 'history.undo' });
    expect(actor.getSnapshot().context.graph).toEqual(validWorkflow.graph);
    actor.send({ type: 'history.redo' });
    expect(actor.getSnapshot().context.graph.nodes.map((n) => n.id)).toEqual(['n1', 'n2', 'n3']);
    await waitFor(actor, (s) => s.matches({ ready: { save: 'saved' } }) && saved.length > 0);
    expect(saved.at(-1)!.nodes).toHaveLength(3);
    expect(actor.getSnapshot().can({ type: 'history.redo' })).toBe(true);
  });

  it('keeps a drag as one undo step', async () => {
    const { actor } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    for (const y of [160, 170, 180])
      actor.send({ type: 'node.move', nodeId: 'n2', position: { x: 0, y }, dragging: true });
    actor.send({ type: 'node.move', nodeId: 'n2', position: { x: 0, y: 190 }, dragging: false });
    expect(actor.getSnapshot().context.past).toHaveLength(1);
    actor.send({ type: 'history.undo' });
    expect(actor.getSnapshot().context.graph.nodes[1]!.position).toEqual({ x: 0, y: 150 });
  });

  it('refuses activation of an incomplete graph and names each problem at its node', async () => {
    const { actor } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'node.configure', nodeId: 'n2', config: { templateId: null } });
    actor.send({ type: 'node.add', kind: 'branch', position: { x: 0, y: 300 } });
    actor.send({ type: 'workflow.activate' });
    const { context } = actor.getSnapshot();
    expect(actor.getSnapshot().matches({ ready: { lifecycle: 'idle' } })).toBe(true);
    expect(context.showProblems).toBe(true);
    expect(context.problems).toEqual([
      { nodeId: 'n2', code: 'noTemplate' },
      { nodeId: 'n3', code: 'notConnected' },
      { nodeId: 'n3', code: 'branchOneWay' },
    ]);
    // Fixing a problem takes its badge away at once.
    actor.send({ type: 'node.configure', nodeId: 'n2', config: { templateId: 8 } });
    expect(actor.getSnapshot().context.problems.map((p) => p.code)).not.toContain('noTemplate');
  });

  it('changes nothing for a viewer', async () => {
    const { actor } = start(true);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'node.add', kind: 'wait', position: { x: 0, y: 300 } });
    actor.send({ type: 'items.remove', nodeIds: ['n2'], edgeIds: [] });
    expect(actor.getSnapshot().context.graph).toEqual(validWorkflow.graph);
    expect(actor.getSnapshot().can({ type: 'workflow.activate' })).toBe(false);
  });

  it('validates: no trigger, a wait of zero, a split that does not add up', () => {
    let g = addNode(emptyGraph(), 'wait', { x: 0, y: 0 });
    g = {
      ...g,
      nodes: g.nodes.map((n) => ({ ...n, config: { mode: 'duration', amount: 0, unit: 'days' } }) as typeof n),
    };
    g = addNode(g, 'split', { x: 0, y: 100 });
    g = connect(g, 'n2', 'a', 'n1');
    expect(validate(g).map((p) => `${p.nodeId}:${p.code}`)).toEqual([
      'null:noTrigger',
      'n1:waitZero',
      'n2:notConnected',
      'n2:exitMissing',
    ]);
  });
});
