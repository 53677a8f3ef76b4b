import { Select } from '@mantine/core';
import { useIntl } from 'react-intl';
import { panelMessages as p } from '../WorkflowEditorScreen.messages.ts';
import { idOf, type StepPanelProps } from './panelProps.ts';

/** Add to list / remove from list: the list the step changes. */
export function ListPanel({ config, options, disabled, onConfigure }: StepPanelProps<'addToList' | 'removeFromList'>) {
  const intl = useIntl();
  return (
    <Select
      label={intl.formatMessage(p.list)}
      disabled={disabled}
      data={options.lists.map((l) => ({ value: String(l.id), label: l.name }))}
      value={config.listId ? String(config.listId) : null}
      onChange={(v) => onConfigure({ listId: idOf(v) })}
    />
  );
}
