import { Alert, Button, Grid, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { actorOptions } from '../../app/inspect.ts';
import { commonMessages } from '../../i18n/common.messages.ts';
import { unsubscribeSettingsMachine } from '../../machines/unsubscribeSettings/unsubscribeSettings.machine.ts';
import {
  selectBusy,
  selectCanDiscard,
  selectCanSave,
  selectError,
  selectIsDirty,
  selectIsRejected,
  selectStep,
} from '../../machines/unsubscribeSettings/unsubscribeSettings.selectors.ts';
import { UnsubscribeSettingsForm } from './UnsubscribeSettingsForm.tsx';
import { UnsubscribeSettingsPreview } from './UnsubscribeSettingsPreview.tsx';
import { unsubscribeSettingsMessages as m } from './UnsubscribeSettingsScreen.messages.ts';

/** Multichannel → Settings → Unsubscribe page: texts per language, colours, list choice, with a live preview. */
export function UnsubscribeSettingsScreen() {
  const intl = useIntl();
  const actor = useActorRef(unsubscribeSettingsMachine, actorOptions());
  const step = useSelector(actor, selectStep);
  const busy = useSelector(actor, selectBusy);
  const error = useSelector(actor, selectError);
  const dirty = useSelector(actor, selectIsDirty);
  const canSave = useSelector(actor, selectCanSave);
  const canDiscard = useSelector(actor, selectCanDiscard);
  const rejected = useSelector(actor, selectIsRejected);
  return (
    <Paper withBorder p="xl" radius="md">
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
        {step === 'loading' || step === 'loadFailed' ? null : (
          <>
            <Grid gap="xl">
              <Grid.Col span={{ base: 12, md: 6 }}>
                <UnsubscribeSettingsForm actor={actor} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 6 }}>
                <UnsubscribeSettingsPreview actor={actor} />
              </Grid.Col>
            </Grid>
            <Group>
              <Button loading={busy} disabled={!canSave} onClick={() => actor.send({ type: 'settings.save' })}>
                {intl.formatMessage(m.save)}
              </Button>
              {canDiscard ? (
                <Button variant="default" onClick={() => actor.send({ type: 'settings.discard' })}>
                  {intl.formatMessage(m.discard)}
                </Button>
              ) : null}
              <Text size="sm" role="status" c={step === 'saved' ? 'teal' : 'dimmed'} data-testid="unsubscribe-status">
                {step === 'saved' ? intl.formatMessage(m.saved) : dirty ? intl.formatMessage(m.unsaved) : ''}
              </Text>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
