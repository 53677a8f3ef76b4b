import { fromPromise } from 'xstate';
import { api } from '../../api/appClient.ts';
import { firstFieldErrors, unwrap } from '../../api/client.ts';
import type { NotificationSettings, NotificationSettingsInput, SaveOutcome } from './notificationSettings.types.ts';

export const loadSettings = fromPromise<NotificationSettings>(async () => {
  return unwrap(await api.GET('/account/notifications'));
});

/** A 422 (bad pattern or time zone) is an expected outcome: its field errors go back as codes. */
export const saveSettings = fromPromise<SaveOutcome, NotificationSettingsInput>(async ({ input }) => {
  const result = await api.PUT('/account/notifications', { body: input });
  if (result.response.status === 422) return { kind: 'rejected', errors: firstFieldErrors(result.error) };
  return { kind: 'saved', settings: unwrap(result) };
});
