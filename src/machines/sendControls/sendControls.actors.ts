import { fromPromise } from 'xstate';
import { api } from '../../api/appClient.ts';
import { unwrap } from '../../api/client.ts';
import type { ControlOutcome, SendControlsInput, SendState } from './sendControls.types.ts';

const params = ({ channel, messageId }: SendControlsInput) => ({ path: { channel, messageId } });

export const readSendState = fromPromise<SendState, SendControlsInput>(async ({ input }) =>
  unwrap(await api.GET('/channels/{channel}/messages/{messageId}/send-state', { params: params(input) })),
);

type Action = 'pause' | 'resume' | 'cancel';

/** Pause, resume or cancel; a 409 (the campaign is no longer in a state that allows it) is an expected outcome. */
export const controlSend = fromPromise<ControlOutcome, SendControlsInput & { action: Action }>(async ({ input }) => {
  const options = { params: params(input) };
  const result =
    input.action === 'pause'
      ? await api.POST('/channels/{channel}/messages/{messageId}/pause', options)
      : input.action === 'resume'
        ? await api.POST('/channels/{channel}/messages/{messageId}/resume', options)
        : await api.POST('/channels/{channel}/messages/{messageId}/cancel', options);
  if (result.response.status === 409) {
    return { kind: 'conflict', message: (result.error as { message?: string } | undefined)?.message ?? '' };
  }
  return { kind: 'done', state: unwrap(result) };
});
