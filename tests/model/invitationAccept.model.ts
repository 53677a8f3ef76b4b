import type { OutputFrom } from 'xstate';
import type * as invitationAcceptActors from '../../src/machines/invitationAccept/invitationAccept.actors.ts';
import {
  invitationAcceptMachine,
  type AcceptOutcome,
  type InvitationAcceptEvent,
  type LookupOutcome,
} from '../../src/machines/invitationAccept/invitationAccept.machine.ts';
import { done, failed, type MachineModel, type ModelEvent } from './graph.ts';

const form = { firstName: 'Grace', lastName: 'Hopper', password: 'new-secret', passwordConfirmation: 'new-secret' };

export const invitationAcceptEventFixtures = {
  'invitation.accept': [
    { type: 'invitation.accept', ...form },
    { type: 'invitation.accept', ...form, firstName: ' ', passwordConfirmation: 'other' },
  ],
  'invitation.retry': [{ type: 'invitation.retry' }],
} satisfies { [K in InvitationAcceptEvent['type']]: Array<Extract<InvitationAcceptEvent, { type: K }>> };

export const invitationAcceptOutputFixtures = {
  lookupInvitation: {
    found: {
      kind: 'found',
      invitation: {
        companyName: 'Acme',
        email: 'grace@acme.test',
        role: 'viewer',
        language: 'en',
        expiresAt: '2030-01-08T00:00:00.000Z',
      },
    },
    gone: { kind: 'gone' },
    limited: { kind: 'limited' },
  } satisfies { [K in LookupOutcome['kind']]: Extract<LookupOutcome, { kind: K }> },
  acceptInvitation: {
    signedIn: {
      kind: 'signedIn',
      session: {
        token: 'access-token',
        expiresAt: '2030-01-01T00:15:00.000Z',
        refreshExpiresAt: '2030-01-02T00:00:00.000Z',
        remember: false,
        cookieDomain: null,
      },
    },
    gone: { kind: 'gone' },
    emailTaken: { kind: 'emailTaken' },
    limited: { kind: 'limited' },
    rejected: { kind: 'rejected', fieldErrors: { password: 'Password is too common.' } },
  } satisfies { [K in AcceptOutcome['kind']]: Extract<AcceptOutcome, { kind: K }> },
} satisfies {
  [K in keyof typeof invitationAcceptActors]: Record<string, OutputFrom<(typeof invitationAcceptActors)[K]>>;
};

const l = invitationAcceptOutputFixtures.lookupInvitation;
const a = invitationAcceptOutputFixtures.acceptInvitation;

export const invitationAcceptModel: MachineModel<{ token: string | null }> = {
  name: 'invitationAccept',
  machine: invitationAcceptMachine,
  inputs: { withToken: { token: '1.2.invitation-secret-0123456789' }, withoutToken: { token: null } },
  events: [
    ...Object.values(invitationAcceptEventFixtures).flat(),
    ...Object.entries(l).map(([name, output]) => done('lookupInvitation', output, name)),
    failed('lookupInvitation'),
    ...Object.entries(a).map(([name, output]) => done('acceptInvitation', output, name)),
    failed('acceptInvitation'),
  ] as ModelEvent[],
  transient: ['invitationAccept.starting'],
};
