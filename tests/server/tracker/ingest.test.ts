import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackerRuntime } from '../../../server/services/tracker/runtime.ts';
import { TRACKER_LIMITS, TRACKER_TEXTS } from '../../../shared/tracker.ts';
import type { TestEnv } from '../helpers.ts';
import { makeContact, signIn, type Caller } from '../contacts/fixtures.ts';
import { createTestEnv } from '../helpers.ts';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const ORIGIN = 'https://shop.example.org';

let env: TestEnv;
let a: Caller;
let site: { id: number; siteKey: string };

beforeAll(async () => {
  env = await createTestEnv();
  a = await signIn(env, 'Alpha');
  const created = await a.call('POST', '/userflow/tracker/sites', {
    name: 'Shop',
    allowedDomains: ['shop.example.org', '*.example.net'],
    consentMode: 'none',
  });
  expect(created.status).toBe(201);
  site = created.body;
});
afterAll(() => env.close());

function track(body: unknown, headers: Record<string, string> = {}, key = site.siteKey) {
  return env.app.inject({
    method: 'POST',
    url: `/api/public/track/${key}`,
    headers: { origin: ORIGIN, 'user-agent': CHROME, 'content-type': 'application/json', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const flush = () => trackerRuntime(env.ctx).recorder.flush();

async function stored(visitorId: string) {
  const { rows } = await env.pool.query(
    'select type, name, path, contact_id, ua_class, properties from tracker_events where visitor_id = $1 order by id',
    [visitorId],
  );
  return rows;
}

describe('ingest', () => {
  it('accepts a batch, answers 204 with CORS for the allowed origin, and stores every event', async () => {
    const res = await track({
      visitorId: 'v1',
      events: [
        { type: 'page_view', url: 'https://shop.example.org/shoes?x=1', referrer: 'https://search.example/' },
        { type: 'event', name: 'added_to_cart', properties: { sku: 'A1', price: 12.5 } },
      ],
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(ORIGIN);
    await flush();
    const rows = await stored('v1');
    expect(rows).toMatchObject([
      { type: 'page_view', path: '/shoes', ua_class: 'desktop', contact_id: null },
      { type: 'event', name: 'added_to_cart', properties: { sku: 'A1', price: 12.5 } },
    ]);
    // The live list's event goes out on the next tick (then at most once a second per site).
    await new Promise((resolve) => setTimeout(resolve, 20));
    const live = env.emitted.find((e) => e.event === 'tracker.events');
    expect(live?.room).toBe(`company:${a.companyId}`);
    expect(live?.payload).toMatchObject({ siteId: site.id, events: [{ type: 'page_view' }, { type: 'event' }] });
  });

  it('accepts a subdomain of a wildcard domain and refuses a foreign origin (403, no CORS header)', async () => {
    expect(
      (await track({ visitorId: 'v2', events: [{ type: 'page_view' }] }, { origin: 'https://a.example.net' }))
        .statusCode,
    ).toBe(204);
    const foreign = await track(
      { visitorId: 'v2', events: [{ type: 'page_view' }] },
      { origin: 'https://evil.example' },
    );
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe(TRACKER_TEXTS.originRefused);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    const none = await track({ visitorId: 'v2', events: [{ type: 'page_view' }] }, { origin: '' });
    expect(none.statusCode).toBe(403);
  });

  it('answers the preflight for allowed origins only', async () => {
    const ask = (origin: string) =>
      env.app.inject({
        method: 'OPTIONS',
        url: `/api/public/track/${site.siteKey}`,
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
    const ok = await ask(ORIGIN);
    expect(ok.statusCode).toBe(204);
    expect(ok.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(ok.headers['access-control-allow-headers']).toBe('content-type');
    const refused = await ask('https://evil.example');
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers 404 for an unknown site key', async () => {
    const res = await track({ visitorId: 'v3', events: [{ type: 'page_view' }] }, {}, 'x'.repeat(24));
    expect(res.statusCode).toBe(404);
  });

  it('refuses oversized batches, events and properties, and NUL characters, never with a 500', async () => {
    const many = Array.from({ length: TRACKER_LIMITS.maxEventsPerBatch + 1 }, () => ({ type: 'page_view' }));
    expect((await track({ visitorId: 'v4', events: many })).statusCode).toBe(422);
    const bigEvent = await track({
      visitorId: 'v4',
      events: [
        { type: 'event', name: 'x', url: 'https://shop.example.org/' + 'a'.repeat(2000), referrer: 'b'.repeat(2048) },
      ],
    });
    expect(bigEvent.statusCode).toBe(422);
    expect(bigEvent.json().errors['events/0']).toEqual([TRACKER_TEXTS.eventTooLarge]);
    const bigProps = await track({
      visitorId: 'v4',
      events: [{ type: 'event', name: 'x', properties: { p: 'z'.repeat(2500) } }],
    });
    expect(bigProps.statusCode).toBe(422);
    expect(bigProps.json().errors['events/0/properties']).toEqual([TRACKER_TEXTS.propertiesTooLarge]);
    const bigBody = await track({
      visitorId: 'v4',
      events: Array.from({ length: 40 }, () => ({ type: 'event', name: 'x', properties: { p: 'y'.repeat(1900) } })),
    });
    expect(bigBody.statusCode).toBe(413);
    expect(bigBody.json().message).toBe(TRACKER_TEXTS.bodyTooLarge);
    const nul = await track({ visitorId: 'v4', events: [{ type: 'event', name: 'a\u0000b' }] });
    expect(nul.statusCode).toBe(422);
    expect(nul.json().errors['events/0']).toEqual([TRACKER_TEXTS.badText]);
    const surrogate = await track({
      visitorId: 'v4',
      events: [{ type: 'event', name: 'ok', properties: { s: 'x\ud800' } }],
    });
    expect(surrogate.json().errors['events/0']).toEqual([TRACKER_TEXTS.badText]);
    const deep = await track({
      visitorId: 'v4b',
      events: [{ type: 'event', name: 'n', properties: { n: Array(900).fill(1) } }],
    });
    expect(deep.statusCode).toBe(204);
    const nulProps = await track({
      visitorId: 'v4',
      events: [{ type: 'event', name: 'a', properties: { 'k\u0000': 1 } }],
    });
    expect(nulProps.statusCode).toBe(422);
    for (const garbage of [
      '{',
      '[]',
      'null',
      '{"visitorId":"v4","events":[{"type":"nope"}]}',
      '{"visitorId":"bad id!","events":[{"type":"page_view"}]}',
    ]) {
      const res = await track(garbage);
      expect(res.statusCode, garbage).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, garbage).toBeLessThan(500);
    }
    const noName = await track({ visitorId: 'v4', events: [{ type: 'event' }] });
    expect(noName.json().errors['events/0/name']).toEqual([TRACKER_TEXTS.nameRequired]);
    await flush();
    expect(await stored('v4')).toEqual([]);
    // 2 kB of JSON that takes more room as jsonb is stored all the same.
    expect(await stored('v4b')).toHaveLength(1);
  });

  it('drops bots and browsers asking not to be tracked, answering 204', async () => {
    const bot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
    expect((await track({ visitorId: 'v5', events: [{ type: 'page_view' }] }, { 'user-agent': bot })).statusCode).toBe(
      204,
    );
    expect(
      (await track({ visitorId: 'v5', events: [{ type: 'page_view' }] }, { 'user-agent': 'curl/8.5.0' })).statusCode,
    ).toBe(204);
    expect((await track({ visitorId: 'v5', events: [{ type: 'page_view' }] }, { dnt: '1' })).statusCode).toBe(204);
    expect((await track({ visitorId: 'v5', events: [{ type: 'page_view' }] }, { 'sec-gpc': '1' })).statusCode).toBe(
      204,
    );
    await flush();
    expect(await stored('v5')).toEqual([]);
  });

  it('stores nothing without consent when the site asks for it first', async () => {
    await a.call('PATCH', `/userflow/tracker/sites/${site.id}`, { consentMode: 'ask' });
    expect((await track({ visitorId: 'v6', events: [{ type: 'page_view' }] })).statusCode).toBe(204);
    expect((await track({ visitorId: 'v6', consent: true, events: [{ type: 'event', name: 'ok' }] })).statusCode).toBe(
      204,
    );
    await flush();
    expect((await stored('v6')).map((r) => r.type)).toEqual(['event']);
    await a.call('PATCH', `/userflow/tracker/sites/${site.id}`, { consentMode: 'none' });
  });

  it('identify joins the visitor to an existing contact; the timeline shows the visit and the events', async () => {
    const contact = await makeContact(a, { email: 'ada@example.org' });
    expect(
      (await track({ visitorId: 'v7', events: [{ type: 'page_view', url: 'https://shop.example.org/a' }] })).statusCode,
    ).toBe(204);
    await flush();
    await track({ visitorId: 'v7', events: [{ type: 'identify', email: 'ADA@example.org' }] });
    await flush();
    await track({
      visitorId: 'v7',
      events: [
        { type: 'page_view', url: 'https://shop.example.org/b' },
        { type: 'event', name: 'signed_up', properties: { plan: 'pro' } },
      ],
    });
    await flush();
    const rows = await stored('v7');
    expect(rows.map((r) => Number(r.contact_id))).toEqual([contact.id, contact.id, contact.id, contact.id]);
    const timeline = (await a.call('GET', `/contacts/${contact.id}/timeline`)).body as { type: string; payload: any }[];
    const visits = timeline.filter((e) => e.type === 'website.visit');
    expect(visits).toHaveLength(1);
    expect(visits[0]!.payload).toMatchObject({ siteId: site.id, pages: 2, paths: ['/a', '/b'] });
    expect(timeline.filter((e) => e.type === 'website.event').map((e) => e.payload.name)).toEqual(['signed_up']);
    expect(env.emitted.some((e) => e.event === 'contact.timeline' && (e.payload as any).contactId === contact.id)).toBe(
      true,
    );

    // An unknown email creates nothing and leaves the visitor anonymous.
    const before = (await env.pool.query('select count(*)::int as n from contacts')).rows[0].n;
    await track({
      visitorId: 'v8',
      events: [{ type: 'identify', email: 'nobody@example.org' }, { type: 'page_view' }],
    });
    await flush();
    expect((await env.pool.query('select count(*)::int as n from contacts')).rows[0].n).toBe(before);
    expect((await stored('v8')).every((r) => r.contact_id === null)).toBe(true);
  });

  it('limits requests per site key with 429 and Retry-After, counting the hits of every node', async () => {
    const limited = await a.call('POST', '/userflow/tracker/sites', {
      name: 'Busy',
      allowedDomains: ['shop.example.org'],
      consentMode: 'none',
    });
    const key = limited.body.siteKey as string;
    const hit = () => track({ visitorId: 'v9', events: [{ type: 'page_view' }] }, {}, key);
    // Other nodes have taken all but two of this window's requests (the shared store of @fastify/rate-limit's rows).
    await env.pool.query(
      `insert into rate_limit_hits (key, hits, window_started_at) values ($1, $2, clock_timestamp())`,
      [`tracker|${key}`, TRACKER_LIMITS.rateLimitPerWindow - 2],
    );
    expect((await hit()).statusCode).toBe(204);
    // This node adds its hit and reads the others' back (every 100 ms; here at once).
    await trackerRuntime(env.ctx).limiter.sync();
    expect((await hit()).statusCode).toBe(204);
    const refused = await hit();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await trackerRuntime(env.ctx).limiter.sync();
    const { rows } = await env.pool.query('select hits from rate_limit_hits where key = $1', [`tracker|${key}`]);
    expect(rows[0].hits).toBe(TRACKER_LIMITS.rateLimitPerWindow);
    // Another site's key is counted apart.
    expect((await track({ visitorId: 'v9', events: [{ type: 'page_view' }] })).statusCode).toBe(204);
  });
});
