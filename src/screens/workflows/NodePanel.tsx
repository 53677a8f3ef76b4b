import {
  Alert,
  Button,
  Chip,
  Group,
  NumberInput,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useIntl, type MessageDescriptor } from 'react-intl';
import type {
  EditorOptions,
  NodeConfigs,
  NodeKind,
  ProblemCode,
  WorkflowNode,
} from '../../machines/workflowEditor/workflowEditor.types.ts';
import { TRIGGER_TYPES, applyConditionEdit, type WaitConfig } from '../../machines/workflowEditor/workflowGraph.ts';
import { emptyGroup } from '../../machines/segmentEditor/segmentTree.ts';
import { GroupEditor } from '../contacts/GroupEditor.tsx';
import {
  editorMessages as m,
  nodeKindMessages as kinds,
  panelMessages as p,
  problemMessages as pm,
  triggerMessages as tm,
  weekdayMessages as wd,
} from './WorkflowEditorScreen.messages.ts';

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

const idOf = (v: string | null) => (v ? Number(v) : null);
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 0] as const;

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
        return options.templates.length === 0 ? (
          <Text size="sm">{t(p.noTemplates)}</Text>
        ) : (
          <Select
            label={t(p.template)}
            disabled={disabled}
            searchable
            data={options.templates.map((tpl) => ({ value: String(tpl.id), label: tpl.name }))}
            value={node.config.templateId ? String(node.config.templateId) : null}
            onChange={(v) => onConfigure({ templateId: idOf(v) })}
          />
        );
      case 'wait':
        return <WaitFields config={node.config} disabled={disabled} onChange={onConfigure} />;
      case 'branch': {
        const c = node.config;
        return (
          <>
            <Select
              label={t(p.branchMode)}
              disabled={disabled}
              allowDeselect={false}
              value={c.mode === 'conditions' ? 'conditions' : c.event}
              data={[
                { value: 'clicked', label: t(p.branchClicked) },
                { value: 'opened', label: t(p.branchOpened) },
                { value: 'conditions', label: t(p.branchConditions) },
              ]}
              onChange={(v) =>
                onConfigure(
                  v === 'conditions'
                    ? { mode: 'conditions', conditions: emptyGroup() }
                    : { mode: 'previousEmail', event: v as 'opened' | 'clicked' },
                )
              }
            />
            {c.mode === 'conditions' ? (
              <fieldset disabled={disabled} style={{ border: 0, padding: 0, margin: 0 }}>
                <GroupEditor
                  group={c.conditions}
                  path={[]}
                  lists={options.lists}
                  attributes={options.attributes}
                  issues={{}}
                  send={(edit) =>
                    onConfigure({ mode: 'conditions', conditions: applyConditionEdit(c.conditions, edit) })
                  }
                />
              </fieldset>
            ) : null}
          </>
        );
      }
      case 'split': {
        const { cohorts } = node.config;
        const nextKey = 'abcdefghij'.split('').find((k) => !cohorts.some((c) => c.key === k));
        return (
          <>
            {cohorts.map((cohort, i) => (
              <Group key={cohort.key} align="flex-end" gap="xs">
                <NumberInput
                  label={intl.formatMessage(p.cohortPercent, { cohort: cohort.key.toUpperCase() })}
                  disabled={disabled}
                  min={0}
                  max={100}
                  value={cohort.percent}
                  onChange={(v) =>
                    onConfigure({
                      cohorts: cohorts.map((c, j) => (j === i ? { ...c, percent: Number(v) || 0 } : c)),
                    })
                  }
                />
                {cohorts.length > 2 ? (
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    disabled={disabled}
                    onClick={() => onConfigure({ cohorts: cohorts.filter((_, j) => j !== i) })}
                  >
                    {intl.formatMessage(p.removeCohort, { cohort: cohort.key.toUpperCase() })}
                  </Button>
                ) : null}
              </Group>
            ))}
            {nextKey ? (
              <Button
                variant="light"
                size="xs"
                disabled={disabled}
                onClick={() => onConfigure({ cohorts: [...cohorts, { key: nextKey, percent: 0 }] })}
              >
                {t(p.addCohort)}
              </Button>
            ) : null}
          </>
        );
      }
      case 'updateAttribute':
        return (
          <>
            <Select
              label={t(p.attribute)}
              disabled={disabled}
              data={attributes}
              value={node.config.attributeId ? String(node.config.attributeId) : null}
              onChange={(v) => onConfigure({ ...node.config, attributeId: idOf(v) })}
            />
            <TextInput
              label={t(p.value)}
              disabled={disabled}
              value={node.config.value}
              onChange={(e) => onConfigure({ ...node.config, value: e.currentTarget.value })}
            />
          </>
        );
      case 'addToList':
      case 'removeFromList':
        return (
          <Select
            label={t(p.list)}
            disabled={disabled}
            data={lists}
            value={node.config.listId ? String(node.config.listId) : null}
            onChange={(v) => onConfigure({ listId: idOf(v) })}
          />
        );
      case 'webhook':
        return (
          <TextInput
            label={t(p.url)}
            description={t(p.urlHint)}
            disabled={disabled}
            type="url"
            value={node.config.url}
            onChange={(e) => onConfigure({ url: e.currentTarget.value })}
          />
        );
      case 'notify':
        return (
          <>
            <TextInput
              label={t(p.members)}
              disabled={disabled}
              value={node.config.memberIds.join(', ')}
              onChange={(e) =>
                onConfigure({
                  ...node.config,
                  memberIds: e.currentTarget.value
                    .split(',')
                    .map((s) => Number(s.trim()))
                    .filter((n) => Number.isInteger(n) && n > 0),
                })
              }
            />
            <Textarea
              label={t(p.note)}
              disabled={disabled}
              value={node.config.note}
              onChange={(e) => onConfigure({ ...node.config, note: e.currentTarget.value })}
            />
          </>
        );
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

function WaitFields({
  config,
  disabled,
  onChange,
}: {
  config: WaitConfig;
  disabled: boolean;
  onChange: (c: WaitConfig) => void;
}) {
  const intl = useIntl();
  const t = (d: MessageDescriptor) => intl.formatMessage(d);
  const zone = 'zone' in config ? config.zone : 'contact';
  const zones = [{ value: 'contact', label: t(p.contactZone) }, ...Intl.supportedValuesOf('timeZone')];
  return (
    <>
      <Select
        label={t(p.waitMode)}
        disabled={disabled}
        allowDeselect={false}
        value={config.mode}
        data={[
          { value: 'duration', label: t(p.waitDuration) },
          { value: 'until', label: t(p.waitUntil) },
          { value: 'weekday', label: t(p.waitWeekday) },
        ]}
        onChange={(v) =>
          onChange(
            v === 'until'
              ? { mode: 'until', at: '', zone: 'contact' }
              : v === 'weekday'
                ? { mode: 'weekday', weekdays: [1], hour: 9, zone: 'contact' }
                : { mode: 'duration', amount: 1, unit: 'days' },
          )
        }
      />
      {config.mode === 'duration' ? (
        <Group grow>
          <NumberInput
            label={t(p.amount)}
            disabled={disabled}
            min={0}
            value={config.amount}
            onChange={(v) => onChange({ ...config, amount: Number(v) || 0 })}
          />
          <Select
            label={t(p.unit)}
            disabled={disabled}
            allowDeselect={false}
            value={config.unit}
            data={(['minutes', 'hours', 'days'] as const).map((u) => ({ value: u, label: t(p[u]) }))}
            onChange={(v) => v && onChange({ ...config, unit: v as typeof config.unit })}
          />
        </Group>
      ) : null}
      {config.mode === 'until' ? (
        <TextInput
          label={t(p.at)}
          type="datetime-local"
          disabled={disabled}
          value={config.at}
          onChange={(e) => onChange({ ...config, at: e.currentTarget.value })}
        />
      ) : null}
      {config.mode === 'weekday' ? (
        <>
          <Chip.Group
            multiple
            value={config.weekdays.map(String)}
            onChange={(v) => onChange({ ...config, weekdays: v.map(Number) })}
          >
            <Group gap={4} aria-label={t(p.weekdays)} role="group">
              {WEEKDAYS.map((d) => (
                <Chip key={d} value={String(d)} size="xs" disabled={disabled}>
                  {t(wd[`d${d}`])}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          <NumberInput
            label={t(p.hour)}
            disabled={disabled}
            min={0}
            max={23}
            value={config.hour}
            onChange={(v) => onChange({ ...config, hour: Math.min(23, Math.max(0, Number(v) || 0)) })}
          />
        </>
      ) : null}
      {config.mode !== 'duration' ? (
        <Select
          label={t(p.zone)}
          disabled={disabled}
          searchable
          allowDeselect={false}
          value={zone}
          data={zones}
          onChange={(v) => v && onChange({ ...config, zone: v } as WaitConfig)}
        />
      ) : null}
    </>
  );
}
