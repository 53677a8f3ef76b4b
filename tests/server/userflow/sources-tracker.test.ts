import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forJob } from '../../../server/services/scope.ts';
import { openConnector } from '../../../server/services/userflow/connectors/index.ts';
import type { TestEnv } from '../helpers.ts';
import { makeContact, setupTwoCompanies, type Caller } from '../contacts/fixtures.ts';

let env: TestEnv;
let a: Caller;
let b: Caller;
let siteId: number;
const contacts: Record<string, number> = {};

/** Events of a site as the ingest stores them, received `daysAgo` days ago. */
async function event(visitor: string, type: string, name: string | null, daysAgo: number, contactId: number | null) {
  await env.pool.query(
    `insert into tracker_events (company_id, site_id, visitor_id, contact_id, type, name, ua_class, received_at)
     values ($1, $2, $3, $4, $5, $6, 'mobile', now() - make_interval(days => $7))`,
    [a.companyId, siteId, visitor, contactId, type, name, daysAgo],
  );
}

beforeAll(async () => {
  ({ env, a, b } = await setupTwoCompanies());
  // The window reaches into last month: its partition is made as the daily job would have.
  await env.pool.query(`select missiva_tracker_partition(now() - interval '1 month')`);
  siteId = (await a.call('POST', '/userflow/tracker/sites', { name: 'Shop', allowedDomains: ['shop.example.org'] }))
    .body.id;
  for (const who of ['ada', 'bob', 'cy']) contacts[who] = (await makeContact(a, { email: `${who}@example.org` })).id;
  // Ada: identified from the start. Bob: two events before identify(), joined through tracker_visitors. Cy: only
  // events older than the window. An anonymous visitor is never a row.
  await event('v-ada', 'page_view', null, 1, contacts.ada!);
  await event('v-ada', 'page_view', null, 2, contacts.ada!);
  await event('v-ada', 'event', 'add_to_cart', 2, contacts.ada!);
  await event('v-ada', 'event', 'purchase', 1, contacts.ada!);
  await event('v-bob', 'page_view', null, 3, null);
  await event('v-bob', 'event', 'add_to_cart', 3, null);
  await event('v-bob', 'identify', null, 3, contacts.bob!);
  await env.pool.query(
    `insert into tracker_visitors (company_id, site_id, visitor_id, contact_id, identified_at, visit_started_at,
       last_seen_at) values ($1, $2, 'v-bob', $3, now(), now(), now())`,
    [a.companyId, siteId, contacts.bob],
  );
  await event('v-cy', 'page_view', null, 40, contacts.cy!);
  await event('v-anon', 'page_view', null, 1, null);
});
afterAll(() => env.close());

async function trackerModel(caller: Caller, site: number, days: number): Promise<number> {
  const id = (await caller.call('POST', '/userflow/models', { name: 'Buyers', predictionType: 'probability' })).body.id;
  const saved = await caller.call('PATCH', `/userflow/models/${id}`, {
    source: { kind: 'userflow', config: { siteId: site, days } },
  });
  if (saved.status !== 200) throw new Error(JSON.stringify(saved.body));
  return id;
}

describe('UserFlow tracker source', () => {
  it('answers one row per identified contact with event counts as columns, matching contacts by email', async () => {
    const id = await trackerModel(a, siteId, 30);
    const preview = await a.call('GET', `/userflow/models/${id}/source/preview`);
    expect(preview.status).toBe(200);
    expect(preview.body.columns).toEqual([
      'email',
      'contact_id',
      'first_seen',
      'last_seen',
      'days_since_last_seen',
      'page_views',
      'events',
      'active_days',
      'device',
      'event:add_to_cart',
      'event:purchase',
    ]);
    const rows = preview.body.rows.map((r: unknown[]) =>
      Object.fromEntries(preview.body.columns.map((c: string, i: number) => [c, r[i]])),
    );
    expect(rows.map((r: { email: string }) => r.email)).toEqual(['ada@example.org', 'bob@example.org']);
    expect(rows[0]).toMatchObject({ page_views: 2, events: 2, active_days: 2, device: 'mobile', 'event:purchase': 1 });
    expect(rows[1]).toMatchObject({ page_views: 1, events: 1, 'event:add_to_cart': 1, 'event:purchase': 0 });
    expect(rows[1].days_since_last_seen).toBeCloseTo(3, 1);

    const schema = await a.call('GET', `/userflow/models/${id}/source/schema`);
    expect(schema.body.suggested).toEqual({ identityColumn: 'email', matchKind: 'email', timeColumn: 'first_seen' });
    await a.call('PATCH', `/userflow/models/${id}`, {
      identity: { column: 'email', matchKind: 'email', attributeId: null },
    });
    expect((await a.call('GET', `/userflow/models/${id}/source/match-rate`)).body).toEqual({
      sampleRows: 2,
      withIdentity: 2,
      matched: 2,
      rate: 1,
    });
    // A longer window takes in Cy's old visit.
    const longer = await trackerModel(a, siteId, 60);
    expect((await a.call('POST', `/userflow/models/${longer}/source/test`)).body).toEqual({
      ok: true,
      rows: 3,
      error: null,
    });
  });

  it('says which contacts changed since a cursor, for realtime runs', async () => {
    const id = await trackerModel(a, siteId, 30);
    const connector = await openConnector(forJob(env.ctx, a.companyId), id, {
      kind: 'userflow',
      config: { siteId, days: 30 },
      secrets: {},
    });
    const start = await connector.changesSince!(null);
    expect(start.rows).toEqual([]);
    expect(start.cursor).not.toBeNull();
    await env.pool.query(
      `insert into tracker_events (company_id, site_id, visitor_id, contact_id, type, name, received_at)
       values ($1, $2, 'v-bob', null, 'event', 'purchase', now() + interval '1 second')`,
      [a.companyId, siteId],
    );
    const changed = await connector.changesSince!(start.cursor);
    expect(changed.rows.map((r) => r.email)).toEqual(['bob@example.org']);
    expect(changed.rows[0]!['event:purchase']).toBe(1);
    expect(changed.cursor! > start.cursor!).toBe(true);
    expect((await connector.changesSince!(changed.cursor)).rows).toEqual([]);
    await connector.close();
  });

  it("refuses another company's site and answers 404 for another company's model", async () => {
    const mine = await trackerModel(b, siteId, 30);
    const answer = await b.call('POST', `/userflow/models/${mine}/source/test`);
    expect(answer.body.error).toMatchObject({
      code: 'source_invalid',
      detail: 'The tracker site does not exist any more.',
    });
    expect((await a.call('GET', `/userflow/models/${mine}/source/preview`)).status).toBe(404);
  });
});
