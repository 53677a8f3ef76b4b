import type { OutputFrom } from 'xstate';
import type * as teamActors from '../../src/machines/team/team.actors.ts';
import {
  teamMachine,
  type ActionOutcome,
  type InviteOutcome,
  type TeamData,
  type TeamEvent,
} from '../../src/machines/team/team.machine.ts';
import { done, failed, type MachineModel, type ModelEvent } from './graph.ts';

const owner = '00000000-0000-4000-8000-000000000001';
const admin = '00000000-0000-4000-8000-000000000002';

const team: TeamData = {
  members: [
    {
      id: owner,
      email: 'ada@acme.test',
      firstName: 'Ada',
      lastName: 'Lovelace',
      role: 'owner',
      twoFactorEnabled: true,
      lastActiveAt: '2026-01-02T10:00:00.000Z',
      createdAt: '2026-01-01T10:00:00.000Z',
    },
    {
      id: admin,
      email: 'grace@acme.test',
      firstName: 'Grace',
      lastName: 'Hopper',
      role: 'admin',
      twoFactorEnabled: false,
      lastActiveAt: null,
      createdAt: '2026-01-01T11:00:00.000Z',
    },
  ],
  invitations: [
    {
      id: 7,
      email: 'alan@acme.test',
      role: 'viewer',
      status: 'pending',
      invitedBy: { id: owner, name: 'Ada Lovelace' },
      sentAt: '2026-01-03T10:00:00.000Z',
      expiresAt: '2026-01-10T10:00:00.000Z',
      createdAt: '2026-01-03T10:00:00.000Z',
    },
  ],
};

export const teamEventFixtures = {
  'team.retry': [{ type: 'team.retry' }],
  'action.request': [
    { type: 'action.request', action: { kind: 'changeRole', userId: admin, role: 'editor' } },
    { type: 'action.request', action: { kind: 'remove', userId: admin } },
    { type: 'action.request', action: { kind: 'transfer', userId: admin } },
  ],
  'action.confirm': [{ type: 'action.confirm' }],
  'action.cancel': [{ type: 'action.cancel' }],
  'invite.open': [{ type: 'invite.open' }],
  'invite.submit': [{ type: 'invite.submit', email: 'alan@acme.test', role: 'viewer' }],
  'invite.cancel': [{ type: 'invite.cancel' }],
  'notice.dismiss': [{ type: 'notice.dismiss' }],
} satisfies { [K in TeamEvent['type']]: Array<Extract<TeamEvent, { type: K }>> };

export const teamOutputFixtures = {
  loadTeam: { loaded: team },
  inviteMember: {
    invited: { kind: 'invited' },
    rejected: { kind: 'rejected', fieldErrors: { email: 'This address is already a member' } },
  } satisfies { [K in InviteOutcome['kind']]: Extract<InviteOutcome, { kind: K }> },
  runTeamAction: {
    done: { kind: 'done' },
    refused: { kind: 'refused', code: 'lastOwner' },
  } satisfies { [K in ActionOutcome['kind']]: Extract<ActionOutcome, { kind: K }> },
} satisfies { [K in keyof typeof teamActors]: Record<string, OutputFrom<(typeof teamActors)[K]>> };

const o = teamOutputFixtures;

export const teamModel: MachineModel<undefined> = {
  name: 'team',
  machine: teamMachine,
  inputs: { none: undefined },
  events: [
    ...Object.values(teamEventFixtures).flat(),
    done('loadTeam', o.loadTeam.loaded, 'loaded'),
    failed('loadTeam'),
    done('inviteMember', o.inviteMember.invited, 'invited'),
    done('inviteMember', o.inviteMember.rejected, 'rejected'),
    failed('inviteMember'),
    done('runTeamAction', o.runTeamAction.done, 'done'),
    done('runTeamAction', o.runTeamAction.refused, 'refused'),
    failed('runTeamAction'),
  ] as ModelEvent[],
};
