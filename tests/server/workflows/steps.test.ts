import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forJob } from '../../../server/services/scope.ts';
import { matchTriggerEvents } from '../../../server/services/workflows/triggers.ts';
import { advanceWorkflow } from '../../../server/services/workflows/engine.ts';
import { nextWeekday } from '../../../server/services/workflows/waits.ts';
import { CONTACT_ZONE } from '../../../shared/workflows.ts';
import type { TestEnv } from '../helpers.ts';
import { makeContact, makeList, setupTwoCompanies, type Caller } from '../contacts/fixtures.ts';
import { activeStepWorkflow, eventsOf, runStep, traces } from './stepFixtures.ts';

// The steps that change or read the run's contact, and the waits, on real PostgreSQL: each acts once per (run, step)
// though the workflow's job runs twice, writes the timeline events the contacts area writes (so other workflows'
// triggers see them), and a step that cannot act fails its run with the reason.
let env: TestEnv;
let a: Caller;
let b: Caller;

beforeAll(async () => {
  ({ env, a, b } = await setupTwoCompanies());
});
afterAll(async () => env?.close());

const attribute = async (caller: Caller, input: object) =>
  (await caller.call('POST', '/contact-attributes', input)).body as { id: number };

const contact = async (caller: Caller, email: string, extra: object = {}) =>
  (await makeContact(caller, { email, ...extra })).id as number;

const attributesOf = async (id: number) =>
  (await env.pool.query('select attributes from contacts where id = $1', [id])).rows[0]!.attributes;

describe('update attribute', () => {
  it('sets the value by the attribute type once, writes contact.updated, and fires attribute triggers', async () => {
    const score = await attribute(a, { name: 'Score', type: 'number' });
    const id = await contact(a, 'score@example.org');
    const listening = await a.call('POST', '/workflows', { name: 'On score' });
    const graph = {
      nodes: [
        {
          id: 't',
          kind: 'trigger',
          position: { x: 0, y: 0 },
          config: { type: 'attributeChanged', attributeId: score.id },
        },
        { id: 'x', kind: 'exit', position: { x: 0, y: 100 }, config: {} },
      ],
      edges: [{ id: 'e', source: 't', handle: 'next', target: 'x' }],
    };
    await a.call('PUT', `/workflows/${listening.body.id}`, { name: 'On score', graph });
    expect((await a.call('POST', `/workflows/${listening.body.id}/status`, { status: 'active' })).status).toBe(200);

    const wf = await activeStepWorkflow(a, {
      kind: 'updateAttribute',
      config: { attributeId: score.id, value: '4,5' },
    });
    const trace = await runStep(env, a, wf, [id]);
    expect(trace.get(id)).toMatchObject({ outcome: 'passed', detail: 'Score set' });
    expect((await attributesOf(id))[String(score.id)]).toBe(4.5);
    // makeContact wrote contact.created; the step wrote the only contact.updated, as the contacts service does.
    const events = await eventsOf(env, id, 'contact.updated');
    expect(events).toEqual([{ fields: ['attributes'], attributes: [String(score.id)] }]);
    // The other workflow's attribute trigger reads the event from the stream and enrols the contact.
    await matchTriggerEvents(forJob(env.ctx, a.companyId));
    const runs = (await a.call('GET', `/workflows/${listening.body.id}/runs`)).body;
    expect(runs.map((r: { contactId: number }) => r.contactId)).toEqual([id]);

    // The same value again changes nothing and writes no event (a workflow cannot loop on its own trigger).
    const again = await activeStepWorkflow(a, {
      kind: 'updateAttribute',
      config: { attributeId: score.id, value: '4.5' },
    });
    expect((await runStep(env, a, again, [id])).get(id)).toMatchObject({
      outcome: 'passed',
      detail: 'Score unchanged',
    });
    expect(await eventsOf(env, id, 'contact.updated')).toHaveLength(events.length);
  });

  it('fails the step with the value rule text, or when the attribute is another company’s', async () => {
    const score = await attribute(a, { name: 'Level', type: 'number' });
    const theirs = await attribute(b, { name: 'Secret', type: 'text' });
    const id = await contact(a, 'level@example.org');
    const bad = await activeStepWorkflow(a, {
      kind: 'updateAttribute',
      config: { attributeId: score.id, value: 'lots' },
    });
    expect((await runStep(env, a, bad, [id])).get(id)).toMatchObject({
      outcome: 'failed',
      detail: 'Level must be a number',
    });
    const foreign = await activeStepWorkflow(a, {
      kind: 'updateAttribute',
      config: { attributeId: theirs.id, value: 'x' },
    });
    expect((await runStep(env, a, foreign, [id])).get(id)).toMatchObject({
      outcome: 'failed',
      detail: 'attribute not found',
    });
    expect(await attributesOf(id)).toEqual({});
  });
});

describe('list steps', () => {
  it('add and remove write list.added and list.removed once; another company’s list is not found', async () => {
    const { listId } = await makeList(a, 'Engaged');
    const { listId: theirs } = await makeList(b, 'Theirs');
    const id = await contact(a, 'lists@example.org');
    const add = await activeStepWorkflow(a, { kind: 'addToList', config: { listId } });
    expect((await runStep(env, a, add, [id])).get(id)).toMatchObject({ outcome: 'passed' });
    const member = 'select 1 from list_members where list_id = $1 and contact_id = $2';
    expect((await env.pool.query(member, [listId, id])).rowCount).toBe(1);
    expect(await eventsOf(env, id, 'list.added')).toEqual([{ listId, workflowId: add }]);

    const remove = await activeStepWorkflow(a, { kind: 'removeFromList', config: { listId } });
    expect((await runStep(env, a, remove, [id])).get(id)).toMatchObject({ outcome: 'passed' });
    expect((await env.pool.query(member, [listId, id])).rowCount).toBe(0);
    expect(await eventsOf(env, id, 'list.removed')).toEqual([{ listId, workflowId: remove }]);

    const foreign = await activeStepWorkflow(a, { kind: 'addToList', config: { listId: theirs } });
    expect((await runStep(env, a, foreign, [id])).get(id)).toMatchObject({
      outcome: 'failed',
      detail: 'list not found',
    });
    expect((await env.pool.query(member, [theirs, id])).rowCount).toBe(0);
  });
});

it('a test run does not change the chosen contact: list and attribute steps pass without acting', async () => {
  const { listId } = await makeList(a, 'Tried');
  const id = await contact(a, 'tried@example.org');
  const wf = await activeStepWorkflow(a, { kind: 'addToList', config: { listId } });
  const started = await a.call('POST', `/workflows/${wf}/test-runs`, { contactId: id, address: 'me@example.net' });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  await advanceWorkflow(forJob(env.ctx, a.companyId), wf);
  expect((await traces(a, wf)).get(id)).toMatchObject({
    outcome: 'passed',
    detail: 'test run: the contact is not changed',
  });
  expect((await env.pool.query('select 1 from list_members where list_id = $1', [listId])).rowCount).toBe(0);
  expect(await eventsOf(env, id, 'list.added')).toEqual([]);
});

describe('branch on conditions', () => {
  it('compiles the segment conditions for the one contact, and the trace names the conditions that held', async () => {
    const plan = await attribute(a, { name: 'Plan', type: 'category', options: ['free', 'gold'] });
    const gold = await contact(a, 'gold@example.org', { attributes: { [plan.id]: 'gold' } });
    const free = await contact(a, 'free@example.org', { attributes: { [plan.id]: 'free' } });
    const conditions = {
      kind: 'group' as const,
      operator: 'and' as const,
      conditions: [
        { kind: 'attribute' as const, attributeId: plan.id, operator: 'equals' as const, value: 'gold' },
        { kind: 'field' as const, field: 'email' as const, operator: 'contains' as const, value: 'example.org' },
      ],
    };
    const wf = await activeStepWorkflow(a, { kind: 'branch', config: { mode: 'conditions', conditions } });
    const trace = await runStep(env, a, wf, [gold, free]);
    expect(trace.get(gold)).toMatchObject({
      outcome: 'passed',
      handle: 'yes',
      detail: 'yes (all): Plan equals, email contains held',
    });
    expect(trace.get(free)).toMatchObject({
      outcome: 'passed',
      handle: 'no',
      detail: 'no (all): email contains held; Plan equals did not',
    });
  });

  it('a condition PostgreSQL refuses fails that run’s step with the reason; the batch goes on', async () => {
    const score = await attribute(a, { name: 'Points', type: 'number' });
    const one = await contact(a, 'one@example.org');
    // Saved through the editor's free-form config: a "between" of words, which the compiled SQL cannot cast.
    const broken = {
      kind: 'group' as const,
      operator: 'or' as const,
      conditions: [
        { kind: 'attribute' as const, attributeId: score.id, operator: 'between' as const, values: ['low', 'high'] },
      ],
    };
    const wf = await activeStepWorkflow(a, { kind: 'branch', config: { mode: 'conditions', conditions: broken } });
    const other = await activeStepWorkflow(a, {
      kind: 'addToList',
      config: { listId: (await makeList(a, 'After')).listId },
    });
    const trace = await runStep(env, a, wf, [one]);
    expect(trace.get(one)?.outcome).toBe('failed');
    expect(trace.get(one)?.detail).toMatch(/^error: .*numeric/);
    expect((await runStep(env, a, other, [one])).get(one)?.outcome).toBe('passed');
  });
});

describe('waits', () => {
  const nextAt = async (workflowId: number) =>
    (
      await env.pool.query<{ next_at: Date; status: string }>(
        'select next_at, status from workflow_runs where workflow_id = $1',
        [workflowId],
      )
    ).rows[0]!;

  it('waits until a local date and time in a fixed zone, across a daylight-saving change', async () => {
    const id = await contact(a, 'until@example.org');
    // Europe/Rome moves from UTC+1 to UTC+2 on 28 March 2027: 09:00 local is 08:00Z the day before, 07:00Z that day.
    const before = await activeStepWorkflow(a, {
      kind: 'wait',
      config: { mode: 'until', at: '2027-03-27T09:00', zone: 'Europe/Rome' },
    });
    const after = await activeStepWorkflow(a, {
      kind: 'wait',
      config: { mode: 'until', at: '2027-03-28T09:00', zone: 'Europe/Rome' },
    });
    await runStep(env, a, before, [id]);
    await runStep(env, a, after, [id]);
    expect(await nextAt(before)).toEqual({ status: 'waiting', next_at: new Date('2027-03-27T08:00:00Z') });
    expect(await nextAt(after)).toEqual({ status: 'waiting', next_at: new Date('2027-03-28T07:00:00Z') });
  });

  it('uses the company’s zone for "the contact’s time zone"; a time already past passes at once', async () => {
    const id = await contact(a, 'zone@example.org');
    await env.pool.query(
      `insert into notification_settings (user_id, company_id, time_zone) values ($1, $2, 'America/New_York')
       on conflict (user_id) do update set time_zone = excluded.time_zone`,
      [a.userId, a.companyId],
    );
    const local = await activeStepWorkflow(a, {
      kind: 'wait',
      config: { mode: 'until', at: '2027-07-01T09:00', zone: CONTACT_ZONE },
    });
    await runStep(env, a, local, [id]);
    expect((await nextAt(local)).next_at).toEqual(new Date('2027-07-01T13:00:00Z'));
    const past = await activeStepWorkflow(a, {
      kind: 'wait',
      config: { mode: 'until', at: '2020-01-01T00:00', zone: 'UTC' },
    });
    expect((await runStep(env, a, past, [id])).get(id)).toMatchObject({ outcome: 'passed' });
    const wrong = await activeStepWorkflow(a, {
      kind: 'wait',
      config: { mode: 'until', at: '2027-02-30T10:00', zone: 'UTC' },
    });
    expect((await runStep(env, a, wrong, [id])).get(id)).toMatchObject({
      outcome: 'failed',
      detail: 'invalid date and time',
    });
  });

  it('waits for the next chosen weekday at the hour in the zone, the hour kept across a DST change', async () => {
    // Monday 09:00 in Rome: 07:00Z while summer time lasts, 08:00Z after it ends on 25 October 2026.
    expect(nextWeekday([1], 9, 'Europe/Rome', new Date('2026-10-16T12:00:00Z'))).toEqual(
      new Date('2026-10-19T07:00:00Z'),
    );
    expect(nextWeekday([1], 9, 'Europe/Rome', new Date('2026-10-23T12:00:00Z'))).toEqual(
      new Date('2026-10-26T08:00:00Z'),
    );
    // Friday 17:00 or Tuesday 17:00, whichever comes first; the same instant is never "next".
    expect(nextWeekday([5, 2], 17, 'Asia/Tokyo', new Date('2026-11-25T08:00:00Z'))).toEqual(
      new Date('2026-11-27T08:00:00Z'),
    );
    expect(nextWeekday([], 9, 'UTC', new Date())).toBeNull();

    const id = await contact(a, 'weekday@example.org');
    const wf = await activeStepWorkflow(a, {
      kind: 'wait',
      config: { mode: 'weekday', weekdays: [3, 6], hour: 10, zone: 'Asia/Kolkata' },
    });
    await runStep(env, a, wf, [id]);
    const { next_at } = await nextAt(wf);
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Asia/Kolkata',
        weekday: 'short',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      })
        .formatToParts(next_at)
        .map((p) => [p.type, p.value]),
    );
    expect(['Wed', 'Sat']).toContain(parts.weekday);
    expect(`${parts.hour}:${parts.minute}`).toBe('10:00');
    expect(next_at.getTime() - Date.now()).toBeLessThanOrEqual(7 * 86_400_000);
    expect(next_at.getTime()).toBeGreaterThan(Date.now());
  });
});

it('a job run again after the run moved on acts no more: one step row, one event', async () => {
  const { listId } = await makeList(a, 'Twice');
  const id = await contact(a, 'twice@example.org');
  const wf = await activeStepWorkflow(a, { kind: 'addToList', config: { listId } });
  await runStep(env, a, wf, [id]);
  await advanceWorkflow(forJob(env.ctx, a.companyId), wf);
  const steps = await env.pool.query(
    `select 1 from workflow_steps s join workflow_runs r on r.company_id = s.company_id and r.id = s.run_id
      where r.workflow_id = $1 and s.node_id = 's'`,
    [wf],
  );
  expect(steps.rowCount).toBe(1);
  expect(await eventsOf(env, id, 'list.added')).toHaveLength(1);
  expect((await traces(a, wf)).size).toBe(1);
});
