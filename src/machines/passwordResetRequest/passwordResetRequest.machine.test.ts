import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { describeModel } from '../../../tests/model/describeModel.ts';
import { passwordResetRequestModel } from '../../../tests/model/passwordReset.model.ts';
import { passwordResetRequestMachine } from './passwordResetRequest.machine.ts';

describeModel(passwordResetRequestModel);

describe('password reset request at runtime', () => {
  it('validates the address, sends it trimmed, and fails visibly', async () => {
    const sent: string[] = [];
    let fail = true;
    const actor = createActor(
      passwordResetRequestMachine.provide({
        actors: {
          requestReset: fromPromise<void, { email: string }>(async ({ input }) => {
            sent.push(input.email);
            if (fail) throw new Error('network');
          }),
        },
      }),
    ).start();
    actor.send({ type: 'request.submit', email: '' });
    expect(actor.getSnapshot().context.emailIssue).toBe('required');
    actor.send({ type: 'request.submit', email: ' ada@example.com ' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.error === 'sendFailed');
    fail = false;
    actor.send({ type: 'request.submit', email: 'ada@example.com' });
    await waitFor(actor, (s) => s.matches('sent'));
    expect(sent).toEqual(['ada@example.com', 'ada@example.com']);
  });
});
