import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audienceQuery } from '../../../server/services/messaging/audience.ts';
import type { TestEnv } from '../helpers.ts';
import { makeContact, makeList, setupTwoCompanies, type Caller } from '../contacts/fixtures.ts';

// The deduplicated recipient count: included lists and segments, minus excluded ones, blocked and blocklisted.
let env: TestEnv;
let a: Caller;
let b: Caller;
const lists: Record<string, number> = {};
let italians: number;
let vips: number;

beforeAll(async () => {
  ({ env, a, b } = await setupTwoCompanies());
  for (const name of ['news', 'promo', 'staff']) lists[name] = (await makeList(a, name)).listId;
  const add = (email: string, listIds: number[], extra: Record<string, unknown> = {}) =>
    makeContact(a, { email, listIds, ...extra });
  await add('ada@example.com', [lists.news!, lists.promo!], { country: 'IT' });
  await add('bob@example.com', [lists.news!], { country: 'IT' });
  await add('cy@example.com', [lists.promo!], { country: 'FR' });
  await add('dee@example.com', [lists.news!, lists.staff!], { country: 'IT' });
  await add('eve@example.com', [lists.news!], { country: 'IT', blocked: true });
  await add('fay@example.com', [lists.promo!], { country: 'DE' });
  await add('gus@example.com', [], { country: 'IT' });
  await env.pool.query(
    `insert into channel_blocklist (company_id, channel, address, reason)
     values ($1, 'email', 'FAY@example.com', 'hard_bounce'), ($1, 'sms', 'cy@example.com', 'manual')`,
    [a.companyId],
  );
  const segment = async (name: string, conditions: unknown[]) =>
    (await a.call('POST', '/segments', { name, conditions: { kind: 'group', operator: 'and', conditions } })).body.id;
  italians = await segment('Italians', [{ kind: 'field', field: 'country', operator: 'equals', value: 'IT' }]);
  vips = await segment('Promo', [{ kind: 'list', operator: 'in', listId: lists.promo }]);
});
afterAll(() => env.close());

const count = async (body: Record<string, unknown>, caller = a) => {
  const res = await caller.call('POST', '/channels/email/audience-count', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.count as number;
};

describe('recipient count', () => {
  it('is zero with nothing chosen', async () => {
    expect(await count({})).toBe(0);
  });

  it('counts each address once across lists and segments', async () => {
    // news: ada, bob, dee (eve is blocked); promo: ada, cy (fay is blocklisted for email only).
    expect(await count({ includeLists: [lists.news] })).toBe(3);
    expect(await count({ includeLists: [lists.news, lists.promo] })).toBe(4);
    // Italians: ada, bob, dee, gus; with promo (ada, cy) → five distinct addresses.
    expect(await count({ includeSegments: [italians], includeLists: [lists.promo] })).toBe(5);
    expect(await count({ includeSegments: [italians, vips] })).toBe(5);
  });

  it('takes out excluded lists and segments', async () => {
    expect(await count({ includeLists: [lists.news], excludeLists: [lists.staff] })).toBe(2);
    expect(await count({ includeSegments: [italians], excludeSegments: [vips] })).toBe(3);
    expect(await count({ includeLists: [lists.news], excludeSegments: [italians] })).toBe(0);
    expect(await count({ includeLists: [lists.news], excludeLists: [lists.news] })).toBe(0);
  });

  it('leaves out blocked contacts and addresses blocklisted on this channel only', async () => {
    const res = await a.call('POST', '/channels/sms/audience-count', { includeLists: [lists.promo] });
    // No contact of the list has a phone number: the SMS channel reaches no one.
    expect(res.body.count).toBe(0);
    await env.pool.query(`delete from channel_blocklist where company_id = $1 and channel = 'email'`, [a.companyId]);
    expect(await count({ includeLists: [lists.promo] })).toBe(3);
  });

  it('answers the rows the engine freezes: one per address, with its contact', async () => {
    const query = await audienceQuery(env.ctx.tenants.bind(a.companyId), a.companyId, 'email', {
      includeLists: [lists.news!, lists.promo!],
      includeSegments: [italians],
    });
    const { rows } = await env.ctx.tenants.bind(a.companyId).query(query.sql, query.params);
    const addresses = rows.map((r: { address: string }) => r.address);
    expect(addresses).toEqual([...new Set(addresses)].sort());
    expect(addresses).toContain('gus@example.com');
    expect(addresses).not.toContain('eve@example.com');
  });

  it("never counts another company's contacts, and names their ids as missing", async () => {
    expect(await count({ includeLists: [] }, b)).toBe(0);
    const res = await b.call('POST', '/channels/email/audience-count', {
      includeLists: [lists.news],
      excludeSegments: [italians],
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['excludeSegments', 'includeLists']);
  });
});
