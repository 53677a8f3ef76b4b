// Types of the incoming message drawer's machine and its actors.
import type { components } from '../../../shared/contract/schema';

export type IncomingMessageRow = components['schemas']['IncomingMessageRow'];
export type IncomingMessage = components['schemas']['IncomingMessage'];

export interface IncomingMessageContext {
  /** The message the drawer shows (or reads), null while it is closed. */
  id: number | null;
  message: IncomingMessage | null;
}

export type IncomingMessageEvent =
  { type: 'message.open'; id: number } | { type: 'message.close' } | { type: 'message.retry' };
