import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { actorOptions } from '../../../app/inspect.ts';
import { ConfirmModal } from '../../../components/contacts/ConfirmModal.tsx';
import { commonMessages } from '../../../i18n/common.messages.ts';
import { webhookSecretMachine } from '../../../machines/webhooks/webhookSecret.machine.ts';
import { webhooksMessages as m } from '../WebhooksScreen.messages.ts';
import { Permitted } from '../../shared/Permitted.tsx';

/** The endpoint's signing secret, shown on demand, with its rotation behind a confirmation. */
export function SecretPanel({ endpointId }: { endpointId: number }) {
  const intl = useIntl();
  const actor = useActorRef(webhookSecretMachine, { ...actorOptions(), input: { endpointId } });
  const secret = useSelector(actor, (s) => s.context.secret);
  const error = useSelector(actor, (s) => s.context.error);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const confirming = useSelector(actor, (s) => s.matches('confirmingRotate') || s.matches('rotating'));
  const rotating = useSelector(actor, (s) => s.matches('rotating'));
  return (
    <Stack gap="xs">
      <Text fw={600}>{intl.formatMessage(m.secret)}</Text>
      <Text size="sm" c="dimmed">
        {intl.formatMessage(m.secretHelp)}
      </Text>
      {error ? (
        <Alert color="red" role="alert">
          {intl.formatMessage(error === 'revealFailed' ? m.revealFailed : m.rotateFailed)}
        </Alert>
      ) : null}
      {secret ? (
        <Stack gap={4}>
          <Group gap="xs">
            <Code data-testid="webhook-secret">{secret.secret}</Code>
            <CopyButton value={secret.secret}>
              {({ copied, copy }) => (
                <Button size="xs" variant="light" onClick={copy}>
                  {intl.formatMessage(copied ? m.copied : m.copy)}
                </Button>
              )}
            </CopyButton>
          </Group>
          {secret.previousSecret && secret.previousSecretUntil ? (
            <Text size="sm">
              {intl.formatMessage(m.previousSecret, {
                until: intl.formatDate(secret.previousSecretUntil, { dateStyle: 'medium', timeStyle: 'short' }),
              })}{' '}
              <Code>{secret.previousSecret}</Code>
            </Text>
          ) : null}
        </Stack>
      ) : null}
      <Group gap="xs">
        <Permitted permission="webhooks:manage">
          <Button
            size="xs"
            variant="default"
            loading={busy && !confirming}
            onClick={() => actor.send({ type: secret ? 'secret.hide' : 'secret.reveal' })}
          >
            {intl.formatMessage(secret ? m.hide : m.reveal)}
          </Button>
        </Permitted>
        <Permitted permission="webhooks:manage">
          <Button size="xs" variant="default" color="orange" onClick={() => actor.send({ type: 'secret.rotate' })}>
            {intl.formatMessage(m.rotate)}
          </Button>
        </Permitted>
      </Group>
      <ConfirmModal
        opened={confirming}
        title={intl.formatMessage(m.rotateTitle)}
        text={intl.formatMessage(m.rotateText)}
        confirmLabel={intl.formatMessage(m.rotate)}
        cancelLabel={intl.formatMessage(commonMessages.cancel)}
        busy={rotating}
        onConfirm={() => actor.send({ type: 'rotate.confirm' })}
        onCancel={() => actor.send({ type: 'rotate.cancel' })}
      />
    </Stack>
  );
}
