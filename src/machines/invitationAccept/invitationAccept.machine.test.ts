import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { describeModel } from '../../../tests/model/describeModel.ts';
import { invitationAcceptModel, invitationAcceptOutputFixtures } from '../../../tests/model/invitationAccept.model.ts';
import {
  invitationAcceptMachine,
  type AcceptInput,
  type AcceptOutcome,
  type LookupOutcome,
} from './invitationAccept.machine.ts';

describeModel(invitationAcceptModel);

const o = invitationAcceptOutputFixtures;

describe('invitation accept at runtime', () => {
  it('without a token the link is invalid and nothing is asked', () => {
    const actor = createActor(invitationAcceptMachine, { input: { token: null } }).start();
    expect(actor.getSnapshot().value).toBe('invalidLink');
  });

  it('looks the link up, checks the form, sends token, names and passwords, and shows server field errors', async () => {
    const sent: AcceptInput[] = [];
    const actor = createActor(
      invitationAcceptMachine.provide({
        actors: {
          lookupInvitation: fromPromise<LookupOutcome, { token: string }>(async () => o.lookupInvitation.found),
          acceptInvitation: fromPromise<AcceptOutcome, AcceptInput>(async ({ input }) => {
            sent.push(input);
            return o.acceptInvitation.rejected;
          }),
        },
      }),
      { input: { token: 'tok-0123456789abcdefghij' } },
    ).start();
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.invitation?.companyName).toBe('Acme');
    actor.send({ type: 'invitation.accept', firstName: '', lastName: 'H', password: 'abc', passwordConfirmation: 'x' });
    expect(actor.getSnapshot().context.issues).toEqual({
      firstName: 'required',
      password: 'tooShort',
      passwordConfirmation: 'mismatch',
    });
    const form = { firstName: 'Grace', lastName: 'Hopper', password: 'new-secret', passwordConfirmation: 'new-secret' };
    actor.send({ type: 'invitation.accept', ...form });
    await waitFor(actor, (s) => s.matches('editing') && Object.keys(s.context.serverErrors).length > 0);
    expect(sent).toEqual([{ token: 'tok-0123456789abcdefghij', ...form }]);
    expect(actor.getSnapshot().context.serverErrors).toEqual({ password: 'Password is too common.' });
    expect(actor.getSnapshot().context.form.password).toBe('');
  });

  it('a 409 shows the address already has an account', async () => {
    const actor = createActor(
      invitationAcceptMachine.provide({
        actors: {
          lookupInvitation: fromPromise<LookupOutcome, { token: string }>(async () => o.lookupInvitation.found),
          acceptInvitation: fromPromise<AcceptOutcome, AcceptInput>(async () => o.acceptInvitation.emailTaken),
        },
      }),
      { input: { token: 'tok-0123456789abcdefghij' } },
    ).start();
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({
      type: 'invitation.accept',
      firstName: 'G',
      lastName: 'H',
      password: 'secret',
      passwordConfirmation: 'secret',
    });
    await waitFor(actor, (s) => s.matches('emailTaken'));
  });
});
