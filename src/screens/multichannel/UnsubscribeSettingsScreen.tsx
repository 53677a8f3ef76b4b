import { Grid } from '@mantine/core';
import { useActorRef } from '@xstate/react';
import { actorOptions } from '../../app/inspect.ts';
import { unsubscribeSettingsMachine } from '../../machines/unsubscribeSettings/unsubscribeSettings.machine.ts';
import { SettingsFormFrame } from '../shared/SettingsFormFrame.tsx';
import { UnsubscribeSettingsForm } from './UnsubscribeSettingsForm.tsx';
import { UnsubscribeSettingsPreview } from './UnsubscribeSettingsPreview.tsx';
import { unsubscribeSettingsMessages as m } from './UnsubscribeSettingsScreen.messages.ts';

/** Multichannel → Settings → Unsubscribe page: texts per language, colours, list choice, with a live preview. */
export function UnsubscribeSettingsScreen() {
  const actor = useActorRef(unsubscribeSettingsMachine, actorOptions());
  return (
    <SettingsFormFrame actor={actor} texts={m} statusTestId="unsubscribe-status" permission="settings:manage">
      {(loaded) =>
        loaded ? (
          <Grid gap="xl">
            <Grid.Col span={{ base: 12, md: 6 }}>
              <UnsubscribeSettingsForm actor={actor} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <UnsubscribeSettingsPreview actor={actor} />
            </Grid.Col>
          </Grid>
        ) : null
      }
    </SettingsFormFrame>
  );
}
