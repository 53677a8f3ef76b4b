import { Alert, Badge, Box, Button, Center, Group, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { useActorRef, useSelector } from '@xstate/react';
import { ReactFlowProvider, useReactFlow } from '@xyflow/react';
import { useIntl } from 'react-intl';
import { Link, useBlocker, useParams } from 'react-router';
import { actorOptions } from '../../app/inspect.ts';
import { useCan } from '../../app/permissions.ts';
import { ConfirmModal } from '../../components/contacts/ConfirmModal.tsx';
import { Permitted } from '../shared/Permitted.tsx';
import { workflowEditorMachine } from '../../machines/workflowEditor/workflowEditor.machine.ts';
import {
  handlesOf,
  problemsByNode,
  type NodeConfigs,
  type NodeKind,
} from '../../machines/workflowEditor/workflowGraph.ts';
import { NodePanel } from './NodePanel.tsx';
import { FIT, WorkflowCanvas } from './WorkflowCanvas.tsx';
import {
  editorMessages as m,
  nodeKindMessages as kinds,
  problemMessages as pm,
} from './WorkflowEditorScreen.messages.ts';
import { WorkflowPalette } from './WorkflowPalette.tsx';
import { WorkflowRunsDrawer } from './WorkflowRunsDrawer.tsx';
import { statusMessages } from './WorkflowsScreen.messages.ts';

type EditorRef = ReturnType<typeof useActorRef<typeof workflowEditorMachine>>;

/** `/workflows/workflow/{id}`: the editor in the full-page layout (palette, canvas, side panel). */
export function WorkflowEditorScreen() {
  const { id } = useParams();
  const readOnly = !useCan('workflows:write');
  const editor = useActorRef(workflowEditorMachine, {
    ...actorOptions(),
    input: { workflowId: Number(id), readOnly },
  });
  const loading = useSelector(editor, (s) => s.matches('loading'));
  const failed = useSelector(editor, (s) => s.matches('failed'));
  const intl = useIntl();
  if (loading)
    return (
      <Center h={400} aria-busy="true">
        <Loader aria-label={intl.formatMessage(m.loading)} />
      </Center>
    );
  if (failed)
    return (
      <Center h={400}>
        <Alert color="red" title={intl.formatMessage(m.loadFailed)}>
          <Button mt="sm" onClick={() => editor.send({ type: 'workflow.retry' })}>
            {intl.formatMessage(m.retry)}
          </Button>
        </Alert>
      </Center>
    );
  return (
    <ReactFlowProvider>
      <EditorLayout editor={editor} />
    </ReactFlowProvider>
  );
}

function EditorLayout({ editor }: { editor: EditorRef }) {
  const intl = useIntl();
  const graph = useSelector(editor, (s) => s.context.graph);
  const selected = useSelector(editor, (s) => s.context.graph.nodes.find((n) => n.id === s.context.selected) ?? null);
  const problems = useSelector(editor, (s) => (s.context.showProblems ? s.context.problems : []));
  const options = useSelector(editor, (s) => s.context.options);
  const readOnly = useSelector(editor, (s) => s.context.readOnly);
  const editable = useSelector(editor, (s) => !s.context.readOnly && s.hasTag('editable'));
  const byNode = problemsByNode(problems);
  const send = editor.send;
  useHotkeys([
    ['mod+Z', () => send({ type: 'history.undo' })],
    ['mod+shift+Z', () => send({ type: 'history.redo' })],
  ]);
  return (
    // The layout keeps its slim header and the page title above; the editor takes the rest of the window.
    <Stack h="calc(100vh - 150px)" mih={520} gap={0}>
      <EditorToolbar editor={editor} />
      {readOnly ? (
        <Alert color="gray" p="xs" radius={0}>
          {intl.formatMessage(m.readOnly)}
        </Alert>
      ) : null}
      {problems.length ? (
        <Alert color="red" p="xs" radius={0} data-testid="workflow-problems">
          {intl.formatMessage(m.problemsTitle, { count: problems.length })}
          {problems
            .filter((p) => p.nodeId === null)
            .map((p) => (
              <Text key={p.code} size="sm">
                {intl.formatMessage(pm[p.code])}
              </Text>
            ))}
        </Alert>
      ) : null}
      <Group align="stretch" gap={0} wrap="nowrap" style={{ flex: 1, minHeight: 0 }}>
        <Box w={200} style={{ overflowY: 'auto' }}>
          <WorkflowPalette
            graph={graph}
            editable={editable}
            onAdd={(kind: NodeKind, position) => send({ type: 'node.add', kind, position })}
          />
        </Box>
        <Box style={{ flex: 1 }}>
          <WorkflowCanvas editor={editor} />
        </Box>
        <Paper withBorder w={340} p="sm" component="aside" style={{ overflowY: 'auto' }}>
          {selected ? (
            <NodePanel
              key={selected.id}
              node={selected}
              problems={byNode[selected.id] ?? []}
              options={options}
              editable={editable}
              onConfigure={(config: NodeConfigs[NodeKind]) =>
                send({ type: 'node.configure', nodeId: selected.id, config })
              }
              onRemove={() => send({ type: 'items.remove', nodeIds: [selected.id], edgeIds: [] })}
              exits={handlesOf(selected).map((handle) => ({
                handle,
                target: graph.edges.find((e) => e.source === selected.id && e.handle === handle)?.target ?? null,
              }))}
              targets={graph.nodes
                .filter((n) => n.id !== selected.id && n.kind !== 'trigger')
                .map((n) => ({ id: n.id, label: `${intl.formatMessage(kinds[n.kind])} (${n.id})` }))}
              onConnect={(handle, target) => send({ type: 'edge.connect', source: selected.id, handle, target })}
            />
          ) : (
            <Text size="sm" c="dimmed">
              {intl.formatMessage(m.panelEmpty)}
            </Text>
          )}
        </Paper>
      </Group>
      <LeaveGuard editor={editor} />
    </Stack>
  );
}

function EditorToolbar({ editor }: { editor: EditorRef }) {
  const intl = useIntl();
  const flow = useReactFlow();
  const name = useSelector(editor, (s) => s.context.name);
  const status = useSelector(editor, (s) => s.context.status);
  const workflowId = useSelector(editor, (s) => s.context.workflowId);
  const save = useSelector(editor, (s) =>
    s.matches({ ready: { save: 'failed' } })
      ? 'failed'
      : s.matches({ ready: { save: 'saving' } })
        ? 'saving'
        : s.context.revision !== s.context.savedRevision
          ? 'unsaved'
          : 'saved',
  );
  const canUndo = useSelector(editor, (s) => s.can({ type: 'history.undo' }));
  const canRedo = useSelector(editor, (s) => s.can({ type: 'history.redo' }));
  const canActivate = useSelector(editor, (s) => s.can({ type: 'workflow.activate' }));
  const canPause = useSelector(editor, (s) => s.can({ type: 'workflow.pause' }));
  const canRename = useSelector(editor, (s) => s.can({ type: 'name.change', name: 'x' }));
  const busy = useSelector(editor, (s) => s.hasTag('busy'));
  const statusFailed = useSelector(editor, (s) => s.matches({ ready: { lifecycle: 'statusFailed' } }));
  const saveLabel = { saved: m.saved, saving: m.saving, unsaved: m.unsaved, failed: m.saveFailed }[save];
  return (
    <Paper withBorder radius={0} p="xs" component="header">
      <Group justify="space-between" wrap="nowrap">
        <Group wrap="nowrap">
          <Button component={Link} to="/workflows/all" variant="subtle" size="xs">
            {intl.formatMessage(m.back)}
          </Button>
          <TextInput
            aria-label={intl.formatMessage(m.name)}
            size="xs"
            value={name}
            readOnly={!canRename}
            maxLength={200}
            onChange={(e) => editor.send({ type: 'name.change', name: e.currentTarget.value })}
          />
          <Badge variant="light" data-testid="workflow-status">
            {intl.formatMessage(statusMessages[status])}
          </Badge>
          <Text size="xs" c={save === 'failed' ? 'red' : 'dimmed'} role="status" data-save={save}>
            {intl.formatMessage(saveLabel)}
          </Text>
          {save === 'failed' ? (
            <Button size="compact-xs" variant="light" onClick={() => editor.send({ type: 'save.retry' })}>
              {intl.formatMessage(m.saveRetry)}
            </Button>
          ) : null}
        </Group>
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" variant="default" disabled={!canUndo} onClick={() => editor.send({ type: 'history.undo' })}>
            {intl.formatMessage(m.undo)}
          </Button>
          <Button size="xs" variant="default" disabled={!canRedo} onClick={() => editor.send({ type: 'history.redo' })}>
            {intl.formatMessage(m.redo)}
          </Button>
          <Button size="xs" variant="default" onClick={() => void flow.fitView({ ...FIT, duration: 200 })}>
            {intl.formatMessage(m.fit)}
          </Button>
          <WorkflowRunsDrawer workflowId={workflowId} />
          {status === 'active' ? (
            <Permitted permission="workflows:write">
              <Button
                size="xs"
                color="orange"
                disabled={!canPause}
                loading={busy}
                onClick={() => editor.send({ type: 'workflow.pause' })}
              >
                {intl.formatMessage(m.pause)}
              </Button>
            </Permitted>
          ) : (
            <Permitted permission="workflows:write">
              <Button
                size="xs"
                disabled={!canActivate}
                loading={busy}
                onClick={() => editor.send({ type: 'workflow.activate' })}
              >
                {intl.formatMessage(status === 'paused' ? m.resume : m.activate)}
              </Button>
            </Permitted>
          )}
        </Group>
      </Group>
      {statusFailed ? (
        <Text size="xs" c="red" role="alert">
          {intl.formatMessage(m.statusFailed)}
        </Text>
      ) : null}
    </Paper>
  );
}

/** Leaving the editor with changes the server does not hold yet asks first. */
function LeaveGuard({ editor }: { editor: EditorRef }) {
  const intl = useIntl();
  const unsaved = useSelector(editor, (s) => s.context.revision !== s.context.savedRevision);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => unsaved && currentLocation.pathname !== nextLocation.pathname,
  );
  return (
    <ConfirmModal
      opened={blocker.state === 'blocked'}
      title={intl.formatMessage(m.leaveTitle)}
      text={intl.formatMessage(m.leaveText)}
      confirmLabel={intl.formatMessage(m.leave)}
      cancelLabel={intl.formatMessage(m.stay)}
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}
