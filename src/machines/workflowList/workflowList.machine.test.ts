import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { describeModel } from '../../../tests/model/describeModel.ts';
import { workflowListModel, workflowListOutputFixtures as o } from '../../../tests/model/workflowList.model.ts';
import { workflowListMachine, type RowAction } from './workflowList.machine.ts';

describeModel(workflowListModel);

describe('workflow list machine', () => {
  it('asks before deleting, runs the action after the confirmation and reads the page again', async () => {
    const ran: Array<{ action: RowAction; id: number }> = [];
    let reads = 0;
    const actor = createActor(
      workflowListMachine.provide({
        actors: {
          readWorkflows: fromPromise(async () => {
            reads += 1;
            return o.readWorkflows.page;
          }),
          runRowAction: fromPromise<void, { action: RowAction; id: number }>(async ({ input }) => {
            ran.push(input);
          }),
        },
      }),
      { input: { section: 'all' } },
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'row.act', action: 'delete', id: 5 });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(ran).toEqual([]);
    actor.send({ type: 'action.confirm' });
    await waitFor(actor, (s) => s.matches('ready') && reads === 2);
    expect(ran).toEqual([{ action: 'delete', id: 5 }]);
    actor.send({ type: 'row.act', action: 'duplicate', id: 5 });
    await waitFor(actor, (s) => s.matches('ready') && reads === 3);
    expect(ran).toHaveLength(2);
  });

  it('refuses a blank name and ends with the created id', async () => {
    const actor = createActor(
      workflowListMachine.provide({
        actors: {
          readWorkflows: fromPromise(async () => o.readWorkflows.page),
          createWorkflow: fromPromise(async () => 12),
        },
      }),
      { input: { section: 'templates/onboarding' } },
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'create.open', template: 'welcomeSeries' });
    actor.send({ type: 'create.submit' });
    expect(actor.getSnapshot().context.error).toBe('nameRequired');
    actor.send({ type: 'create.name', name: 'Welcome' });
    actor.send({ type: 'create.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().context.created).toBe(12);
  });
});
