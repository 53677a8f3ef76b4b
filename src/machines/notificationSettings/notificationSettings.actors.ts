import { fromPromise } from 'xstate';
import { api } from '../../api/appClient.ts';
import { ApiError, errorCode, firstFieldErrors } from '../../api/client.ts';
import type { NotificationSettings, NotificationSettingsInput, SaveOutcome } from './notificationSettings.machine.ts';

export const loadSettings = fromPromise<NotificationSettings>(async () => {
  const { data, error, response } = await api.GET('/account/notifications');
  if (data) return data;
  throw new ApiError(response.status, errorCode(error));
});

/** A 422 (bad pattern or time zone) is an expected outcome: its field errors go back as codes. */
export const saveSettings = fromPromise<SaveOutcome, NotificationSettingsInput>(async ({ input }) => {
  const { data, error, response } = await api.PUT('/account/notifications', { body: input });
  if (data) return { kind: 'saved', settings: data };
  if (response.status === 422) return { kind: 'rejected', errors: firstFieldErrors(error) };
  throw new ApiError(response.status, errorCode(error));
});
