import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forJob } from '../../../server/services/scope.ts';
import { enrolDates } from '../../../server/services/workflows/dates.ts';
import { jobKeys } from '../../../shared/jobs.ts';
import type { NodeConfigs } from '../../../shared/workflows.ts';
import type { TestEnv } from '../helpers.ts';
import { makeContact, setupTwoCompanies, type Caller } from '../contacts/fixtures.ts';

// dateAttribute on real PostgreSQL: the company's one date job enrols, at the trigger's hour in its time zone, the
// contacts whose birthday (month and day, 29 February on 28 February in other years) or exact date shifted by the
// offset is today, once per (workflow, contact, date), schedules itself for the next such hour, and reads no other
// company's contacts.
let env: TestEnv;
let a: Caller;
let b: Caller;

async function dateWorkflow(caller: Caller, trigger: Partial<NodeConfigs['trigger']>): Promise<number> {
  const created = await caller.call('POST', '/workflows', { name: 'Dates' });
  const id = created.body.id as number;
  const graph = {
    nodes: [
      { id: 't', kind: 'trigger', position: { x: 0, y: 0 }, config: { type: 'dateAttribute', ...trigger } },
      { id: 'x', kind: 'exit', position: { x: 0, y: 100 }, config: {} },
    ],
    edges: [{ id: 'e', source: 't', handle: 'next', target: 'x' }],
  };
  const saved = await caller.call('PUT', `/workflows/${id}`, { name: 'Dates', graph, reentry: 'always' });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const active = await caller.call('POST', `/workflows/${id}/status`, { status: 'active' });
  expect(active.status, JSON.stringify(active.body)).toBe(200);
  return id;
}

const enrolled = async (caller: Caller, workflowId: number) =>
  ((await caller.call('GET', `/workflows/${workflowId}/runs`)).body as { contactId: number }[])
    .map((r) => r.contactId)
    .sort((x, y) => x - y);

const dateJob = async (companyId: string) =>
  (
    await env.pool.query<{ run_at: Date }>('select run_at from graphile_worker._private_jobs where key = $1', [
      jobKeys.workflowDates(companyId),
    ])
  ).rows[0]?.run_at;

beforeAll(async () => {
  ({ env, a, b } = await setupTwoCompanies());
});
afterAll(() => env.close());

describe('dateAttribute', () => {
  it('refuses activation with an hour, offset or time zone out of range, at the trigger', async () => {
    const attributeId = (await a.call('POST', '/contact-attributes', { name: 'Since', type: 'date' })).body.id;
    for (const bad of [{ hour: 24 }, { hour: 1.5 }, { offsetDays: 400 }, { zone: 'Mars/Base' }]) {
      const created = await a.call('POST', '/workflows', { name: 'Bad date' });
      const graph = {
        nodes: [
          {
            id: 't',
            kind: 'trigger',
            position: { x: 0, y: 0 },
            config: { type: 'dateAttribute', attributeId, ...bad },
          },
          { id: 'x', kind: 'exit', position: { x: 0, y: 100 }, config: {} },
        ],
        edges: [{ id: 'e', source: 't', handle: 'next', target: 'x' }],
      };
      await a.call('PUT', `/workflows/${created.body.id}`, { name: 'Bad date', graph });
      const active = await a.call('POST', `/workflows/${created.body.id}/status`, { status: 'active' });
      expect(active.status, JSON.stringify(bad)).toBe(422);
      expect(JSON.stringify(active.body)).toContain('triggerIncomplete');
    }
  });

  it('enrols birthdays and exact dates with an offset at the hour, once per day, and schedules the next day', async () => {
    const birthday = (await a.call('POST', '/contact-attributes', { name: 'Birthday', type: 'date' })).body.id;
    const renewal = (await a.call('POST', '/contact-attributes', { name: 'Renewal', type: 'date' })).body.id;
    const born = await makeContact(a, { email: 'born@example.org', attributes: { [birthday]: '1990-05-14' } });
    const leap = await makeContact(a, { email: 'leap@example.org', attributes: { [birthday]: '2000-02-29' } });
    await makeContact(a, { email: 'other-day@example.org', attributes: { [birthday]: '1990-05-15' } });
    const renews = await makeContact(a, { email: 'renews@example.org', attributes: { [renewal]: '2026-05-21' } });
    const nextYear = await makeContact(a, { email: 'next-year@example.org', attributes: { [renewal]: '2027-05-21' } });
    // Company B's contact with the same birthday (B's attribute of its own) is never read by A's job.
    const bBirthday = (await b.call('POST', '/contact-attributes', { name: 'Birthday', type: 'date' })).body.id;
    await makeContact(b, { email: 'b@example.org', attributes: { [bBirthday]: '1990-05-14' } });

    const birthdays = await dateWorkflow(a, { attributeId: birthday, hour: 9, zone: 'Europe/Rome' });
    const renewals = await dateWorkflow(a, {
      attributeId: renewal,
      dateMode: 'exact',
      offsetDays: -7,
      hour: 9,
      zone: 'Europe/Rome',
    });
    // Activation queued the company's date job at the next 09:00 in Rome.
    const queued = await dateJob(a.companyId);
    expect(queued).toBeDefined();
    expect(
      new Intl.DateTimeFormat('en', { timeZone: 'Europe/Rome', hour: 'numeric', hourCycle: 'h23' }).format(queued),
    ).toBe('09');

    const scope = forJob(env.ctx, a.companyId);
    // 08:00 in Rome on 14 May: not yet the hour.
    expect(await enrolDates(scope, new Date('2026-05-14T06:00:00Z'))).toBe(0);
    // 10:30 in Rome: the birthday and the renewal due in 7 days enrol; again the same day, nobody.
    expect(await enrolDates(scope, new Date('2026-05-14T08:30:00Z'))).toBe(2);
    expect(await enrolDates(scope, new Date('2026-05-14T20:00:00Z'))).toBe(0);
    expect(await enrolled(a, birthdays)).toEqual([born.id]);
    expect(await enrolled(a, renewals)).toEqual([renews.id]);
    // 28 February of a year without a 29th: the leap-day birthday comes round.
    expect(await enrolDates(scope, new Date('2027-02-28T09:00:00Z'))).toBe(1);
    expect(await enrolled(a, birthdays)).toEqual([born.id, leap.id]);
    // Next year the birthday comes round again (a new date); the exact date is next year's renewal only.
    expect(await enrolDates(scope, new Date('2027-05-14T08:30:00Z'))).toBe(2);
    expect(await enrolled(a, birthdays)).toEqual([born.id, born.id, leap.id]);
    expect(await enrolled(a, renewals)).toEqual([renews.id, nextYear.id]);
    // The job scheduled itself again at a 09:00 in Rome after its run.
    const next = await dateJob(a.companyId);
    expect(next!.getTime()).toBeGreaterThan(Date.now());
  });
});
