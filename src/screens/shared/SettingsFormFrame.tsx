import { Alert, Box, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import type { AnyActorRef } from 'xstate';
import type { Permission } from '../../../shared/permissions.ts';
import { useCan } from '../../app/permissions.ts';
import { commonMessages } from '../../i18n/common.messages.ts';
import {
  selectBusy,
  selectCanDiscard,
  selectCanSave,
  selectError,
  selectIsDirty,
  selectIsRejected,
  selectStep,
} from '../../machines/settingsForm/settingsForm.selectors.ts';
import { Permitted } from './Permitted.tsx';

/** The texts a settings screen names its own way. */
export interface SettingsFormTexts {
  intro: MessageDescriptor;
  loadFailed: MessageDescriptor;
  saveFailed: MessageDescriptor;
  rejected: MessageDescriptor;
  save: MessageDescriptor;
  discard: MessageDescriptor;
  saved: MessageDescriptor;
  unsaved: MessageDescriptor;
}

interface Props {
  /** An actor of a machine built with createSettingsFormMachine. */
  actor: AnyActorRef;
  texts: SettingsFormTexts;
  /** The status line's test id (the e2e specs read it). */
  statusTestId: string;
  /** The form's fields; `loaded` says whether the settings are in (the fields may show their own loading). */
  children: (loaded: boolean) => ReactNode;
  maw?: number;
  /** The permission saving needs (company settings); without it the fields and Save are disabled. */
  permission?: Permission;
}

/**
 * What every settings screen shows around its fields, from the settings form chart's state: the loader, the load and
 * save failures, a 422's summary, a retry after a failed load, and Save, Discard and the saved/unsaved status.
 */
export function SettingsFormFrame({ actor, texts, statusTestId, children, maw, permission = 'self' }: Props) {
  const intl = useIntl();
  const step = useSelector(actor, selectStep);
  const busy = useSelector(actor, selectBusy);
  const error = useSelector(actor, selectError);
  const dirty = useSelector(actor, selectIsDirty);
  const canSave = useSelector(actor, selectCanSave);
  const canDiscard = useSelector(actor, selectCanDiscard);
  const rejected = useSelector(actor, selectIsRejected);
  const loaded = step !== 'loading' && step !== 'loadFailed';
  const mayChange = useCan(permission);
  return (
    <Paper withBorder p="xl" radius="md" maw={maw}>
      <Stack aria-busy={busy}>
        <Text c="dimmed">{intl.formatMessage(texts.intro)}</Text>
        {step === 'loading' ? <Loader size="sm" aria-label={intl.formatMessage(commonMessages.loading)} /> : null}
        {error ? (
          <Alert color="red" role="alert">
            {intl.formatMessage(error === 'loadFailed' ? texts.loadFailed : texts.saveFailed)}
          </Alert>
        ) : null}
        {rejected ? (
          <Alert color="red" role="alert">
            {intl.formatMessage(texts.rejected)}
          </Alert>
        ) : null}
        {step === 'loadFailed' ? (
          <Button w="fit-content" onClick={() => actor.send({ type: 'settings.retry' })}>
            {intl.formatMessage(commonMessages.retry)}
          </Button>
        ) : null}
        <Box component="fieldset" disabled={!mayChange} m={0} p={0} bd={0} miw={0}>
          {children(loaded)}
        </Box>
        {loaded ? (
          <Group>
            <Permitted permission={permission}>
              <Button loading={busy} disabled={!canSave} onClick={() => actor.send({ type: 'settings.save' })}>
                {intl.formatMessage(texts.save)}
              </Button>
            </Permitted>
            {canDiscard ? (
              <Button variant="default" onClick={() => actor.send({ type: 'settings.discard' })}>
                {intl.formatMessage(texts.discard)}
              </Button>
            ) : null}
            <Text size="sm" role="status" c={step === 'saved' ? 'teal' : 'dimmed'} data-testid={statusTestId}>
              {step === 'saved' ? intl.formatMessage(texts.saved) : dirty ? intl.formatMessage(texts.unsaved) : ''}
            </Text>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
