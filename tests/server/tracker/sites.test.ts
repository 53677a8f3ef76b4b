import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forJob } from '../../../server/services/scope.ts';
import { maintainTrackerPartitions, partitions } from '../../../server/services/tracker/partitions.ts';
import { trackerRuntime } from '../../../server/services/tracker/runtime.ts';
import type { TestEnv } from '../helpers.ts';
import { setupTwoCompanies, type Caller } from '../contacts/fixtures.ts';

let env: TestEnv;
let a: Caller;
let b: Caller;
let theirs: { id: number; siteKey: string };
let mine: { id: number; siteKey: string };

beforeAll(async () => {
  ({ env, a, b } = await setupTwoCompanies());
  theirs = (await b.call('POST', '/userflow/tracker/sites', { name: 'Theirs', allowedDomains: ['b.example.org'] }))
    .body;
  mine = (await a.call('POST', '/userflow/tracker/sites', { name: 'Mine', allowedDomains: ['a.example.org'] })).body;
  const res = await env.app.inject({
    method: 'POST',
    url: `/api/public/track/${theirs.siteKey}`,
    headers: { origin: 'https://b.example.org', 'user-agent': 'Mozilla/5.0 (Windows NT 10.0) Chrome/131.0' },
    payload: { visitorId: 'vb', consent: true, events: [{ type: 'page_view', url: 'https://b.example.org/x' }] },
  });
  expect(res.statusCode).toBe(204);
  await trackerRuntime(env.ctx).recorder.flush();
});
afterAll(() => env.close());

describe('site settings', () => {
  it('creates a site with a random key, the defaults and its snippet; updates and validates', async () => {
    expect(mine.siteKey).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(mine).toMatchObject({ consentMode: 'ask', retentionDays: 395, allowedDomains: ['a.example.org'] });
    expect((mine as unknown as { snippet: string }).snippet).toContain(
      `data-site="${mine.siteKey}" data-consent="ask"`,
    );
    const patched = await a.call('PATCH', `/userflow/tracker/sites/${mine.id}`, {
      allowedDomains: ['A.example.org', '*.shop.example.org'],
      consentMode: 'none',
      retentionDays: 90,
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ allowedDomains: ['a.example.org', '*.shop.example.org'], retentionDays: 90 });
    expect(patched.body.snippet).not.toContain('data-consent');
    for (const bad of [{ retentionDays: 5 }, { allowedDomains: ['https://x.org/'] }, { consentMode: 'maybe' }, {}]) {
      const res = await a.call('PATCH', `/userflow/tracker/sites/${mine.id}`, bad);
      expect(res.status, JSON.stringify(bad)).toBe(422);
    }
  });

  it('counts events per day with empty days as zeros', async () => {
    const res = await b.call('GET', `/userflow/tracker/sites/${theirs.id}/stats?days=7`);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(7);
    expect(res.body.at(-1)).toMatchObject({ pageViews: 1, events: 0, identifies: 0 });
    expect(res.body[0]).toMatchObject({ pageViews: 0 });
    const events = await b.call('GET', `/userflow/tracker/sites/${theirs.id}/events`);
    expect(events.body).toMatchObject([{ type: 'page_view', path: '/x', visitorId: 'vb', uaClass: 'desktop' }]);
  });
});

describe('tenancy', () => {
  it("answers 404 for another company's site on every site operation, and lists only its own", async () => {
    const id = theirs.id;
    const probes = {
      updateTrackerSite: () => a.call('PATCH', `/userflow/tracker/sites/${id}`, { name: 'Mine now' }),
      deleteTrackerSite: () => a.call('DELETE', `/userflow/tracker/sites/${id}`),
      listTrackerEvents: () => a.call('GET', `/userflow/tracker/sites/${id}/events`),
      getTrackerStats: () => a.call('GET', `/userflow/tracker/sites/${id}/stats`),
    };
    for (const [name, probe] of Object.entries(probes)) expect((await probe()).status, name).toBe(404);
    const list = await a.call('GET', '/userflow/tracker/sites');
    expect(list.body.map((s: { id: number }) => s.id)).toEqual([mine.id]);
    const still = await b.call('GET', '/userflow/tracker/sites');
    expect(still.body).toMatchObject([{ id, name: 'Theirs' }]);
  });

  it('row-level security holds on the partitioned events table and on each partition', async () => {
    const scope = forJob(env.ctx, a.companyId);
    expect((await scope.db.query('select count(*)::int as n from tracker_events')).rows[0].n).toBe(0);
    const [partition] = await partitions(env.pool);
    expect((await scope.db.query(`select count(*)::int as n from ${partition!.name}`)).rows[0].n).toBe(0);
    const own = forJob(env.ctx, b.companyId);
    expect((await own.db.query('select count(*)::int as n from tracker_events')).rows[0].n).toBe(1);
    await expect(
      scope.db.query(
        `insert into tracker_events (company_id, site_id, visitor_id, type) values ($1, $2, 'x', 'page_view')`,
        [b.companyId, theirs.id],
      ),
    ).rejects.toThrow(/row-level security/);
  });
});

describe('partitions', () => {
  it('creates the months ahead and drops the months past every retention', async () => {
    const later = new Date(Date.UTC(new Date().getUTCFullYear() + 3, 5, 15));
    // Events of a past month, under a partition made for it.
    await env.pool.query(`select missiva_tracker_partition('2020-01-10T00:00:00Z')`);
    await env.pool.query(
      `insert into tracker_events (company_id, site_id, visitor_id, type, received_at)
       values ($1, $2, 'old', 'page_view', '2020-01-10T00:00:00Z')`,
      [b.companyId, theirs.id],
    );
    const done = await maintainTrackerPartitions(env.pool, later);
    const y = later.getUTCFullYear();
    expect(done.created).toEqual([
      `tracker_events_${y}06`,
      `tracker_events_${y}07`,
      `tracker_events_${y}08`,
      `tracker_events_${y}09`,
    ]);
    expect(done.dropped).toContain('tracker_events_202001');
    // Three years on, every month of today is past the longest retention (395 days) too.
    const names = (await partitions(env.pool)).map((p) => p.name);
    expect(names).toEqual(done.created);
    // The current month's event was deleted by its site's retention before its partition went.
    expect((await env.pool.query('select count(*)::int as n from tracker_events')).rows[0].n).toBe(0);
    // Running again changes nothing.
    expect(await maintainTrackerPartitions(env.pool, later)).toEqual({
      created: [],
      dropped: [],
      deleted: 0,
      visitorsForgotten: 0,
    });
  });
});
