import { MultiSelect, Textarea } from '@mantine/core';
import { useIntl } from 'react-intl';
import { panelMessages as p } from '../WorkflowEditorScreen.messages.ts';
import type { StepPanelProps } from './panelProps.ts';

/** Notify team: the members to notify and the note they read. */
export function NotifyPanel({ config, options, disabled, onConfigure }: StepPanelProps<'notify'>) {
  const intl = useIntl();
  return (
    <>
      <MultiSelect
        label={intl.formatMessage(p.members)}
        disabled={disabled}
        data={options.members.map((m) => ({ value: m.id, label: `${m.name} <${m.email}>` }))}
        value={config.memberIds.map(String)}
        onChange={(memberIds) => onConfigure({ ...config, memberIds })}
        searchable
      />
      <Textarea
        label={intl.formatMessage(p.note)}
        disabled={disabled}
        value={config.note}
        onChange={(e) => onConfigure({ ...config, note: e.currentTarget.value })}
      />
    </>
  );
}
