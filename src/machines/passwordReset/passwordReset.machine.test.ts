import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { describeModel } from '../../../tests/model/describeModel.ts';
import { passwordResetModel, passwordResetOutputFixtures } from '../../../tests/model/passwordReset.model.ts';
import { passwordResetMachine, type ResetInput, type ResetOutcome } from './passwordReset.machine.ts';

describeModel(passwordResetModel);

describe('password reset at runtime', () => {
  it('without a token the link is invalid', () => {
    const actor = createActor(passwordResetMachine, { input: { token: null } }).start();
    expect(actor.getSnapshot().value).toBe('invalidLink');
  });

  it('checks the confirmation, sends token and passwords, and shows the server field errors', async () => {
    const sent: ResetInput[] = [];
    const actor = createActor(
      passwordResetMachine.provide({
        actors: {
          resetPassword: fromPromise<ResetOutcome, ResetInput>(async ({ input }) => {
            sent.push(input);
            return passwordResetOutputFixtures.resetPassword.rejected;
          }),
        },
      }),
      { input: { token: 'reset-token-0123456789abcdef' } },
    ).start();
    actor.send({ type: 'reset.submit', password: 'abc', passwordConfirmation: 'abd' });
    expect(actor.getSnapshot().context.issues).toEqual({ password: 'tooShort', passwordConfirmation: 'mismatch' });
    actor.send({ type: 'reset.submit', password: 'new-secret', passwordConfirmation: 'new-secret' });
    await waitFor(actor, (s) => s.matches('editing') && Object.keys(s.context.serverErrors).length > 0);
    expect(sent).toEqual([
      { token: 'reset-token-0123456789abcdef', password: 'new-secret', passwordConfirmation: 'new-secret' },
    ]);
    expect(actor.getSnapshot().context.serverErrors).toEqual({ password: 'Password is too common.' });
    expect(actor.getSnapshot().context.password).toBe('');
  });
});
