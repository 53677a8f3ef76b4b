import { Alert, Badge, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import type { Channel } from '../../../shared/messaging.ts';
import { actorOptions } from '../../app/inspect.ts';
import { ConfirmModal } from '../../components/contacts/ConfirmModal.tsx';
import { commonMessages } from '../../i18n/common.messages.ts';
import { sendControlsMachine } from '../../machines/sendControls/sendControls.machine.ts';
import { STATUS_COLOURS, STATUS_LABELS } from './labels.ts';
import { pendingReasonMessages } from './sending.messages.ts';
import { sendControlsMessages as m } from './SendControls.messages.ts';
import { Permitted } from '../shared/Permitted.tsx';

/**
 * A campaign's sending in its report while it is scheduled, sending or paused: how far it got, why recipients still
 * wait, and pause, resume and cancel (after a question). Hidden once the campaign has finished.
 */
export function SendControls({ channel, messageId }: { channel: Channel; messageId: number }) {
  const intl = useIntl();
  const actor = useActorRef(sendControlsMachine, { ...actorOptions(), input: { channel, messageId } });
  const state = useSelector(actor, (s) => s.context.state);
  const error = useSelector(actor, (s) => s.context.error);
  const conflict = useSelector(actor, (s) => s.context.conflict);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const confirming = useSelector(actor, (s) => s.matches('confirmingCancel'));
  const cancelling = useSelector(actor, (s) => s.matches('cancelling'));
  const canPause = useSelector(actor, (s) => s.can({ type: 'send.pause' }));
  const canResume = useSelector(actor, (s) => s.can({ type: 'send.resume' }));
  const canCancel = useSelector(actor, (s) => s.can({ type: 'send.cancel' }));
  if (failed) {
    return (
      <Alert color="red" role="alert" title={intl.formatMessage(m.loadFailed)}>
        <Button size="xs" variant="light" onClick={() => actor.send({ type: 'send.refresh' })}>
          {intl.formatMessage(commonMessages.retry)}
        </Button>
      </Alert>
    );
  }
  if (!state || !['sending', 'paused', 'scheduled'].includes(state.status)) return null;
  const done = state.sent + state.notDelivered + state.skipped;
  const total = Math.max(state.recipientsTotal, 1);
  return (
    <Paper withBorder p="md" radius="md" aria-busy={busy} data-testid="send-controls">
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="xs">
            <Title order={2} size="h4">
              {intl.formatMessage(m.title)}
            </Title>
            <Badge color={STATUS_COLOURS[state.status]} variant="light">
              {intl.formatMessage(STATUS_LABELS[state.status])}
            </Badge>
          </Group>
          <Group gap="xs">
            {canPause || state.status === 'sending' ? (
              <Permitted permission="messages:send">
                <Button variant="default" disabled={!canPause} onClick={() => actor.send({ type: 'send.pause' })}>
                  {intl.formatMessage(m.pause)}
                </Button>
              </Permitted>
            ) : null}
            {canResume || state.status === 'paused' ? (
              <Permitted permission="messages:send">
                <Button disabled={!canResume} onClick={() => actor.send({ type: 'send.resume' })}>
                  {intl.formatMessage(m.resume)}
                </Button>
              </Permitted>
            ) : null}
            <Permitted permission="messages:send">
              <Button
                variant="subtle"
                color="red"
                disabled={!canCancel}
                onClick={() => actor.send({ type: 'send.cancel' })}
              >
                {intl.formatMessage(m.cancel)}
              </Button>
            </Permitted>
          </Group>
        </Group>
        {state.status === 'scheduled' && state.scheduledAt ? (
          <Text size="sm">{intl.formatMessage(m.scheduled, { at: new Date(state.scheduledAt) })}</Text>
        ) : (
          <>
            <Progress
              value={(done / total) * 100}
              aria-label={intl.formatMessage(m.progress, { done, total: state.recipientsTotal })}
            />
            <Text size="sm">{intl.formatMessage(m.progress, { done, total: state.recipientsTotal })}</Text>
            <Text size="sm" c="dimmed">
              {intl.formatMessage(m.counts, {
                sent: state.sent,
                pending: state.pending,
                deferred: state.deferred,
                notDelivered: state.notDelivered,
              })}
            </Text>
          </>
        )}
        {state.status === 'paused' && state.pendingReason !== 'sender_unverified' ? (
          <Text size="sm">{intl.formatMessage(m.paused)}</Text>
        ) : null}
        {state.pendingReason ? (
          <Alert color={state.pendingReason === 'sender_unverified' ? 'orange' : 'blue'} role="status">
            {intl.formatMessage(pendingReasonMessages[state.pendingReason])}
          </Alert>
        ) : null}
        {conflict ? (
          <Alert color="orange" role="alert">
            {conflict}
          </Alert>
        ) : null}
        {error === 'actionFailed' ? (
          <Alert color="red" role="alert">
            {intl.formatMessage(m.actionFailed)}
          </Alert>
        ) : null}
      </Stack>
      <ConfirmModal
        opened={confirming || cancelling}
        title={intl.formatMessage(m.confirmTitle)}
        text={intl.formatMessage(m.confirmText)}
        confirmLabel={intl.formatMessage(m.cancel)}
        cancelLabel={intl.formatMessage(m.keepSending)}
        busy={cancelling}
        onConfirm={() => actor.send({ type: 'cancel.confirm' })}
        onCancel={() => actor.send({ type: 'cancel.dismiss' })}
      />
    </Paper>
  );
}
