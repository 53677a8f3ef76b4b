import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { commonMessages } from '../../../i18n/common.messages.ts';
import type { templateEditorMachine } from '../../../machines/templateEditor/templateEditor.machine.ts';
import { editorMessages as m } from './templates.messages.ts';

interface SourceViewProps {
  actor: ActorRefFrom<typeof templateEditorMachine>;
  opened: boolean;
  /** Email edits MJML (applied to the designer); other channels edit their text. */
  email: boolean;
}

/** The template's source by hand: MJML for email. Applying it rebuilds the designer from this source. */
export function SourceView({ actor, opened, email }: SourceViewProps) {
  const intl = useIntl();
  const source = useSelector(actor, (s) => s.context.sourceDraft);
  return (
    <Modal
      opened={opened}
      onClose={() => actor.send({ type: 'source.cancel' })}
      title={intl.formatMessage(email ? m.source : m.body)}
      size="xl"
    >
      <Stack>
        {email && (
          <Text size="sm" c="dimmed">
            {intl.formatMessage(m.sourceHint)}
          </Text>
        )}
        <Textarea
          label={intl.formatMessage(email ? m.sourceLabel : m.body)}
          value={source}
          onChange={(e) => actor.send({ type: 'source.edit', source: e.currentTarget.value })}
          autosize
          minRows={16}
          maxRows={30}
          spellCheck={false}
          styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => actor.send({ type: 'source.cancel' })}>
            {intl.formatMessage(commonMessages.cancel)}
          </Button>
          <Button onClick={() => actor.send({ type: 'source.apply' })}>{intl.formatMessage(m.sourceApply)}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
