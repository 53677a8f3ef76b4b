import { Chip, Group, NumberInput, Select, TextInput } from '@mantine/core';
import { useIntl, type MessageDescriptor } from 'react-intl';
import type { WaitConfig } from '../../../machines/workflowEditor/workflowGraph.ts';
import { panelMessages as p, weekdayMessages as wd } from '../WorkflowEditorScreen.messages.ts';
import type { StepPanelProps } from './panelProps.ts';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 0] as const;

/** Wait: a duration, until a date/time, or until the next chosen weekday and hour, in the contact's or a fixed zone. */
export function WaitPanel({ config, disabled, onConfigure: onChange }: StepPanelProps<'wait'>) {
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
