import { Select, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { panelMessages as p } from '../WorkflowEditorScreen.messages.ts';
import { idOf, type StepPanelProps } from './panelProps.ts';

/** Send email: the template the step sends (or a hint when the company has none yet). */
export function SendEmailPanel({ config, options, disabled, onConfigure }: StepPanelProps<'sendEmail'>) {
  const intl = useIntl();
  return options.templates.length === 0 ? (
    <Text size="sm">{intl.formatMessage(p.noTemplates)}</Text>
  ) : (
    <Select
      label={intl.formatMessage(p.template)}
      disabled={disabled}
      searchable
      data={options.templates.map((tpl) => ({ value: String(tpl.id), label: tpl.name }))}
      value={config.templateId ? String(config.templateId) : null}
      onChange={(v) => onConfigure({ templateId: idOf(v) })}
    />
  );
}
