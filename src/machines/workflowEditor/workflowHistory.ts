import type { WorkflowEditorContext, WorkflowEditorEvent } from './workflowEditor.types.ts';
import { addNode, configure, connect, moveNode, removeItems, validate, type WorkflowGraph } from './workflowGraph.ts';

/**
 * The editor's history: each change keeps the graph before it (undo) and clears what was undone (redo), bumps the
 * revision autosave follows, and refreshes the problems already shown, so a fixed problem's badge goes at once.
 */

/** Undo reaches this many changes back. */
export const HISTORY_LIMIT = 50;

export type GraphEdit = Extract<
  WorkflowEditorEvent,
  { type: 'node.add' | 'node.configure' | 'edge.connect' | 'items.remove' }
>;

export function applyGraphEdit(g: WorkflowGraph, edit: GraphEdit): WorkflowGraph {
  switch (edit.type) {
    case 'node.add':
      return addNode(g, edit.kind, edit.position);
    case 'node.configure':
      return configure(g, edit.nodeId, edit.config);
    case 'edge.connect':
      return connect(g, edit.source, edit.handle, edit.target);
    case 'items.remove':
      return removeItems(g, edit.nodeIds, edit.edgeIds);
  }
}

/** The context after an edit: the old graph joins the past, the redo stack empties, the revision moves on. */
export function edited(context: WorkflowEditorContext, graph: WorkflowGraph): Partial<WorkflowEditorContext> {
  if (graph === context.graph) return {};
  return {
    graph,
    past: [...context.past, context.graph].slice(-HISTORY_LIMIT),
    future: [],
    revision: context.revision + 1,
    // Problems already shown follow the graph, so a fixed problem's badge goes away as it is fixed.
    problems: context.showProblems ? validate(graph) : context.problems,
  };
}

export type NodeDrag = { nodeId: string; position: { x: number; y: number }; dragging: boolean };

type Change = Partial<WorkflowEditorContext>;

/** A drag moves the node on every frame; the history keeps the graph from before the drag, once, at its end. */
export function dragged(context: WorkflowEditorContext, drag: NodeDrag): Change {
  const graph = moveNode(context.graph, drag.nodeId, drag.position);
  if (drag.dragging) return { graph, dragOrigin: context.dragOrigin ?? context.graph };
  return {
    graph,
    dragOrigin: null,
    past: [...context.past, context.dragOrigin ?? context.graph].slice(-HISTORY_LIMIT),
    future: [],
    revision: context.revision + 1,
  };
}

export function undone(context: WorkflowEditorContext): Change {
  const graph = context.past.at(-1) ?? context.graph;
  return {
    graph,
    past: context.past.slice(0, -1),
    future: [...context.future, context.graph],
    revision: context.revision + 1,
    problems: context.showProblems ? validate(graph) : context.problems,
  };
}

export function redone(context: WorkflowEditorContext): Change {
  const graph = context.future.at(-1) ?? context.graph;
  return {
    graph,
    future: context.future.slice(0, -1),
    past: [...context.past, context.graph],
    revision: context.revision + 1,
    problems: context.showProblems ? validate(graph) : context.problems,
  };
}
