import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { commonMessages } from '../../i18n/common.messages.ts';
import { errorPageMessages } from '../../i18n/errors.messages.ts';

function NotFoundView() {
  const intl = useIntl();
  return (
    <Stack align="center" gap="sm" py="xl" data-testid="not-found">
      <Text c="dimmed" fw={700} size="xl" aria-hidden>
        404
      </Text>
      <Title order={1}>{intl.formatMessage(errorPageMessages.notFound)}</Title>
      <Text c="dimmed" ta="center">
        {intl.formatMessage(errorPageMessages.notFoundHelp)}
      </Text>
      <Button component={Link} to="/" mt="md">
        {intl.formatMessage(commonMessages.goHome)}
      </Button>
    </Stack>
  );
}

function ServerErrorView({ status }: { status: number }) {
  const intl = useIntl();
  return (
    <Stack align="center" gap="sm" py="xl" data-testid="server-error">
      <Text c="red" fw={700} size="xl">
        {intl.formatMessage(errorPageMessages.statusCode, { status })}
      </Text>
      <Title order={1}>{intl.formatMessage(errorPageMessages.internal)}</Title>
      <Text c="dimmed" ta="center">
        {intl.formatMessage(errorPageMessages.internalHelp)}
      </Text>
      <Group mt="md">
        <Button onClick={() => window.location.reload()}>{intl.formatMessage(errorPageMessages.reload)}</Button>
        <Button component={Link} to="/" variant="default">
          {intl.formatMessage(commonMessages.goHome)}
        </Button>
      </Group>
    </Stack>
  );
}

/** The error page: the status code (default 500) and its status message; 404 has its own sub-view. */
export function ErrorScreen({ status = 500 }: { status?: number }) {
  return status === 404 ? <NotFoundView /> : <ServerErrorView status={status} />;
}
