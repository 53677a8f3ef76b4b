import { Alert, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { actorOptions } from '../../app/inspect.ts';
import { commonMessages } from '../../i18n/common.messages.ts';
import { notificationSettingsMachine } from '../../machines/notificationSettings/notificationSettings.machine.ts';
import {
  selectBusy,
  selectCanDiscard,
  selectCanSave,
  selectError,
  selectIsDirty,
  selectIsRejected,
  selectStep,
} from '../../machines/notificationSettings/notificationSettings.selectors.ts';
import { NotificationsCategories } from './NotificationsCategories.tsx';
import { NotificationsDigest } from './NotificationsDigest.tsx';
import { notificationsMessages as m } from './NotificationsScreen.messages.ts';

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Account → Notifications: categories × channels, the activity digest and its schedule. */
export function NotificationsScreen() {
  const intl = useIntl();
  const actor = useActorRef(notificationSettingsMachine, { ...actorOptions(), input: { timeZone: browserTimeZone() } });
  const step = useSelector(actor, selectStep);
  const busy = useSelector(actor, selectBusy);
  const error = useSelector(actor, selectError);
  const dirty = useSelector(actor, selectIsDirty);
  const canSave = useSelector(actor, selectCanSave);
  const canDiscard = useSelector(actor, selectCanDiscard);
  const rejected = useSelector(actor, selectIsRejected);
  return (
    <Paper withBorder p="xl" radius="md" maw={820}>
      <Stack aria-busy={busy}>
        <Text c="dimmed">{intl.formatMessage(m.intro)}</Text>
        {step === 'loading' ? <Loader size="sm" aria-label={intl.formatMessage(commonMessages.loading)} /> : null}
        {error ? (
          <Alert color="red" role="alert">
            {intl.formatMessage(error === 'loadFailed' ? m.loadFailed : m.saveFailed)}
          </Alert>
        ) : null}
        {rejected ? (
          <Alert color="red" role="alert">
            {intl.formatMessage(m.rejected)}
          </Alert>
        ) : null}
        {step === 'loadFailed' ? (
          <Button w="fit-content" onClick={() => actor.send({ type: 'settings.retry' })}>
            {intl.formatMessage(commonMessages.retry)}
          </Button>
        ) : null}
        <NotificationsCategories actor={actor} />
        <NotificationsDigest actor={actor} />
        {step === 'loading' || step === 'loadFailed' ? null : (
          <Group>
            <Button loading={busy} disabled={!canSave} onClick={() => actor.send({ type: 'settings.save' })}>
              {intl.formatMessage(m.save)}
            </Button>
            {canDiscard ? (
              <Button variant="default" onClick={() => actor.send({ type: 'settings.discard' })}>
                {intl.formatMessage(m.discard)}
              </Button>
            ) : null}
            <Text size="sm" role="status" c={step === 'saved' ? 'teal' : 'dimmed'} data-testid="notifications-status">
              {step === 'saved' ? intl.formatMessage(m.saved) : dirty ? intl.formatMessage(m.unsaved) : ''}
            </Text>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
