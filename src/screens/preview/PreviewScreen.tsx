import { Container, Stack, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { MessagePreview } from '../shared/MessagePreview.tsx';
import { previewScreenMessages as m } from './PreviewScreen.messages.ts';

/**
 * `/preview/{id}`: a message as a chosen recipient would see it, in the clean layout. Messages are previewed through
 * the email channel, the one live channel (the route carries no channel; another channel's message answers 404 there).
 */
export function PreviewScreen() {
  const intl = useIntl();
  const id = Number(useParams().id);
  return (
    <Container size="md" py="lg">
      <Stack>
        <Title order={2} size="h3">
          {intl.formatMessage(m.title, { id })}
        </Title>
        <Text c="dimmed">{intl.formatMessage(m.intro)}</Text>
        <MessagePreview key={id} target={{ kind: 'message', channel: 'email', id }} />
      </Stack>
    </Container>
  );
}
