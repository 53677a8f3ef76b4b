// Types shared by the send controls machine and its actors.
import type { components } from '../../../shared/contract/schema';
import type { Channel } from '../../../shared/messaging.ts';

export type SendState = components['schemas']['MessageSendState'];

export interface SendControlsInput {
  channel: Channel;
  messageId: number;
}

/** What a pause, resume or cancel answered: the new state, or 409 (the campaign moved on meanwhile). */
export type ControlOutcome = { kind: 'done'; state: SendState } | { kind: 'conflict'; message: string };

export type SendControlsError = 'loadFailed' | 'actionFailed';

export interface SendControlsContext extends SendControlsInput {
  state: SendState | null;
  error: SendControlsError | null;
  /** The server's words for a refused action (409), e.g. a paused campaign whose sender is not verified yet. */
  conflict: string | null;
}

export type SendControlsEvent =
  | { type: 'send.pause' }
  | { type: 'send.resume' }
  | { type: 'send.cancel' }
  | { type: 'cancel.confirm' }
  | { type: 'cancel.dismiss' }
  | { type: 'send.refresh' };
