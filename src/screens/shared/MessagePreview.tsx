import { Alert, Box, Button, Group, Paper, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { PREVIEW_WIDTHS, type PreviewDevice } from '../../../shared/templates.ts';
import { commonMessages } from '../../i18n/common.messages.ts';
import { messagePreviewMachine, type PreviewTarget } from '../../machines/messagePreview/messagePreview.machine.ts';
import { previewMessages as m } from './MessagePreview.messages.ts';

interface MessagePreviewProps {
  target: PreviewTarget;
}

/**
 * A template or message as a chosen contact would see it, at desktop (600 px) or mobile (375 px) width: the HTML in a
 * sandboxed iframe (`srcdoc`, no scripts), the subject above it. Used by the template editor, `/preview/{id}` and the
 * message wizard's content step.
 */
export function MessagePreview({ target }: MessagePreviewProps) {
  const intl = useIntl();
  const actor = useActorRef(messagePreviewMachine, { input: { target } });
  const device = useSelector(actor, (s) => s.context.device);
  const rendered = useSelector(actor, (s) => s.context.rendered);
  const contacts = useSelector(actor, (s) => s.context.contacts);
  const contactId = useSelector(actor, (s) => s.context.contactId);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const failed = useSelector(actor, (s) => s.hasTag('error'));
  const deviceLabel = intl.formatMessage(device === 'desktop' ? m.desktop : m.mobile);

  return (
    <Stack gap="sm">
      <Group align="flex-end" wrap="wrap">
        <Select
          label={intl.formatMessage(m.contact)}
          placeholder={intl.formatMessage(m.contactPlaceholder)}
          searchable
          clearable
          w={320}
          data={contacts.map((c) => ({ value: String(c.id), label: c.label }))}
          value={contactId === null ? null : String(contactId)}
          filter={({ options }) => options}
          onSearchChange={(q) => actor.send({ type: 'contacts.search', q })}
          onChange={(value) => actor.send({ type: 'preview.contact', contactId: value ? Number(value) : null })}
        />
        <SegmentedControl
          aria-label={intl.formatMessage(m.device)}
          value={device}
          onChange={(value) => actor.send({ type: 'preview.device', device: value as PreviewDevice })}
          data={[
            { value: 'desktop', label: intl.formatMessage(m.desktop) },
            { value: 'mobile', label: intl.formatMessage(m.mobile) },
          ]}
        />
      </Group>
      {failed ? (
        <Alert color="red" role="alert">
          <Group justify="space-between">
            <Text size="sm">{intl.formatMessage(m.loadFailed)}</Text>
            <Button size="xs" variant="light" onClick={() => actor.send({ type: 'preview.retry' })}>
              {intl.formatMessage(commonMessages.retry)}
            </Button>
          </Group>
        </Alert>
      ) : (
        <Paper withBorder p="sm" aria-busy={busy}>
          <Text size="sm" mb="xs">
            <Text span fw={600}>
              {intl.formatMessage(m.subject)}:{' '}
            </Text>
            {rendered?.subject || intl.formatMessage(m.noSubject)}
          </Text>
          <Box mx="auto" w={PREVIEW_WIDTHS[device]} maw="100%" data-device={device}>
            <iframe
              title={intl.formatMessage(m.frame, { device: deviceLabel })}
              srcDoc={rendered?.html ?? ''}
              sandbox=""
              width={PREVIEW_WIDTHS[device]}
              style={{ border: 0, width: '100%', height: '60vh', background: 'white' }}
            />
          </Box>
        </Paper>
      )}
    </Stack>
  );
}
