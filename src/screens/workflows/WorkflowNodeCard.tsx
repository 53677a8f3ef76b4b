import { Badge, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import { useIntl } from 'react-intl';
import type { NodeCounts, ProblemCode, WorkflowNode } from '../../machines/workflowEditor/workflowEditor.types.ts';
import { handlesOf } from '../../machines/workflowEditor/workflowGraph.ts';
import {
  editorMessages as m,
  nodeKindMessages as kinds,
  problemMessages as pm,
  triggerMessages as tm,
} from './WorkflowEditorScreen.messages.ts';

export type StepNodeData = {
  node: WorkflowNode;
  counts: NodeCounts | null;
  problems: ProblemCode[];
};
export type StepNode = Node<StepNodeData, 'step'>;

/** A node on the canvas: its kind and summary, its counts, its problems (a badge) and its exits as handles. */
export function WorkflowNodeCard({ data, selected }: NodeProps<StepNode>) {
  const intl = useIntl();
  const { node, counts, problems } = data;
  const handles = handlesOf(node);
  const handleLabel = (h: string) =>
    h === 'yes'
      ? intl.formatMessage(m.yes)
      : h === 'no'
        ? intl.formatMessage(m.no)
        : node.kind === 'split'
          ? intl.formatMessage(m.cohort, {
              cohort: h.toUpperCase(),
              share: node.config.cohorts.find((c) => c.key === h)?.percent ?? 0,
            })
          : '';
  return (
    <Paper
      withBorder
      shadow={selected ? 'md' : 'xs'}
      p="xs"
      w={220}
      data-testid="workflow-node"
      data-kind={node.kind}
      data-node-id={node.id}
      data-problems={problems.length}
      style={{
        borderColor: problems.length
          ? 'var(--mantine-color-red-6)'
          : selected
            ? 'var(--mantine-color-blue-6)'
            : undefined,
      }}
    >
      {node.kind !== 'trigger' ? <Handle type="target" position={Position.Top} /> : null}
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm" fw={600}>
            {intl.formatMessage(kinds[node.kind])}
          </Text>
          {problems.length ? (
            <Tooltip label={problems.map((p) => intl.formatMessage(pm[p])).join(' ')}>
              <Badge color="red" size="sm" data-testid="node-problem-badge">
                {problems.length}
              </Badge>
            </Tooltip>
          ) : null}
        </Group>
        {node.kind === 'trigger' ? (
          <Text size="xs" c="dimmed">
            {intl.formatMessage(tm[node.config.type])}
          </Text>
        ) : null}
        {counts ? (
          <Group gap={6} data-testid="node-counts">
            <Text size="xs" title={intl.formatMessage(m.entered)}>
              {intl.formatMessage(m.entered)} {counts.entered}
            </Text>
            <Text size="xs">
              {intl.formatMessage(m.waiting)} {counts.waiting}
            </Text>
            <Text size="xs">
              {intl.formatMessage(m.passed)} {counts.passed}
            </Text>
            <Text size="xs" c={counts.failed ? 'red' : undefined}>
              {intl.formatMessage(m.failedCount)} {counts.failed}
            </Text>
          </Group>
        ) : null}
        {handles.length > 1 ? (
          <Group justify="space-around" gap={4}>
            {handles.map((h) => (
              <Text key={h} size="xs" c="dimmed">
                {handleLabel(h)}
              </Text>
            ))}
          </Group>
        ) : null}
      </Stack>
      {handles.map((h, i) => (
        <Handle
          key={h}
          id={h}
          type="source"
          position={Position.Bottom}
          data-testid={`handle-${h}`}
          style={{ left: `${((i + 1) / (handles.length + 1)) * 100}%` }}
        />
      ))}
    </Paper>
  );
}
