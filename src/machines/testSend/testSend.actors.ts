import { fromPromise } from 'xstate';
import { api } from '../../api/appClient.ts';
import { unwrap } from '../../api/client.ts';
import type { TestSendRequest } from './testSend.types.ts';

/** Any failure (the engine's 502, or 503 before it exists) is 'Error while sending test messages'. */
export const sendTests = fromPromise<number, TestSendRequest>(async ({ input }) => {
  const { channel, addresses, templateId, messageId } = input;
  const result = await api.POST('/channels/{channel}/test-sends', {
    params: { path: { channel } },
    body: { addresses, ...(templateId ? { templateId } : {}), ...(messageId ? { messageId } : {}) },
  });
  return unwrap(result).sent.length;
});
