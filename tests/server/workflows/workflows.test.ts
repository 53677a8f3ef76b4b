import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forJob } from '../../../server/services/scope.ts';
import { advanceWorkflow } from '../../../server/services/workflows/engine.ts';
import type { TestEnv } from '../helpers.ts';
import { makeContact, makeList, setupTwoCompanies, type Caller } from '../contacts/fixtures.ts';

// The workflows area on real PostgreSQL: the manager and editor operations, problems named at their nodes, the
// list_added trigger enrolling contacts, the engine moving runs idempotently, and company B's ids answering 404 to A.
let env: TestEnv;
let a: Caller;
let b: Caller;
let listId: number;
let otherListId: number;

const graph = (list: number, other: number) => ({
  nodes: [
    { id: 'n1', kind: 'trigger', position: { x: 0, y: 0 }, config: { type: 'listAdded', listId: list } },
    { id: 'n2', kind: 'addToList', position: { x: 0, y: 100 }, config: { listId: other } },
    { id: 'n3', kind: 'wait', position: { x: 0, y: 200 }, config: { mode: 'duration', amount: 1, unit: 'days' } },
    { id: 'n4', kind: 'branch', position: { x: 0, y: 300 }, config: { mode: 'previousEmail', event: 'clicked' } },
    { id: 'n5', kind: 'exit', position: { x: 0, y: 400 }, config: {} },
    { id: 'n6', kind: 'exit', position: { x: 100, y: 400 }, config: {} },
  ],
  edges: [
    { id: 'e1', source: 'n1', handle: 'next', target: 'n2' },
    { id: 'e2', source: 'n2', handle: 'next', target: 'n3' },
    { id: 'e3', source: 'n3', handle: 'next', target: 'n4' },
    { id: 'e4', source: 'n4', handle: 'yes', target: 'n5' },
    { id: 'e5', source: 'n4', handle: 'no', target: 'n6' },
  ],
});

beforeAll(async () => {
  ({ env, a, b } = await setupTwoCompanies());
  ({ listId } = await makeList(a, 'Signups'));
  ({ listId: otherListId } = await makeList(a, 'Welcomed'));
});
afterAll(() => env.close());

describe('workflows', () => {
  let id: number;

  it('creates blank and from a template, lists by section with counts', async () => {
    const blank = await a.call('POST', '/workflows', { name: 'Welcome' });
    expect(blank.status).toBe(201);
    expect(blank.body).toMatchObject({ name: 'Welcome', status: 'draft', trigger: null, inProgress: 0 });
    id = blank.body.id;
    const templated = await a.call('POST', '/workflows', { name: 'Cart', template: 'abandonedCart' });
    expect(templated.body.trigger).toBe('customEvent');
    const drafts = await a.call('GET', '/workflows?section=drafts');
    expect(drafts.body.map((w: { name: string }) => w.name).sort()).toEqual(['Cart', 'Welcome']);
    expect(JSON.parse(String(drafts.headers.pagination)).total).toBe(2);
    const onboarding = await a.call('GET', '/workflows?section=templates/ecommerce');
    expect(onboarding.body.map((w: { name: string }) => w.name)).toEqual(['Cart']);
  });

  it('refuses to activate with problems named at their nodes', async () => {
    const res = await a.call('POST', `/workflows/${id}/status`, { status: 'active' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ workflow: ['noTrigger'] });
    const g = graph(listId, otherListId);
    g.edges = g.edges.filter((e) => e.id !== 'e5');
    await a.call('PUT', `/workflows/${id}`, { name: 'Welcome', graph: g });
    const again = await a.call('POST', `/workflows/${id}/status`, { status: 'active' });
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ 'nodes.n4': ['branchOneWay'], 'nodes.n6': ['notConnected'] });
  });

  it('refuses a malformed graph and bad input with 422, never 500', async () => {
    const bad = await a.call('PUT', `/workflows/${id}`, {
      name: 'x',
      graph: { nodes: [], edges: [{ id: 'e', source: 'a', handle: 'next', target: 'b' }] },
    });
    expect(bad.status).toBe(422);
    const wrongConfig = await a.call('PUT', `/workflows/${id}`, {
      name: 'x',
      graph: { nodes: [{ id: 'n1', kind: 'split', position: { x: 0, y: 0 }, config: {} }], edges: [] },
    });
    expect(wrongConfig.status).toBeLessThan(500);
    expect((await a.call('POST', '/workflows', { name: '' })).status).toBe(422);
    expect((await a.call('POST', '/workflows', { name: 'x', template: 'nope' })).status).toBe(422);
    expect((await a.call('POST', `/workflows/${id}/status`, { status: 'draft' })).status).toBe(422);
  });

  it('saves a goal, keeps it when a save leaves it out, and removes it with null', async () => {
    const { body: created } = await a.call('POST', '/workflows', { name: 'Goal keeper' });
    const goal = {
      conditions: {
        kind: 'group',
        operator: 'and',
        conditions: [{ kind: 'field', field: 'email', operator: 'contains', value: '@' }],
      },
    };
    const save = (extra: object) =>
      a.call('PUT', `/workflows/${created.id}`, { name: 'Goal keeper', graph: { nodes: [], edges: [] }, ...extra });
    expect((await a.call('GET', `/workflows/${created.id}`)).body.goal).toBeNull();
    expect((await save({ goal })).status).toBe(200);
    expect((await a.call('GET', `/workflows/${created.id}`)).body.goal).toEqual(goal);
    await save({});
    expect((await a.call('GET', `/workflows/${created.id}`)).body.goal).toEqual(goal);
    expect((await save({ goal: { conditions: { kind: 'group' } } })).status).toBe(422);
    await save({ goal: null });
    expect((await a.call('GET', `/workflows/${created.id}`)).body.goal).toBeNull();
    await a.call('DELETE', `/workflows/${created.id}`);
  });

  it('activates, enrols a contact added to the list, and advances each step once', async () => {
    expect(
      (await a.call('PUT', `/workflows/${id}`, { name: 'Welcome', graph: graph(listId, otherListId) })).status,
    ).toBe(200);
    const active = await a.call('POST', `/workflows/${id}/status`, { status: 'active' });
    expect(active.body.status).toBe('active');
    const contact = await makeContact(a, { email: 'giulia@example.org', listIds: [listId] });
    const scope = forJob(env.ctx, a.companyId);
    // The job runs twice (a retry, a duplicate): the run moves once and waits at n3.
    await advanceWorkflow(scope, id);
    await advanceWorkflow(scope, id);
    const runs = await a.call('GET', `/workflows/${id}/runs`);
    expect(runs.body).toHaveLength(1);
    expect(runs.body[0]).toMatchObject({ status: 'waiting', nodeId: 'n3', contactEmail: 'giulia@example.org' });
    const run = await a.call('GET', `/workflows/${id}/runs/${runs.body[0].id}`);
    expect(run.body.steps.map((s: { nodeId: string; outcome: string }) => `${s.nodeId}:${s.outcome}`)).toEqual([
      'n1:passed',
      'n2:passed',
      'n3:waiting',
    ]);
    const lists = await a.call('GET', `/contacts/${contact.id}/lists`);
    expect(lists.body.map((l: { id: number }) => l.id)).toContain(otherListId);
    // The wait comes due: the branch goes "no" (no email clicked) and the run ends at n6.
    await env.ctx.tenants
      .bind(a.companyId)
      .query(`update workflow_runs set next_at = now() - interval '1 second' where company_id = $1`, [a.companyId]);
    await advanceWorkflow(scope, id);
    await advanceWorkflow(scope, id);
    const done = await a.call('GET', `/workflows/${id}/runs/${runs.body[0].id}`);
    expect(done.body.status).toBe('exited');
    expect(done.body.steps.map((s: { nodeId: string; handle: string | null }) => `${s.nodeId}:${s.handle}`)).toEqual([
      'n1:next',
      'n2:next',
      'n3:next',
      'n4:no',
      'n6:null',
    ]);
    const counts = await a.call('GET', `/workflows/${id}/counts`);
    expect(counts.body.n4).toEqual({ entered: 1, waiting: 0, passed: 1, failed: 0 });
    const history = await a.call('GET', `/contacts/${contact.id}/workflow-runs`);
    expect(history.body[0].workflowName).toBe('Welcome');
    expect(history.body[0].steps).toHaveLength(5);
    // Adding the contact to the list again while no run is in progress starts a new run (re-entry after finishing).
    const manual = await a.call('POST', `/workflows/${id}/enrolments`, { contactIds: [contact.id] });
    expect(manual.body.enrolled).toBe(1);
  });

  it('takes a custom event once per event id', async () => {
    const cart = (await a.call('GET', '/workflows?section=templates/ecommerce')).body[0].id;
    const g = {
      nodes: [
        {
          id: 'n1',
          kind: 'trigger',
          position: { x: 0, y: 0 },
          config: { type: 'customEvent', eventName: 'cart_abandoned' },
        },
        { id: 'n2', kind: 'exit', position: { x: 0, y: 100 }, config: {} },
      ],
      edges: [{ id: 'e1', source: 'n1', handle: 'next', target: 'n2' }],
    };
    expect((await a.call('PUT', `/workflows/${cart}`, { name: 'Cart', graph: g })).status).toBe(200);
    const activated = await a.call('POST', `/workflows/${cart}/status`, { status: 'active' });
    expect(activated.status, JSON.stringify(activated.body)).toBe(200);
    const event = { name: 'cart_abandoned', eventId: 'evt-1', email: 'giulia@example.org', properties: { total: 12 } };
    expect((await a.call('POST', '/events', event)).body).toEqual({ duplicate: false, enrolled: 1 });
    expect((await a.call('POST', '/events', event)).body).toEqual({ duplicate: true, enrolled: 0 });
    expect((await a.call('POST', '/events', { ...event, eventId: 'x', email: 'nobody@example.org' })).status).toBe(404);
  });

  it("answers 404 to another company's workflows, runs and contacts", async () => {
    const runs = await a.call('GET', `/workflows/${id}/runs`);
    const runId = runs.body[0].id;
    const contactId = runs.body[0].contactId;
    const probes: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?]> = [
      ['GET', `/workflows/${id}`],
      ['PUT', `/workflows/${id}`, { name: 'x', graph: { nodes: [], edges: [] } }],
      ['POST', `/workflows/${id}/status`, { status: 'paused' }],
      ['POST', `/workflows/${id}/duplicate`],
      ['GET', `/workflows/${id}/counts`],
      ['POST', `/workflows/${id}/enrolments`, { contactIds: [contactId] }],
      ['POST', `/workflows/${id}/test-runs`, { contactId, address: 'test@example.org' }],
      ['GET', `/workflows/${id}/runs`],
      ['GET', `/workflows/${id}/runs/${runId}`],
      ['POST', `/workflows/${id}/runs/${runId}/retry`],
      ['GET', `/contacts/${contactId}/workflow-runs`],
      ['POST', '/events', { name: 'cart_abandoned', eventId: 'b-1', contactId }],
      ['DELETE', `/workflows/${id}`],
    ];
    for (const [method, url, body] of probes) {
      const res = await b.call(method, url, body);
      expect(res.status, `${method} ${url}`).toBe(404);
    }
    expect((await b.call('GET', '/workflows')).body).toEqual([]);
    expect((await a.call('GET', `/workflows/${id}`)).body.name).toBe('Welcome');
    // The notify step's choices: the company's own members (uuid ids), none of company B's.
    const members = (await a.call('GET', `/workflows/${id}`)).body.options.members as { id: string }[];
    expect(members.map((m) => m.id)).toEqual([a.userId]);
  });

  it('pauses, archives (ending runs) and deletes', async () => {
    expect((await a.call('POST', `/workflows/${id}/status`, { status: 'paused' })).body.status).toBe('paused');
    expect((await a.call('POST', `/workflows/${id}/status`, { status: 'archived' })).body.status).toBe('archived');
    const runs = await a.call('GET', `/workflows/${id}/runs`);
    expect(runs.body.every((r: { status: string }) => r.status !== 'running' && r.status !== 'waiting')).toBe(true);
    const copy = await a.call('POST', `/workflows/${id}/duplicate`);
    expect(copy.body).toMatchObject({ name: 'Welcome (copy)', status: 'draft' });
    expect((await a.call('DELETE', `/workflows/${id}`)).status).toBe(204);
    expect((await a.call('GET', `/workflows/${id}`)).status).toBe(404);
  });
});
