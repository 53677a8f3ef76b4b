import { Select, TextInput } from '@mantine/core';
import { useIntl } from 'react-intl';
import { panelMessages as p } from '../WorkflowEditorScreen.messages.ts';
import { idOf, type StepPanelProps } from './panelProps.ts';

/** Update attribute: which contact attribute the step sets, and to what value. */
export function UpdateAttributePanel({ config, options, disabled, onConfigure }: StepPanelProps<'updateAttribute'>) {
  const intl = useIntl();
  return (
    <>
      <Select
        label={intl.formatMessage(p.attribute)}
        disabled={disabled}
        data={options.attributes.map((a) => ({ value: String(a.id), label: a.name }))}
        value={config.attributeId ? String(config.attributeId) : null}
        onChange={(v) => onConfigure({ ...config, attributeId: idOf(v) })}
      />
      <TextInput
        label={intl.formatMessage(p.value)}
        disabled={disabled}
        value={config.value}
        onChange={(e) => onConfigure({ ...config, value: e.currentTarget.value })}
      />
    </>
  );
}
