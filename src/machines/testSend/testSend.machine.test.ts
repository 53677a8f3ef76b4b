import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { TEST_SEND_MAX_ADDRESSES } from '../../../shared/messaging.ts';
import { testSendMachine, type TestSendRequest } from './testSend.machine.ts';

function start(send: (input: TestSendRequest) => Promise<number>) {
  return createActor(testSendMachine.provide({ actors: { sendTests: fromPromise(({ input }) => send(input)) } }), {
    input: { channel: 'email', templateId: 7 },
  }).start();
}

describe('test send machine at runtime', () => {
  it('checks the addresses before sending, then sends the cleaned list with the template', async () => {
    const sent: TestSendRequest[] = [];
    const actor = start(async (input) => (sent.push(input), input.addresses.length));
    actor.send({ type: 'testSend.open' });
    const many = Array.from({ length: TEST_SEND_MAX_ADDRESSES + 1 }, (_, i) => `t${i}@example.com`);
    actor.send({ type: 'testSend.submit', addresses: many });
    expect(actor.getSnapshot().context.error).toBe('tooMany');
    actor.send({ type: 'testSend.submit', addresses: ['', 'nope'] });
    expect(actor.getSnapshot().context.error).toBe('addressesInvalid');
    expect(sent).toEqual([]);
    actor.send({ type: 'testSend.submit', addresses: [' a@example.com', 'a@example.com', 'b@example.com', ''] });
    await waitFor(actor, (s) => s.matches('sent'));
    expect(sent).toEqual([{ channel: 'email', templateId: 7, addresses: ['a@example.com', 'b@example.com'] }]);
    expect(actor.getSnapshot().context.sent).toBe(2);
  });

  it("a failed send (the engine's 502, or 503 before it exists) is sendFailed and the dialog stays open", async () => {
    const actor = start(async () => {
      throw new Error('API request failed with 503');
    });
    actor.send({ type: 'testSend.open' });
    actor.send({ type: 'testSend.submit', addresses: ['a@example.com'] });
    await waitFor(actor, (s) => s.matches('open') && s.context.error === 'sendFailed');
  });
});
