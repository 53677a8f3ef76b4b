import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { describeModel } from '../../../tests/model/describeModel.ts';
import { teamModel, teamOutputFixtures } from '../../../tests/model/team.model.ts';
import { teamMachine, type ActionOutcome, type TeamAction, type TeamData } from './team.machine.ts';

describeModel(teamModel);

const loaded = teamOutputFixtures.loadTeam.loaded;

describe('team at runtime', () => {
  it('asks before removing, runs the confirmed action once, and shows the last-owner refusal', async () => {
    const ran: TeamAction[] = [];
    const actor = createActor(
      teamMachine.provide({
        actors: {
          loadTeam: fromPromise<TeamData>(async () => loaded),
          runTeamAction: fromPromise<ActionOutcome, TeamAction>(async ({ input }) => {
            ran.push(input);
            return teamOutputFixtures.runTeamAction.refused;
          }),
        },
      }),
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    const remove: TeamAction = { kind: 'remove', userId: loaded.members[0]!.id };
    actor.send({ type: 'action.request', action: remove });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(ran).toEqual([]);
    actor.send({ type: 'action.confirm' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(ran).toEqual([remove]);
    expect(actor.getSnapshot().context.error).toBe('lastOwner');
  });

  it('changes a role at once, without a confirmation', async () => {
    const ran: TeamAction[] = [];
    const actor = createActor(
      teamMachine.provide({
        actors: {
          loadTeam: fromPromise<TeamData>(async () => loaded),
          runTeamAction: fromPromise<ActionOutcome, TeamAction>(async ({ input }) => {
            ran.push(input);
            return teamOutputFixtures.runTeamAction.done;
          }),
        },
      }),
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    const change: TeamAction = { kind: 'changeRole', userId: loaded.members[1]!.id, role: 'viewer' };
    actor.send({ type: 'action.request', action: change });
    await waitFor(actor, (s) => s.matches('ready') && s.context.notice !== null);
    expect(ran).toEqual([change]);
    expect(actor.getSnapshot().context.notice).toBe('changeRole');
  });
});
