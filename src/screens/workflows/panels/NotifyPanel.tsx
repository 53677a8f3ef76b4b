import { TextInput, Textarea } from '@mantine/core';
import { useIntl } from 'react-intl';
import { panelMessages as p } from '../WorkflowEditorScreen.messages.ts';
import type { StepPanelProps } from './panelProps.ts';

/** Notify team: the members to notify and the note they read. */
export function NotifyPanel({ config, disabled, onConfigure }: StepPanelProps<'notify'>) {
  const intl = useIntl();
  return (
    <>
      <TextInput
        label={intl.formatMessage(p.members)}
        disabled={disabled}
        value={config.memberIds.join(', ')}
        onChange={(e) =>
          onConfigure({
            ...config,
            memberIds: e.currentTarget.value
              .split(',')
              .map((s) => Number(s.trim()))
              .filter((n) => Number.isInteger(n) && n > 0),
          })
        }
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
