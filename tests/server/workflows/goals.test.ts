import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forJob } from '../../../server/services/scope.ts';
import { advanceWorkflow } from '../../../server/services/workflows/engine.ts';
import { matchTriggerEvents } from '../../../server/services/workflows/triggers.ts';
import { GOAL_REASON } from '../../../shared/workflows.ts';
import type { TestEnv } from '../helpers.ts';
import { makeContact, makeList, setupTwoCompanies, type Caller } from '../contacts/fixtures.ts';

// Workflow goals on real PostgreSQL: a run whose contact meets the goal ends as "exited" with a "goal" step, checked
// before the steps of each advancing batch, after a step that changed the contact, and when a waiting contact changes
// (through the trigger job's read of the timeline); other companies' changes touch nothing.
let env: TestEnv;
let a: Caller;
let b: Caller;

type Node = { id: string; kind: string; config: object };
const chain = (...nodes: Node[]) => ({
  nodes: nodes.map((n, i) => ({ ...n, position: { x: 0, y: i * 100 } })),
  edges: nodes.slice(1).map((n, i) => ({ id: `e${i}`, source: nodes[i]!.id, handle: 'next', target: n.id })),
});
const inList = (listId: number) => ({
  conditions: { kind: 'group', operator: 'and', conditions: [{ kind: 'list', operator: 'in', listId }] },
});

async function activeWorkflow(caller: Caller, graph: object, goal: object): Promise<number> {
  const created = await caller.call('POST', '/workflows', { name: 'Goal' });
  const id = created.body.id as number;
  const saved = await caller.call('PUT', `/workflows/${id}`, { name: 'Goal', graph, goal });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const active = await caller.call('POST', `/workflows/${id}/status`, { status: 'active' });
  expect(active.status, JSON.stringify(active.body)).toBe(200);
  return id;
}

async function runOf(caller: Caller, workflowId: number) {
  const runs = await caller.call('GET', `/workflows/${workflowId}/runs`);
  expect(runs.body).toHaveLength(1);
  return (await caller.call('GET', `/workflows/${workflowId}/runs/${runs.body[0].id}`)).body;
}

const members = async (caller: Caller, listId: number) =>
  (await caller.call('GET', `/contacts?listId=${listId}`)).body.map((c: { id: number }) => c.id);

const addToList = (caller: Caller, listId: number, ids: number[]) =>
  caller.call('POST', '/contacts/bulk', { action: 'addToList', listId, selection: { ids } });

beforeAll(async () => {
  ({ env, a, b } = await setupTwoCompanies());
});
afterAll(() => env.close());

describe('workflow goals', () => {
  it('ends a run before its first step when the contact already meets the goal', async () => {
    const { listId: start } = await makeList(a, 'Start 1');
    const { listId: goal } = await makeList(a, 'Goal 1');
    const { listId: after } = await makeList(a, 'After 1');
    const id = await activeWorkflow(
      a,
      chain(
        { id: 't', kind: 'trigger', config: { type: 'listAdded', listId: start } },
        { id: 's', kind: 'addToList', config: { listId: after } },
      ),
      inList(goal),
    );
    const reached = await makeContact(a, { email: 'reached@example.org', listIds: [goal] });
    await addToList(a, start, [reached.id]);
    await advanceWorkflow(forJob(env.ctx, a.companyId), id);
    const run = await runOf(a, id);
    expect(run.status).toBe('exited');
    expect(run.steps).toEqual([expect.objectContaining({ nodeId: 't', outcome: 'skipped', detail: GOAL_REASON })]);
    expect(await members(a, after)).toEqual([]);
  });

  it('asks again after a step that changed the contact, before the next step', async () => {
    const { listId: start } = await makeList(a, 'Start 2');
    const { listId: goal } = await makeList(a, 'Goal 2');
    const { listId: after } = await makeList(a, 'After 2');
    const id = await activeWorkflow(
      a,
      chain(
        { id: 't', kind: 'trigger', config: { type: 'listAdded', listId: start } },
        { id: 'g', kind: 'addToList', config: { listId: goal } },
        { id: 's', kind: 'addToList', config: { listId: after } },
      ),
      inList(goal),
    );
    const c = await makeContact(a, { email: 'self@example.org', listIds: [start] });
    await advanceWorkflow(forJob(env.ctx, a.companyId), id);
    const run = await runOf(a, id);
    expect(run).toMatchObject({ status: 'exited', nodeId: 's' });
    expect(run.steps.map((s: { nodeId: string; outcome: string }) => `${s.nodeId}:${s.outcome}`)).toEqual([
      't:passed',
      'g:passed',
      's:skipped',
    ]);
    expect(await members(a, goal)).toEqual([c.id]);
    expect(await members(a, after)).toEqual([]);
  });

  it('ends a waiting run when its contact changes to meet the goal, and no other run', async () => {
    const { listId: start } = await makeList(a, 'Start 3');
    const { listId: goal } = await makeList(a, 'Goal 3');
    const id = await activeWorkflow(
      a,
      chain(
        { id: 't', kind: 'trigger', config: { type: 'listAdded', listId: start } },
        { id: 'w', kind: 'wait', config: { mode: 'duration', amount: 1, unit: 'days' } },
        { id: 'x', kind: 'exit', config: {} },
      ),
      inList(goal),
    );
    const [c1, c2] = [
      await makeContact(a, { email: 'waits1@example.org', listIds: [start] }),
      await makeContact(a, { email: 'waits2@example.org', listIds: [start] }),
    ];
    const scope = forJob(env.ctx, a.companyId);
    await advanceWorkflow(scope, id);
    // Company B's contact in B's list of the same id changes nothing in A.
    const other = await makeContact(b, { email: 'beta@example.org' });
    const { listId: bList } = await makeList(b, 'B goal');
    await addToList(b, bList, [other.id]);
    await matchTriggerEvents(forJob(env.ctx, b.companyId));
    // c1 meets the goal while waiting: the trigger job reads the list.added event and ends c1's run alone.
    await addToList(a, goal, [c1.id]);
    await matchTriggerEvents(scope);
    const runs = (await a.call('GET', `/workflows/${id}/runs`)).body as { contactId: number; status: string }[];
    expect(Object.fromEntries(runs.map((r) => [r.contactId, r.status]))).toEqual({
      [c1.id]: 'exited',
      [c2.id]: 'waiting',
    });
    const ended = runs.find((r) => r.contactId === c1.id) as unknown as { id: number };
    const history = await a.call('GET', `/workflows/${id}/runs/${ended.id}`);
    expect(history.body.steps.at(-1)).toMatchObject({ nodeId: 'w', kind: 'wait', outcome: 'skipped', detail: 'goal' });
    // The wait comes due: the ended run takes no further step, the other finishes.
    await env.ctx.tenants
      .bind(a.companyId)
      .query(
        'update workflow_runs set next_at = now() where company_id = $1 and workflow_id = $2 and next_at is not null',
        [a.companyId, id],
      );
    await advanceWorkflow(scope, id);
    const after = await a.call('GET', `/workflows/${id}/runs/${ended.id}`);
    expect(after.body.steps).toHaveLength(history.body.steps.length);
    const rest = (await a.call('GET', `/workflows/${id}/runs`)).body as { contactId: number; status: string }[];
    expect(rest.find((r) => r.contactId === c2.id)?.status).toBe('exited');
  });

  it('a goal with no conditions ends nothing', async () => {
    const { listId: start } = await makeList(a, 'Start 4');
    const id = await activeWorkflow(
      a,
      chain(
        { id: 't', kind: 'trigger', config: { type: 'listAdded', listId: start } },
        { id: 'w', kind: 'wait', config: { mode: 'duration', amount: 1, unit: 'days' } },
        { id: 'x', kind: 'exit', config: {} },
      ),
      { conditions: { kind: 'group', operator: 'and', conditions: [] } },
    );
    await makeContact(a, { email: 'nogoal@example.org', listIds: [start] });
    await advanceWorkflow(forJob(env.ctx, a.companyId), id);
    expect((await runOf(a, id)).status).toBe('waiting');
  });
});
