import { Button, Menu, Paper, Stack, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { STEP_KINDS, type NodeKind, type WorkflowGraph } from '../../machines/workflowEditor/workflowGraph.ts';
import { PALETTE_MIME } from './WorkflowCanvas.tsx';
import { editorMessages as m, nodeKindMessages as kinds } from './WorkflowEditorScreen.messages.ts';

const KINDS: NodeKind[] = ['trigger', ...STEP_KINDS];

/** Where a step added from the menu goes: below the lowest node, so it never covers another. */
function nextPosition(graph: WorkflowGraph) {
  const lowest = Math.max(-150, ...graph.nodes.map((n) => n.position.y));
  return { x: graph.nodes.at(-1)?.position.x ?? 0, y: lowest + 150 };
}

/**
 * The palette: each trigger or step can be dragged onto the canvas; the "Add a step" menu adds the same by keyboard.
 * The trigger is offered until the workflow has one.
 */
export function WorkflowPalette({
  graph,
  editable,
  onAdd,
}: {
  graph: WorkflowGraph;
  editable: boolean;
  onAdd: (kind: NodeKind, position: { x: number; y: number }) => void;
}) {
  const intl = useIntl();
  const hasTrigger = graph.nodes.some((n) => n.kind === 'trigger');
  const available = KINDS.filter((k) => k !== 'trigger' || !hasTrigger);
  return (
    <Paper withBorder p="sm" h="100%" component="aside" aria-label={intl.formatMessage(m.palette)}>
      <Stack gap="xs">
        <Title order={2} size="h5">
          {intl.formatMessage(m.palette)}
        </Title>
        <Text size="xs" c="dimmed">
          {intl.formatMessage(m.paletteHint)}
        </Text>
        <Menu>
          <Menu.Target>
            <Button size="xs" disabled={!editable}>
              {intl.formatMessage(m.addStep)}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {available.map((kind) => (
              <Menu.Item key={kind} onClick={() => onAdd(kind, nextPosition(graph))}>
                {intl.formatMessage(kinds[kind])}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
        {available.map((kind) => (
          <Paper
            key={kind}
            withBorder
            p={6}
            draggable={editable}
            data-testid={`palette-${kind}`}
            style={{ cursor: editable ? 'grab' : 'not-allowed' }}
            onDragStart={(event) => {
              event.dataTransfer.setData(PALETTE_MIME, kind);
              event.dataTransfer.effectAllowed = 'move';
            }}
          >
            <Text size="sm">{intl.formatMessage(kinds[kind])}</Text>
          </Paper>
        ))}
      </Stack>
    </Paper>
  );
}
