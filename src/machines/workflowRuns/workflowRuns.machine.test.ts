import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { describeModel } from '../../../tests/model/describeModel.ts';
import { workflowRunsModel, workflowRunsOutputFixtures as o } from '../../../tests/model/workflowList.model.ts';
import { workflowRunsMachine } from './workflowRuns.machine.ts';

describeModel(workflowRunsModel);

describe('workflow runs machine', () => {
  it('retries a failed step and reads the run again; a finished run offers no retry', async () => {
    let retried = 0;
    let reads = 0;
    const actor = createActor(
      workflowRunsMachine.provide({
        actors: {
          readRuns: fromPromise(async () => o.readRuns.runs),
          readRun: fromPromise(async () => (++reads === 1 ? o.readRun.failedRun : o.readRun.finishedRun)),
          retryStep: fromPromise(async () => {
            retried += 1;
          }),
        },
      }),
      { input: { workflowId: 5 } },
    ).start();
    await waitFor(actor, (s) => s.matches('list'));
    actor.send({ type: 'run.open', runId: 4 });
    await waitFor(actor, (s) => s.matches('run'));
    actor.send({ type: 'step.retry' });
    await waitFor(actor, (s) => s.matches('run') && reads === 2);
    expect(retried).toBe(1);
    expect(actor.getSnapshot().can({ type: 'step.retry' })).toBe(false);
  });

  it('starts a test run only with a contact id and a valid address', async () => {
    const started: unknown[] = [];
    const actor = createActor(
      workflowRunsMachine.provide({
        actors: {
          readRuns: fromPromise(async () => o.readRuns.runs),
          startTestRun: fromPromise<void, { workflowId: number; contactId: number; address: string }>(
            async ({ input }) => {
              started.push(input);
            },
          ),
        },
      }),
      { input: { workflowId: 5 } },
    ).start();
    await waitFor(actor, (s) => s.matches('list'));
    actor.send({ type: 'test.open' });
    actor.send({ type: 'test.change', contactId: '7', address: 'not-an-address' });
    actor.send({ type: 'test.submit' });
    expect(actor.getSnapshot().context.error).toBe('testIncomplete');
    actor.send({ type: 'test.change', contactId: '7', address: 'qa@missiva.test' });
    actor.send({ type: 'test.submit' });
    await waitFor(actor, (s) => s.matches('list'));
    expect(started).toEqual([{ workflowId: 5, contactId: 7, address: 'qa@missiva.test' }]);
  });
});
