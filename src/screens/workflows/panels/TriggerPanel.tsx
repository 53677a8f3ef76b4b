import { Group, NumberInput, Select, Text, TextInput } from '@mantine/core';
import { useIntl, type MessageDescriptor } from 'react-intl';
import type { NodeConfigs, ProblemCode, TriggerType } from '../../../machines/workflowEditor/workflowEditor.types.ts';
import { CUSTOM_EVENT_NAME, DATE_TRIGGER, TRIGGER_TYPES } from '../../../machines/workflowEditor/workflowGraph.ts';
import {
  panelMessages as p,
  triggerHintMessages as th,
  triggerMessages as tm,
  triggerPanelMessages as tp,
} from '../WorkflowEditorScreen.messages.ts';
import { idOf, type StepPanelProps } from './panelProps.ts';

type TriggerConfig = NodeConfigs['trigger'];

/** The configuration a trigger type starts with when picked (a date trigger: every year, on the day, at 9 UTC). */
export function triggerDefaults(type: TriggerType): TriggerConfig {
  return type === 'dateAttribute'
    ? {
        type,
        attributeId: null,
        dateMode: 'anniversary',
        offsetDays: 0,
        hour: DATE_TRIGGER.defaultHour,
        zone: DATE_TRIGGER.defaultZone,
      }
    : { type };
}

const ZONES = Intl.supportedValuesOf('timeZone');

/**
 * The trigger: its type, then that type's fields (a list, a segment, an attribute with an optional value, a date
 * attribute with an offset and an hour, a link, an event name). The field the trigger still needs is marked when the
 * node's problems (shown after an activation attempt) name it.
 */
export function TriggerPanel(props: StepPanelProps<'trigger'> & { problems: ProblemCode[] }) {
  const { config: c, options, disabled, onConfigure, problems } = props;
  const intl = useIntl();
  const t = (d: MessageDescriptor) => intl.formatMessage(d);
  const set = (patch: Partial<TriggerConfig>) => onConfigure({ ...c, ...patch });
  const missing = problems.includes('triggerIncomplete') ? t(p.required) : undefined;
  const dateAttributes = options.attributes.filter((a) => a.type === 'date');
  const offset = c.offsetDays ?? 0;
  const eventName = c.eventName ?? '';
  const hour = c.hour ?? DATE_TRIGGER.defaultHour;
  const max = DATE_TRIGGER.maxOffsetDays;
  return (
    <>
      <Select
        label={t(p.triggerType)}
        disabled={disabled}
        value={c.type}
        allowDeselect={false}
        data={TRIGGER_TYPES.map((type) => ({ value: type, label: t(tm[type]) }))}
        onChange={(v) => v && v !== c.type && onConfigure(triggerDefaults(v as TriggerType))}
      />
      <Text size="sm" c="dimmed" data-testid="trigger-hint">
        {t(th[c.type])}
      </Text>
      {c.type === 'listAdded' ? (
        <Select
          label={t(p.list)}
          disabled={disabled}
          searchable
          data={options.lists.map((l) => ({ value: String(l.id), label: l.name }))}
          value={c.listId ? String(c.listId) : null}
          error={c.listId ? undefined : missing}
          onChange={(v) => set({ listId: idOf(v) })}
        />
      ) : null}
      {c.type === 'segmentEntered' ? (
        <Select
          label={t(p.segment)}
          disabled={disabled}
          searchable
          data={options.segments.map((s) => ({ value: String(s.id), label: s.name }))}
          value={c.segmentId ? String(c.segmentId) : null}
          error={c.segmentId ? undefined : missing}
          onChange={(v) => set({ segmentId: idOf(v) })}
        />
      ) : null}
      {c.type === 'attributeChanged' ? (
        <>
          <Select
            label={t(p.attribute)}
            disabled={disabled}
            searchable
            data={options.attributes.map((a) => ({ value: String(a.id), label: a.name }))}
            value={c.attributeId ? String(c.attributeId) : null}
            error={c.attributeId ? undefined : missing}
            onChange={(v) => set({ attributeId: idOf(v) })}
          />
          <TextInput
            label={t(tp.changedTo)}
            description={t(p.valueAny)}
            disabled={disabled}
            maxLength={500}
            value={c.value ?? ''}
            onChange={(e) => set({ value: e.currentTarget.value })}
          />
        </>
      ) : null}
      {c.type === 'dateAttribute' ? (
        <>
          <Select
            label={t(tp.dateAttribute)}
            description={dateAttributes.length ? undefined : t(tp.noDateAttributes)}
            disabled={disabled}
            searchable
            data={dateAttributes.map((a) => ({ value: String(a.id), label: a.name }))}
            value={c.attributeId ? String(c.attributeId) : null}
            error={c.attributeId ? undefined : missing}
            onChange={(v) => set({ attributeId: idOf(v) })}
          />
          <Select
            label={t(tp.dateMode)}
            disabled={disabled}
            allowDeselect={false}
            value={c.dateMode ?? 'anniversary'}
            data={[
              { value: 'anniversary', label: t(tp.anniversary) },
              { value: 'exact', label: t(tp.exact) },
            ]}
            onChange={(v) => v && set({ dateMode: v as 'anniversary' | 'exact' })}
          />
          <Group grow align="flex-start">
            <NumberInput
              label={t(tp.offsetAmount)}
              disabled={disabled}
              min={0}
              max={max}
              allowDecimal={false}
              value={Math.abs(offset)}
              onChange={(v) => {
                const days = Math.min(max, Math.max(0, Math.trunc(Number(v) || 0)));
                set({ offsetDays: offset < 0 ? -days : days });
              }}
            />
            <Select
              label={t(tp.offsetWhen)}
              disabled={disabled}
              allowDeselect={false}
              value={offset < 0 ? 'before' : 'after'}
              data={[
                { value: 'before', label: t(tp.before) },
                { value: 'after', label: t(tp.after) },
              ]}
              onChange={(v) => set({ offsetDays: v === 'before' ? -Math.abs(offset) : Math.abs(offset) })}
            />
          </Group>
          <NumberInput
            label={t(p.hour)}
            disabled={disabled}
            min={0}
            max={23}
            allowDecimal={false}
            value={hour}
            onChange={(v) => set({ hour: Math.min(23, Math.max(0, Math.trunc(Number(v) || 0))) })}
          />
          <Select
            label={t(p.zone)}
            disabled={disabled}
            searchable
            allowDeselect={false}
            value={c.zone ?? DATE_TRIGGER.defaultZone}
            data={ZONES}
            onChange={(v) => v && set({ zone: v })}
          />
          <Text size="sm" data-testid="trigger-date-summary">
            {offset === 0
              ? intl.formatMessage(tp.dateOn, { hour })
              : intl.formatMessage(offset < 0 ? tp.dateBefore : tp.dateAfter, { days: Math.abs(offset), hour })}
          </Text>
        </>
      ) : null}
      {c.type === 'emailClicked' ? (
        <TextInput
          label={t(p.link)}
          disabled={disabled}
          maxLength={2000}
          value={c.link ?? ''}
          onChange={(e) => set({ link: e.currentTarget.value })}
        />
      ) : null}
      {c.type === 'customEvent' ? (
        <TextInput
          label={t(p.eventName)}
          description={t(tp.eventNameHint)}
          disabled={disabled}
          maxLength={100}
          value={eventName}
          error={
            eventName.trim() === '' ? missing : CUSTOM_EVENT_NAME.test(eventName) ? undefined : t(tp.eventNameInvalid)
          }
          onChange={(e) => set({ eventName: e.currentTarget.value })}
        />
      ) : null}
    </>
  );
}
