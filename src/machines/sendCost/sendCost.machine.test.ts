import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { describeModel } from '../../../tests/model/describeModel.ts';
import { sendCostModel } from '../../../tests/model/sendCost.model.ts';
import { sendCostMachine, type SendCost } from './sendCost.machine.ts';
import type { Channel } from '../../../shared/messaging.ts';

describeModel(sendCostModel);

describe('send cost machine', () => {
  it('estimates each new count, and is short when the balance cannot pay', async () => {
    const asked: number[] = [];
    const actor = createActor(
      sendCostMachine.provide({
        actors: {
          estimateCost: fromPromise<SendCost, { channel: Channel; recipients: number }>(async ({ input }) => {
            asked.push(input.recipients);
            return { enabled: true, cost: input.recipients * 2, balance: 100, enough: input.recipients * 2 <= 100 };
          }),
        },
      }),
      { input: { channel: 'email', recipients: null } },
    ).start();
    expect(actor.getSnapshot().value).toBe('waiting');
    actor.send({ type: 'recipients.set', recipients: 40 });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'recipients.set', recipients: 60 });
    await waitFor(actor, (s) => s.matches('short'));
    expect(asked).toEqual([40, 60]);
    expect(actor.getSnapshot().context.estimate).toMatchObject({ cost: 120, enough: false });
  });
});
