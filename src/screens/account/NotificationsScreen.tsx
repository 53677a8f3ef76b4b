import { useActorRef } from '@xstate/react';
import { actorOptions } from '../../app/inspect.ts';
import { notificationSettingsMachine } from '../../machines/notificationSettings/notificationSettings.machine.ts';
import { SettingsFormFrame } from '../shared/SettingsFormFrame.tsx';
import { NotificationsCategories } from './NotificationsCategories.tsx';
import { NotificationsDigest } from './NotificationsDigest.tsx';
import { notificationsMessages as m } from './NotificationsScreen.messages.ts';

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Account → Notifications: categories × channels, the activity digest and its schedule. */
export function NotificationsScreen() {
  const actor = useActorRef(notificationSettingsMachine, { ...actorOptions(), input: { timeZone: browserTimeZone() } });
  // The categories and digest show their own placeholders while loading.
  return (
    <SettingsFormFrame actor={actor} texts={m} statusTestId="notifications-status" maw={820}>
      {() => (
        <>
          <NotificationsCategories actor={actor} />
          <NotificationsDigest actor={actor} />
        </>
      )}
    </SettingsFormFrame>
  );
}
