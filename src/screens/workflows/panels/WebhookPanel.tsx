import { TextInput } from '@mantine/core';
import { useIntl } from 'react-intl';
import { panelMessages as p } from '../WorkflowEditorScreen.messages.ts';
import type { StepPanelProps } from './panelProps.ts';

/** Webhook: the URL the step posts the contact to. */
export function WebhookPanel({ config, disabled, onConfigure }: StepPanelProps<'webhook'>) {
  const intl = useIntl();
  return (
    <TextInput
      label={intl.formatMessage(p.url)}
      description={intl.formatMessage(p.urlHint)}
      disabled={disabled}
      type="url"
      value={config.url}
      onChange={(e) => onConfigure({ url: e.currentTarget.value })}
    />
  );
}
