import { Alert, Button, NumberInput, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useIntl, type MessageDescriptor } from 'react-intl';
import type {
  EditorOptions,
  NodeConfigs,
  NodeKind,
  ProblemCode,
  WorkflowNode,
} from '../../machines/workflowEditor/workflowEditor.types.ts';
import { TRIGGER_TYPES } from '../../machines/workflowEditor/workflowGraph.ts';
import {
  editorMessages as m,
  nodeKindMessages as kinds,
  panelMessages as p,
  problemMessages as pm,
  triggerMessages as tm,
} from './WorkflowEditorScreen.messages.ts';
import { BranchPanel } from './panels/BranchPanel.tsx';
import { ListPanel } from './panels/ListPanel.tsx';
import { NotifyPanel } from './panels/NotifyPanel.tsx';
import { idOf } from './panels/panelProps.ts';
import { SendEmailPanel } from './panels/SendEmailPanel.tsx';
import { SplitPanel } from './panels/SplitPanel.tsx';
import { UpdateAttributePanel } from './panels/UpdateAttributePanel.tsx';
import { WaitPanel } from './panels/WaitPanel.tsx';
import { WebhookPanel } from './panels/WebhookPanel.tsx';

export interface NodePanelProps {
  node: WorkflowNode;
  problems: ProblemCode[];
  options: EditorOptions;
  editable: boolean;
  onConfigure: (config: NodeConfigs[NodeKind]) => void;
  onRemove: () => void;
  /** The node each exit leads to, and the nodes it may lead to (connecting without a mouse). */
  exits: Array<{ handle: string; target: string | null }>;
  targets: Array<{ id: string; label: string }>;
  onConnect: (handle: string, target: string) => void;
}

/** The side panel: the selected node's configuration, and the problems that stop activation, named at it. */
export function NodePanel(props: NodePanelProps) {
  const { node, problems, options, editable, onConfigure, onRemove, exits, targets, onConnect } = props;
  const intl = useIntl();
  const t = (d: MessageDescriptor) => intl.formatMessage(d);
  const lists = options.lists.map((l) => ({ value: String(l.id), label: l.name }));
  const attributes = options.attributes.map((a) => ({ value: String(a.id), label: a.name }));
  const disabled = !editable;
  const exitName = (h: string) =>
    h === 'next' ? t(p.nextExit) : h === 'yes' ? t(m.yes) : h === 'no' ? t(m.no) : h.toUpperCase();

  // What every step panel shares; each kind's fields live in panels/<Kind>Panel.tsx.
  const step = { options, disabled, onConfigure };
  const body = (() => {
    switch (node.kind) {
      case 'trigger': {
        const c = node.config;
        const set = (patch: Partial<NodeConfigs['trigger']>) => onConfigure({ ...c, ...patch });
        return (
          <>
            <Select
              label={t(p.triggerType)}
              disabled={disabled}
              value={c.type}
              allowDeselect={false}
              data={TRIGGER_TYPES.map((type) => ({ value: type, label: t(tm[type]) }))}
              onChange={(v) => v && onConfigure({ type: v as NodeConfigs['trigger']['type'] })}
            />
            {c.type === 'listAdded' ? (
              <Select
                label={t(p.list)}
                disabled={disabled}
                data={lists}
                value={c.listId ? String(c.listId) : null}
                onChange={(v) => set({ listId: idOf(v) })}
              />
            ) : null}
            {c.type === 'segmentEntered' ? (
              <Select
                label={t(p.segment)}
                disabled={disabled}
                data={options.segments.map((s) => ({ value: String(s.id), label: s.name }))}
                value={c.segmentId ? String(c.segmentId) : null}
                onChange={(v) => set({ segmentId: idOf(v) })}
              />
            ) : null}
            {c.type === 'attributeChanged' || c.type === 'dateAttribute' ? (
              <Select
                label={t(p.attribute)}
                disabled={disabled}
                data={attributes}
                value={c.attributeId ? String(c.attributeId) : null}
                onChange={(v) => set({ attributeId: idOf(v) })}
              />
            ) : null}
            {c.type === 'attributeChanged' ? (
              <TextInput
                label={t(p.value)}
                description={t(p.valueAny)}
                disabled={disabled}
                value={c.value ?? ''}
                onChange={(e) => set({ value: e.currentTarget.value })}
              />
            ) : null}
            {c.type === 'dateAttribute' ? (
              <NumberInput
                label={t(p.offsetDays)}
                disabled={disabled}
                value={c.offsetDays ?? 0}
                onChange={(v) => set({ offsetDays: Number(v) || 0 })}
              />
            ) : null}
            {c.type === 'emailClicked' ? (
              <TextInput
                label={t(p.link)}
                disabled={disabled}
                value={c.link ?? ''}
                onChange={(e) => set({ link: e.currentTarget.value })}
              />
            ) : null}
            {c.type === 'customEvent' ? (
              <TextInput
                label={t(p.eventName)}
                disabled={disabled}
                value={c.eventName ?? ''}
                onChange={(e) => set({ eventName: e.currentTarget.value })}
              />
            ) : null}
          </>
        );
      }
      case 'sendEmail':
        return <SendEmailPanel {...step} config={node.config} />;
      case 'wait':
        return <WaitPanel {...step} config={node.config} />;
      case 'branch':
        return <BranchPanel {...step} config={node.config} />;
      case 'split':
        return <SplitPanel {...step} config={node.config} />;
      case 'updateAttribute':
        return <UpdateAttributePanel {...step} config={node.config} />;
      case 'addToList':
      case 'removeFromList':
        return <ListPanel {...step} config={node.config} />;
      case 'webhook':
        return <WebhookPanel {...step} config={node.config} />;
      case 'notify':
        return <NotifyPanel {...step} config={node.config} />;
      case 'exit':
        return <Text size="sm">{t(p.exitText)}</Text>;
    }
  })();

  return (
    <Stack gap="sm" data-testid="node-panel">
      <Title order={2} size="h5">
        {t(kinds[node.kind])}
      </Title>
      {problems.map((code) => (
        <Alert key={code} color="red" variant="light" p="xs" data-testid="node-problem">
          {t(pm[code])}
        </Alert>
      ))}
      {body}
      {exits.map(({ handle, target }) => (
        <Select
          key={handle}
          label={intl.formatMessage(p.exitTo, { exit: exitName(handle) })}
          disabled={disabled}
          value={target}
          data={targets.map((x) => ({ value: x.id, label: x.label }))}
          onChange={(v) => v && onConnect(handle, v)}
        />
      ))}
      {editable ? (
        <Button variant="subtle" color="red" size="xs" onClick={onRemove}>
          {t(m.removeNode)}
        </Button>
      ) : null}
    </Stack>
  );
}
