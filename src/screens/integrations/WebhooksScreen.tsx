import { Alert, Button, Divider, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { actorOptions } from '../../app/inspect.ts';
import { ConfirmModal } from '../../components/contacts/ConfirmModal.tsx';
import { commonMessages } from '../../i18n/common.messages.ts';
import { webhookEndpointsMachine } from '../../machines/webhooks/webhookEndpoints.machine.ts';
import { DeliveryLog } from './webhooks/DeliveryLog.tsx';
import { EndpointFormModal } from './webhooks/EndpointFormModal.tsx';
import { EndpointsTable } from './webhooks/EndpointsTable.tsx';
import { SecretPanel } from './webhooks/SecretPanel.tsx';
import { webhooksMessages as m } from './WebhooksScreen.messages.ts';
import { Permitted } from '../shared/Permitted.tsx';

/** Integrations → Webhooks: the endpoints, the form, and the selected endpoint's secret and delivery log. */
export function WebhooksScreen() {
  const intl = useIntl();
  const actor = useActorRef(webhookEndpointsMachine, actorOptions());
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'));
  const canAct = useSelector(actor, (s) => s.matches('ready'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const endpoints = useSelector(actor, (s) => s.context.endpoints);
  const selectedId = useSelector(actor, (s) => s.context.selectedId);
  const notice = useSelector(actor, (s) => s.context.notice);
  const error = useSelector(actor, (s) => s.context.error);
  const confirming = useSelector(actor, (s) => s.matches('confirmingDelete') || s.matches('deleting'));
  const deleting = useSelector(actor, (s) => s.matches('deleting'));
  const target = useSelector(actor, (s) => s.context.endpoints.find((e) => e.id === s.context.targetId));
  return (
    <Stack gap="lg" maw={1200} aria-busy={busy}>
      <Paper withBorder p="xl" radius="md">
        <Stack>
          <Text c="dimmed">{intl.formatMessage(m.intro)}</Text>
          {loading ? <Loader size="sm" aria-label={intl.formatMessage(commonMessages.loading)} /> : null}
          {error ? (
            <Alert color="red" role="alert">
              {intl.formatMessage(m[error])}
            </Alert>
          ) : null}
          {notice ? (
            <Alert
              color="teal"
              role="status"
              withCloseButton
              closeButtonLabel={intl.formatMessage(commonMessages.close)}
              onClose={() => actor.send({ type: 'notice.dismiss' })}
            >
              {intl.formatMessage(m[notice])}
            </Alert>
          ) : null}
          {loadFailed ? (
            <Button w="fit-content" onClick={() => actor.send({ type: 'endpoints.retry' })}>
              {intl.formatMessage(commonMessages.retry)}
            </Button>
          ) : null}
          {!loading && !loadFailed ? (
            <>
              <Group>
                <Permitted permission="webhooks:manage">
                  <Button disabled={!canAct} onClick={() => actor.send({ type: 'endpoint.add' })}>
                    {intl.formatMessage(m.add)}
                  </Button>
                </Permitted>
              </Group>
              {endpoints.length ? <EndpointsTable actor={actor} /> : <Text>{intl.formatMessage(m.empty)}</Text>}
            </>
          ) : null}
        </Stack>
      </Paper>
      {selectedId !== null ? (
        <Paper withBorder p="xl" radius="md" key={selectedId}>
          <Stack>
            <SecretPanel endpointId={selectedId} />
            <Divider />
            <DeliveryLog endpointId={selectedId} />
          </Stack>
        </Paper>
      ) : null}
      <EndpointFormModal actor={actor} />
      <ConfirmModal
        opened={confirming}
        title={intl.formatMessage(m.confirmTitle)}
        text={intl.formatMessage(m.confirmText, { url: target?.url ?? '' })}
        confirmLabel={intl.formatMessage(m.delete)}
        cancelLabel={intl.formatMessage(commonMessages.cancel)}
        busy={deleting}
        onConfirm={() => actor.send({ type: 'delete.confirm' })}
        onCancel={() => actor.send({ type: 'delete.cancel' })}
      />
    </Stack>
  );
}
