import type { Channel } from '../../../shared/messaging.ts';

/** What a test send shows: a template (from the editor) or a message (from the wizard). */
export interface TestSendInput {
  channel: Channel;
  templateId?: number;
  messageId?: number;
}

export interface TestSendRequest extends TestSendInput {
  addresses: string[];
}

/** `addressesInvalid`: none, or one that is not an address; `tooMany`: over TEST_SEND_MAX_ADDRESSES. */
export type TestSendError = 'addressesInvalid' | 'tooMany' | 'sendFailed';

export interface TestSendContext {
  target: TestSendInput;
  addresses: string[];
  /** How many addresses the last send reached. */
  sent: number;
  error: TestSendError | null;
}

export type TestSendEvent =
  { type: 'testSend.open' } | { type: 'testSend.close' } | { type: 'testSend.submit'; addresses: string[] };
