/**
 * A workflow's graph as the editor holds it: nodes (one trigger, then steps) placed on the canvas and edges from a
 * node's exit (its handle) to the next node. Pure functions only: every edit returns a new graph, so the editor
 * machine can keep past graphs for undo and redo, and validation names each problem at its node.
 */
import type { SegmentGroup } from '../contactsTable/contacts.types.ts';
import {
  DEFAULT_CONFIGS,
  handlesOf,
  type NodeConfigs,
  type NodeKind,
  type WorkflowGraph,
  type WorkflowNode,
} from '../../../shared/workflows.ts';
import type { SegmentEditorEvent } from '../segmentEditor/segmentEditor.types.ts';
import {
  addAt,
  defaultCondition,
  emptyGroup,
  removeAt,
  replaceAt,
  setOperatorAt,
} from '../segmentEditor/segmentTree.ts';

export * from '../../../shared/workflows.ts';

export const emptyGraph = (): WorkflowGraph => ({ nodes: [], edges: [] });

/** The smallest `n<number>` id not used yet (ids are stable across undo, so counts and problems stay attached). */
export function nextNodeId(graph: WorkflowGraph): string {
  const used = new Set(graph.nodes.map((n) => n.id));
  let i = graph.nodes.length + 1;
  while (used.has(`n${i}`)) i += 1;
  return `n${i}`;
}

export function addNode(
  graph: WorkflowGraph,
  kind: NodeKind,
  position: { x: number; y: number },
  id = nextNodeId(graph),
): WorkflowGraph {
  // One trigger per workflow: a second one replaces nothing and is refused.
  if (kind === 'trigger' && graph.nodes.some((n) => n.kind === 'trigger')) return graph;
  const node = { id, kind, position, config: DEFAULT_CONFIGS[kind]() } as WorkflowNode;
  return { ...graph, nodes: [...graph.nodes, node] };
}

/** Removes nodes (with their edges) and edges by id. */
export function removeItems(graph: WorkflowGraph, nodeIds: string[], edgeIds: string[] = []): WorkflowGraph {
  const nodes = new Set(nodeIds);
  const edges = new Set(edgeIds);
  return {
    nodes: graph.nodes.filter((n) => !nodes.has(n.id)),
    edges: graph.edges.filter((e) => !edges.has(e.id) && !nodes.has(e.source) && !nodes.has(e.target)),
  };
}

/**
 * Connects an exit to a node. An exit leads to one node: a new connection replaces the old one. Refused: a missing
 * node or exit, a trigger as target, a node to itself.
 */
export function connect(graph: WorkflowGraph, source: string, handle: string, target: string): WorkflowGraph {
  const from = graph.nodes.find((n) => n.id === source);
  const to = graph.nodes.find((n) => n.id === target);
  if (!from || !to || source === target || to.kind === 'trigger' || !handlesOf(from).includes(handle)) return graph;
  const edges = graph.edges.filter((e) => !(e.source === source && e.handle === handle));
  return { ...graph, edges: [...edges, { id: `${source}.${handle}-${target}`, source, handle, target }] };
}

export function configure<K extends NodeKind>(graph: WorkflowGraph, id: string, config: NodeConfigs[K]): WorkflowGraph {
  const node = graph.nodes.find((n) => n.id === id);
  if (!node) return graph;
  const nodes = graph.nodes.map((n) => (n.id === id ? ({ ...n, config } as WorkflowNode) : n));
  // A split whose cohorts changed keeps only the edges of the cohorts it still has.
  const handles = new Set(handlesOf(nodes.find((n) => n.id === id)!));
  return { nodes, edges: graph.edges.filter((e) => e.source !== id || handles.has(e.handle)) };
}

export function moveNode(graph: WorkflowGraph, id: string, position: { x: number; y: number }): WorkflowGraph {
  return { ...graph, nodes: graph.nodes.map((n) => (n.id === id ? { ...n, position } : n)) };
}

/** The segment condition builder's edits (its `GroupEditor` events) applied to a branch's condition tree. */
export function applyConditionEdit(root: SegmentGroup, edit: SegmentEditorEvent): SegmentGroup {
  switch (edit.type) {
    case 'condition.add':
      return addAt(root, edit.path, edit.group ? addAt(emptyGroup(), [], defaultCondition()) : defaultCondition());
    case 'condition.update':
      return replaceAt(root, edit.path, edit.condition);
    case 'condition.remove':
      return removeAt(root, edit.path);
    case 'group.operator':
      return setOperatorAt(root, edit.path, edit.operator);
    default:
      return root;
  }
}
