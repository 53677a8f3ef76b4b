import '@xyflow/react/dist/style.css';
import { Box, Text } from '@mantine/core';
import {
  Background,
  Controls,
  ReactFlow,
  useReactFlow,
  type Edge,
  type EdgeChange,
  type NodeChange,
} from '@xyflow/react';
import { useSelector } from '@xstate/react';
import { useMemo, useState, type DragEvent } from 'react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { workflowEditorMachine } from '../../machines/workflowEditor/workflowEditor.machine.ts';
import { problemsByNode, type NodeKind } from '../../machines/workflowEditor/workflowGraph.ts';
import { WorkflowNodeCard, type StepNode } from './WorkflowNodeCard.tsx';
import { editorMessages as m } from './WorkflowEditorScreen.messages.ts';

export const PALETTE_MIME = 'application/x-missiva-step';
const nodeTypes = { step: WorkflowNodeCard };
/** Zoom to fit never magnifies past 100 %, so a short workflow keeps readable cards. */
export const FIT = { maxZoom: 1, padding: 0.2 };

type EditorRef = ActorRefFrom<typeof workflowEditorMachine>;

/**
 * The canvas (React Flow, controlled): nodes and edges come from the editor machine; drags, connections, drops from
 * the palette and deletions go back to it as events. Read-only members can select (to read a step) but not change.
 */
export function WorkflowCanvas({ editor }: { editor: EditorRef }) {
  const intl = useIntl();
  const flow = useReactFlow();
  const graph = useSelector(editor, (s) => s.context.graph);
  const counts = useSelector(editor, (s) => s.context.counts);
  const problems = useSelector(editor, (s) => (s.context.showProblems ? s.context.problems : null));
  const selected = useSelector(editor, (s) => s.context.selected);
  const editable = useSelector(editor, (s) => !s.context.readOnly && s.hasTag('editable'));
  const [selectedEdges, setSelectedEdges] = useState<string[]>([]);
  // Fit a loaded workflow once; an empty canvas is not refitted when its first node lands (it would jump away).
  const [fitOnLoad] = useState(() => graph.nodes.length > 0);

  const byNode = useMemo(() => problemsByNode(problems ?? []), [problems]);
  const nodes = useMemo<StepNode[]>(
    () =>
      graph.nodes.map((node) => ({
        id: node.id,
        type: 'step',
        position: node.position,
        selected: node.id === selected,
        deletable: editable,
        data: { node, counts: counts[node.id] ?? null, problems: byNode[node.id] ?? [] },
      })),
    [graph.nodes, counts, byNode, selected, editable],
  );
  const edges = useMemo<Edge[]>(
    () =>
      graph.edges.map((e) => ({
        id: e.id,
        source: e.source,
        sourceHandle: e.handle,
        target: e.target,
        selected: selectedEdges.includes(e.id),
        label: e.handle === 'next' ? undefined : e.handle.toUpperCase(),
      })),
    [graph.edges, selectedEdges],
  );

  const onNodesChange = (changes: NodeChange<StepNode>[]) => {
    for (const change of changes) {
      if (change.type === 'position' && change.position) {
        editor.send({
          type: 'node.move',
          nodeId: change.id,
          position: change.position,
          dragging: change.dragging ?? false,
        });
      } else if (change.type === 'select') {
        if (change.selected) editor.send({ type: 'node.select', nodeId: change.id });
        else if (change.id === editor.getSnapshot().context.selected)
          editor.send({ type: 'node.select', nodeId: null });
      }
    }
  };
  const onEdgesChange = (changes: EdgeChange[]) => {
    for (const change of changes) {
      if (change.type === 'select')
        setSelectedEdges((ids) => (change.selected ? [...ids, change.id] : ids.filter((id) => id !== change.id)));
    }
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    const kind = event.dataTransfer.getData(PALETTE_MIME) as NodeKind;
    if (!kind || !editable) return;
    const position = flow.screenToFlowPosition({ x: event.clientX, y: event.clientY });
    editor.send({ type: 'node.add', kind, position: { x: position.x - 110, y: position.y - 30 } });
  };

  return (
    <Box
      h="100%"
      pos="relative"
      aria-label={intl.formatMessage(m.canvas)}
      role="region"
      data-testid="workflow-canvas"
      onDragOver={(e) => {
        e.preventDefault();
        e.dataTransfer.dropEffect = 'move';
      }}
      onDrop={onDrop}
    >
      <ReactFlow<StepNode>
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        onNodesChange={onNodesChange}
        onEdgesChange={onEdgesChange}
        onConnect={(c) =>
          c.sourceHandle &&
          editor.send({ type: 'edge.connect', source: c.source, handle: c.sourceHandle, target: c.target })
        }
        onDelete={({ nodes: removed, edges: removedEdges }) =>
          editor.send({
            type: 'items.remove',
            nodeIds: removed.map((n) => n.id),
            edgeIds: removedEdges.map((e) => e.id),
          })
        }
        nodesDraggable={editable}
        nodesConnectable={editable}
        edgesReconnectable={false}
        deleteKeyCode={editable ? ['Delete', 'Backspace'] : null}
        fitView={fitOnLoad}
        fitViewOptions={FIT}
        proOptions={{ hideAttribution: true }}
      >
        <Background />
        <Controls showInteractive={false} />
      </ReactFlow>
      {graph.nodes.length === 0 ? (
        <Text c="dimmed" pos="absolute" top="40%" w="100%" ta="center" style={{ pointerEvents: 'none' }}>
          {intl.formatMessage(m.emptyCanvas)}
        </Text>
      ) : null}
    </Box>
  );
}
