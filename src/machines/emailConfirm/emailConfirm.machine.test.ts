import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { describeModel } from '../../../tests/model/describeModel.ts';
import { emailConfirmModel, emailConfirmOutputFixtures } from '../../../tests/model/emailConfirm.model.ts';
import { emailConfirmMachine, type ConfirmOutcome } from './emailConfirm.machine.ts';

describeModel(emailConfirmModel);

describe('email confirmation at runtime', () => {
  it('without a token the link is invalid and nothing is posted', () => {
    const actor = createActor(emailConfirmMachine, { input: { token: null } }).start();
    expect(actor.getSnapshot().value).toBe('invalidLink');
  });

  it('posts the token, retries after a failure and keeps the confirmed address', async () => {
    const sent: string[] = [];
    const actor = createActor(
      emailConfirmMachine.provide({
        actors: {
          confirmEmailChange: fromPromise<ConfirmOutcome, { token: string }>(async ({ input }) => {
            sent.push(input.token);
            if (sent.length === 1) throw new Error('network down');
            return emailConfirmOutputFixtures.confirmEmailChange.confirmed;
          }),
        },
      }),
      { input: { token: 'email-token-0123456789abcdef' } },
    ).start();
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('confirmFailed');
    actor.send({ type: 'confirm.retry' });
    await waitFor(actor, (s) => s.matches('confirmed'));
    expect(sent).toEqual(['email-token-0123456789abcdef', 'email-token-0123456789abcdef']);
    expect(actor.getSnapshot().context).toMatchObject({ email: 'ada.new@example.com', error: null });
  });

  it('an expired or used link ends on the invalid-link page', async () => {
    const actor = createActor(
      emailConfirmMachine.provide({
        actors: {
          confirmEmailChange: fromPromise<ConfirmOutcome, { token: string }>(
            async () => emailConfirmOutputFixtures.confirmEmailChange.linkExpired,
          ),
        },
      }),
      { input: { token: 'used-token' } },
    ).start();
    await waitFor(actor, (s) => s.matches('invalidLink'));
    expect(actor.getSnapshot().context.email).toBeNull();
  });
});
