import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forJob } from '../../../server/services/scope.ts';
import { matchTriggerEvents } from '../../../server/services/workflows/triggers.ts';
import { STREAM_TRIGGERS } from '../../../shared/workflows.ts';
import type { TestEnv } from '../helpers.ts';
import { makeContact, setupTwoCompanies, type Caller } from '../contacts/fixtures.ts';

// segmentEntered and the trigger cursor on real PostgreSQL: activation snapshots the segment's members without
// enrolling them and starts the company's cursor at its latest event; a change that makes a contact match enrols
// them once; leaving the segment and entering it again enrols again; another company's contacts never enrol.
let env: TestEnv;
let a: Caller;
let b: Caller;

const italians = {
  kind: 'group',
  operator: 'and',
  conditions: [{ kind: 'field', field: 'country', operator: 'equals', value: 'IT' }],
};

async function segmentWorkflow(caller: Caller, segmentId: number): Promise<number> {
  const created = await caller.call('POST', '/workflows', { name: 'Entered' });
  const id = created.body.id as number;
  const graph = {
    nodes: [
      { id: 't', kind: 'trigger', position: { x: 0, y: 0 }, config: { type: 'segmentEntered', segmentId } },
      { id: 'x', kind: 'exit', position: { x: 0, y: 100 }, config: {} },
    ],
    edges: [{ id: 'e', source: 't', handle: 'next', target: 'x' }],
  };
  const saved = await caller.call('PUT', `/workflows/${id}`, { name: 'Entered', graph, reentry: 'always' });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const active = await caller.call('POST', `/workflows/${id}/status`, { status: 'active' });
  expect(active.status, JSON.stringify(active.body)).toBe(200);
  return id;
}

const enrolled = async (caller: Caller, workflowId: number) =>
  ((await caller.call('GET', `/workflows/${workflowId}/runs`)).body as { contactId: number }[])
    .map((r) => r.contactId)
    .sort((x, y) => x - y);

const cursorOf = async (companyId: string) =>
  (
    await env.pool.query<{ last: string }>(
      'select last_event_id::text as last from workflow_trigger_cursors where company_id = $1',
      [companyId],
    )
  ).rows[0]?.last;

const latestEvent = async (companyId: string) =>
  (
    await env.pool.query<{ last: string }>(
      'select coalesce(max(id), 0)::text as last from contact_events where company_id = $1',
      [companyId],
    )
  ).rows[0]!.last;

beforeAll(async () => {
  ({ env, a, b } = await setupTwoCompanies());
});
afterAll(() => env.close());

describe('segmentEntered', () => {
  it("migration 043's trigger still names the same event types as STREAM_TRIGGERS", () => {
    const sql = readFileSync('server/db/migrations/043_workflow_segments.sql', 'utf8');
    const pairs = [...sql.matchAll(/when '([a-z.]+)' then '([A-Za-z]+)'/g)].map((m) => [m[1], m[2]]);
    expect(Object.fromEntries(pairs)).toEqual(STREAM_TRIGGERS);
  });

  it('snapshots members at activation, enrols those a change brings in, once, and again after leaving', async () => {
    const member = await makeContact(a, { email: 'already@example.org', country: 'IT' });
    const outsider = await makeContact(a, { email: 'outsider@example.org', country: 'FR' });
    const segment = await a.call('POST', '/segments', { name: 'Italians', conditions: italians });
    expect(segment.status).toBe(201);
    expect(await cursorOf(a.companyId)).toBeUndefined();
    const id = await segmentWorkflow(a, segment.body.id);
    // The first job starts from the events at activation on, not the whole past timeline.
    expect(await cursorOf(a.companyId)).toBe(await latestEvent(a.companyId));
    const scope = forJob(env.ctx, a.companyId);

    // The member changes (still Italian): no enrolment. The outsider becomes Italian: enrolled.
    expect((await a.call('PATCH', `/contacts/${member.id}`, { firstName: 'Anna' })).status).toBe(200);
    expect((await a.call('PATCH', `/contacts/${outsider.id}`, { country: 'IT' })).status).toBe(200);
    expect(await matchTriggerEvents(scope)).toBe(1);
    expect(await matchTriggerEvents(scope)).toBe(0);
    expect(await enrolled(a, id)).toEqual([outsider.id]);

    // Another change while still in the segment enrols nobody; leaving and entering again enrols again.
    await a.call('PATCH', `/contacts/${outsider.id}`, { firstName: 'Piero' });
    expect(await matchTriggerEvents(scope)).toBe(0);
    await a.call('PATCH', `/contacts/${outsider.id}`, { country: 'FR' });
    await matchTriggerEvents(scope);
    await a.call('PATCH', `/contacts/${outsider.id}`, { country: 'IT' });
    expect(await matchTriggerEvents(scope)).toBe(1);
    expect(await enrolled(a, id)).toEqual([outsider.id, outsider.id]);

    // A new contact created in the segment enters it.
    const fresh = await makeContact(a, { email: 'fresh@example.org', country: 'IT' });
    expect(await matchTriggerEvents(scope)).toBe(1);
    expect(await enrolled(a, id)).toEqual([outsider.id, outsider.id, fresh.id]);
  });

  it("never enrols another company's contacts", async () => {
    const segment = await b.call('POST', '/segments', { name: 'Italians B', conditions: italians });
    const id = await segmentWorkflow(b, segment.body.id);
    await makeContact(a, { email: 'elsewhere@example.org', country: 'IT' });
    await matchTriggerEvents(forJob(env.ctx, a.companyId));
    const mine = await makeContact(b, { email: 'mine@example.org', country: 'IT' });
    await matchTriggerEvents(forJob(env.ctx, b.companyId));
    expect(await enrolled(b, id)).toEqual([mine.id]);
  });
});
