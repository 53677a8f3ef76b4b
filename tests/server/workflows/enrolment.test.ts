import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestEnv } from '../helpers.ts';
import { makeContact, makeList, setupTwoCompanies, type Caller } from '../contacts/fixtures.ts';

// Manual enrolment from the contacts table (issue 22 §3) on real PostgreSQL: by ids or by the table's selection (a
// filter with exclusions), under the workflow's re-entry rule; another company's workflow answers 404 and its
// contacts are never enrolled; a body naming both or neither answers 422.
let env: TestEnv;
let a: Caller;
let b: Caller;
let workflowId: number;
let listId: number;
const ids: number[] = [];

const graph = {
  nodes: [
    { id: 't', kind: 'trigger', position: { x: 0, y: 0 }, config: { type: 'manual' } },
    { id: 'w', kind: 'wait', position: { x: 0, y: 100 }, config: { mode: 'duration', amount: 1, unit: 'days' } },
    { id: 'x', kind: 'exit', position: { x: 0, y: 200 }, config: {} },
  ],
  edges: [
    { id: 'e1', source: 't', handle: 'next', target: 'w' },
    { id: 'e2', source: 'w', handle: 'next', target: 'x' },
  ],
};

beforeAll(async () => {
  ({ env, a, b } = await setupTwoCompanies());
  ({ listId } = await makeList(a, 'Leads'));
  for (const n of [1, 2, 3, 4]) {
    const contact = await makeContact(a, { email: `lead${n}@example.org`, ...(n <= 3 ? { listIds: [listId] } : {}) });
    ids.push(contact.id);
  }
  const { body } = await a.call('POST', '/workflows', { name: 'By hand' });
  workflowId = body.id;
  expect((await a.call('PUT', `/workflows/${workflowId}`, { name: 'By hand', graph })).status).toBe(200);
});
afterAll(() => env.close());

describe('manual enrolment', () => {
  it('refuses a workflow that is not active, and a body with both or neither', async () => {
    const draft = await a.call('POST', `/workflows/${workflowId}/enrolments`, { contactIds: [ids[0]] });
    expect(draft.status).toBe(409);
    expect((await a.call('POST', `/workflows/${workflowId}/status`, { status: 'active' })).status).toBe(200);
    expect((await a.call('POST', `/workflows/${workflowId}/enrolments`, {})).status).toBe(422);
    const both = await a.call('POST', `/workflows/${workflowId}/enrolments`, {
      contactIds: [ids[0]],
      selection: { ids: [ids[0]] },
    });
    expect(both.status).toBe(422);
  });

  it('enrols a filtered selection except the excluded, then nobody twice while their runs wait', async () => {
    const selection = { filter: { listId }, excludeIds: [ids[1]] };
    const first = await a.call('POST', `/workflows/${workflowId}/enrolments`, { selection });
    expect(first.status).toBe(200);
    expect(first.body.enrolled).toBe(2);
    const again = await a.call('POST', `/workflows/${workflowId}/enrolments`, { selection: { ids } });
    expect(again.body.enrolled).toBe(2); // ids[1] and ids[3]: the others' runs are in progress (afterFinish)
  });

  it("answers 404 to another company's workflow and never enrols another company's contacts", async () => {
    const other = await b.call('POST', `/workflows/${workflowId}/enrolments`, { selection: { ids } });
    expect(other.status).toBe(404);
    const { body } = await b.call('POST', '/workflows', { name: 'Theirs' });
    await b.call('PUT', `/workflows/${body.id}`, { name: 'Theirs', graph });
    expect((await b.call('POST', `/workflows/${body.id}/status`, { status: 'active' })).status).toBe(200);
    const foreign = await b.call('POST', `/workflows/${body.id}/enrolments`, { selection: { ids } });
    expect(foreign.status, JSON.stringify(foreign.body)).toBe(200);
    expect(foreign.body.enrolled).toBe(0);
    await makeContact(b, { email: 'theirs@example.org' });
    const all = await b.call('POST', `/workflows/${body.id}/enrolments`, { selection: { filter: {} } });
    expect(all.body.enrolled).toBe(1); // their one contact, none of A's four
  });
});
