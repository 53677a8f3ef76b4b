import { fromPromise } from 'xstate';
import { api } from '../../api/appClient.ts';
import { firstFieldErrors, unwrap } from '../../api/client.ts';
import type { SaveOutcome, UnsubscribeSettings } from './unsubscribeSettings.types.ts';

export const loadSettings = fromPromise<UnsubscribeSettings>(async () => {
  return unwrap(await api.GET('/messaging/unsubscribe-settings'));
});

/** A 422 (a text too long or empty, a colour that is not #rrggbb) is an expected outcome: its field errors go back. */
export const saveSettings = fromPromise<SaveOutcome, UnsubscribeSettings>(async ({ input }) => {
  const result = await api.PUT('/messaging/unsubscribe-settings', { body: input });
  if (result.response.status === 422) return { kind: 'rejected', errors: firstFieldErrors(result.error) };
  return { kind: 'saved', settings: unwrap(result) };
});
