import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { describeModel } from '../../../tests/model/describeModel.ts';
import { activeSessionsModel, profileModel, profileOutputFixtures } from '../../../tests/model/profile.model.ts';
import { profileMachine, type PasswordChange, type PasswordOutcome } from './profile.machine.ts';

describeModel(profileModel);
describeModel(activeSessionsModel);

describe('profile at runtime', () => {
  it('checks the password form before calling and forgets the passwords after the server answers', async () => {
    const sent: PasswordChange[] = [];
    const actor = createActor(
      profileMachine.provide({
        actors: {
          loadProfile: fromPromise(async () => profileOutputFixtures.loadProfile.loaded),
          changePassword: fromPromise<PasswordOutcome, PasswordChange>(async ({ input }) => {
            sent.push(input);
            return profileOutputFixtures.changePassword.rejected;
          }),
        },
      }),
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({
      type: 'password.submit',
      change: { currentPassword: '', password: 'abc', passwordConfirmation: 'x' },
    });
    expect(actor.getSnapshot().context.passwordIssues).toEqual({
      currentPassword: 'required',
      password: 'tooShort',
      passwordConfirmation: 'mismatch',
    });
    const change = { currentPassword: 'old-secret', password: 'new-secret', passwordConfirmation: 'new-secret' };
    actor.send({ type: 'password.submit', change });
    await waitFor(actor, (s) => Object.keys(s.context.passwordErrors).length > 0);
    expect(sent).toEqual([change]);
    expect(actor.getSnapshot().context.password.password).toBe('');
  });
});
