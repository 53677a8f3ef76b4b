import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackerRuntime } from '../../../server/services/tracker/runtime.ts';
import { TRACKER_LIMITS } from '../../../shared/tracker.ts';
import type { TestEnv } from '../helpers.ts';
import { signIn, type Caller } from '../contacts/fixtures.ts';
import { createTestEnv } from '../helpers.ts';

/**
 * The ingest over a real socket is answered ahead of Fastify (server/routes/userflow/trackerFastPath.ts); `inject`
 * always reaches the contract route. Every request here is sent both ways: a refusal must be the route's, status, body
 * and headers (but the request id, and what belongs to the connection); an acceptance the same status, body and CORS
 * headers. What the socket accepts is stored.
 */
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const ORIGIN = 'https://shop.example.org';
const PER_CONNECTION = new Set(['x-request-id', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

let env: TestEnv;
let a: Caller;
let base: string;
let siteKey: string;
let askKey: string;

beforeAll(async () => {
  env = await createTestEnv();
  a = await signIn(env, 'Alpha');
  const site = (name: string, consentMode: string) =>
    a.call('POST', '/userflow/tracker/sites', { name, allowedDomains: ['shop.example.org'], consentMode });
  siteKey = (await site('Shop', 'none')).body.siteKey;
  askKey = (await site('Careful', 'ask')).body.siteKey;
  base = await env.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => env.close());

interface Sent {
  path?: string;
  method?: string;
  body?: string;
  headers?: Record<string, string>;
}

interface Answer {
  status: number;
  body: string;
  headers: Record<string, string>;
}

const headersOf = (entries: Iterable<[string, string]>) =>
  Object.fromEntries([...entries].filter(([name]) => !PER_CONNECTION.has(name)).sort(([x], [y]) => (x < y ? -1 : 1)));

function request(sent: Sent) {
  return {
    method: sent.method ?? 'POST',
    url: sent.path ?? `/api/public/track/${siteKey}`,
    headers: { origin: ORIGIN, 'user-agent': CHROME, 'content-type': 'application/json', ...sent.headers },
    body: sent.body,
  };
}

async function overSocket(sent: Sent): Promise<Answer> {
  const { method, url, headers, body } = request(sent);
  const res = await fetch(`${base}${url}`, { method, headers, body });
  return { status: res.status, body: await res.text(), headers: headersOf(res.headers) };
}

async function injected(sent: Sent): Promise<Answer> {
  const { method, url, headers, body } = request(sent);
  const res = await env.app.inject({ method: method as 'POST', url, headers, payload: body });
  return {
    status: res.statusCode,
    body: res.body,
    headers: headersOf(Object.entries(res.headers).map(([k, v]) => [k, String(v)])),
  };
}

/** What an accepted request's answer must share with the route's: status, body and the CORS headers. */
const sameAcceptance = (answer: Answer) => ({
  status: answer.status,
  body: answer.body,
  origin: answer.headers['access-control-allow-origin'],
  vary: answer.headers.vary,
});

const batch = (visitorId: string, events: unknown[] = [{ type: 'page_view', url: `${ORIGIN}/a` }], extra = {}) =>
  JSON.stringify({ visitorId, events, ...extra });

async function stored(visitorId: string): Promise<number> {
  await trackerRuntime(env.ctx).recorder.flush();
  const { rows } = await env.pool.query('select count(*)::int as n from tracker_events where visitor_id = $1', [
    visitorId,
  ]);
  return rows[0].n;
}

describe('the ingest answered ahead of Fastify', () => {
  it('accepts and stores a batch, answering 204 with the CORS headers of the contract route', async () => {
    const socket = await overSocket({ body: batch('s1', [{ type: 'page_view' }, { type: 'event', name: 'x' }]) });
    const route = await injected({ body: batch('r1', [{ type: 'page_view' }, { type: 'event', name: 'x' }]) });
    expect(socket.status).toBe(204);
    expect(sameAcceptance(socket)).toEqual(sameAcceptance(route));
    expect(socket.headers['access-control-allow-origin']).toBe(ORIGIN);
    // Answered here, not by Fastify: no document policies on an empty answer (the route adds them to every answer).
    expect(route.headers['content-security-policy']).toBeTruthy();
    expect(socket.headers['content-security-policy']).toBeUndefined();
    expect(socket.headers['x-content-type-options']).toBe('nosniff');
    expect(await stored('s1')).toBe(2);
    expect(await stored('r1')).toBe(2);
  });

  it('answers every refusal as the contract route does, word for word, and stores nothing', async () => {
    const many = Array.from({ length: TRACKER_LIMITS.maxEventsPerBatch + 1 }, () => ({ type: 'page_view' }));
    const cases: Sent[] = [
      { body: '{' },
      { body: '[]' },
      { body: 'null' },
      { body: '{"visitorId":"x1","events":[{"type":"page_view"}],"__proto__":{"a":1}}' },
      { body: batch('x1', [{ type: 'nope' }]) },
      { body: batch('bad id!') },
      { body: batch('x1', many) },
      { body: batch('x1', [{ type: 'event' }]) },
      { body: batch('x1', [{ type: 'identify', email: ' ' }]) },
      { body: batch('x1', [{ type: 'event', name: 'a\u0000b' }]) },
      { body: batch('x1', [{ type: 'event', name: 'n', properties: { p: 'z'.repeat(2500) } }]) },
      {
        body: batch(
          'x1',
          Array.from({ length: 40 }, () => ({ type: 'event', name: 'x', properties: { p: 'y'.repeat(1900) } })),
        ),
      },
      {
        body: batch('x1', [
          { type: 'event', name: 'n', properties: { deep: JSON.parse('['.repeat(40) + ']'.repeat(40)) } },
        ]),
      },
      { body: batch('x1'), headers: { origin: 'https://evil.example' } },
      { body: batch('x1'), headers: { origin: '' } },
      { body: batch('x1'), path: `/api/public/track/${'x'.repeat(24)}` },
      { body: batch('x1'), path: '/api/public/track/short' },
      { body: batch('x1'), headers: { 'content-type': 'text/plain' } },
      { body: '', headers: {} },
      { body: batch('x1'), method: 'PUT' },
    ];
    for (const sent of cases) {
      const route = await injected(sent);
      expect(route.status, JSON.stringify(sent).slice(0, 200)).toBeGreaterThanOrEqual(400);
      expect(route.status).toBeLessThan(500);
      expect(await overSocket(sent), JSON.stringify(sent).slice(0, 200)).toEqual(route);
    }
    expect(await stored('x1')).toBe(0);
  });

  it('drops bots, DNT and batches without consent where the site asks, answering 204 as the route does', async () => {
    const dropped: Sent[] = [
      { body: batch('d1'), headers: { 'user-agent': 'curl/8.5.0' } },
      { body: batch('d1'), headers: { dnt: '1' } },
      { body: batch('d1'), path: `/api/public/track/${askKey}` },
    ];
    for (const sent of dropped) {
      const socket = await overSocket(sent);
      expect(socket.status).toBe(204);
      expect(sameAcceptance(socket)).toEqual(sameAcceptance(await injected(sent)));
    }
    expect(await stored('d1')).toBe(0);
    // A query string is not the fast path's: the route answers it (and stores the batch).
    const query = { body: batch('q1'), path: `/api/public/track/${siteKey}?a=1` };
    expect(sameAcceptance(await overSocket(query))).toEqual(sameAcceptance(await injected(query)));
    expect(await stored('q1')).toBe(2);
    expect(
      (await overSocket({ body: batch('d2', undefined, { consent: true }), path: `/api/public/track/${askKey}` }))
        .status,
    ).toBe(204);
    expect(await stored('d2')).toBe(1);
  });

  it('counts its hits in the per-site rate limit and answers 429 with Retry-After as the route does', async () => {
    const key = (
      await a.call('POST', '/userflow/tracker/sites', {
        name: 'Busy',
        allowedDomains: ['shop.example.org'],
        consentMode: 'none',
      })
    ).body.siteKey;
    await env.pool.query(
      `insert into rate_limit_hits (key, hits, window_started_at) values ($1, $2, clock_timestamp())`,
      [`tracker|${key}`, TRACKER_LIMITS.rateLimitPerWindow - 2],
    );
    const sent = { body: batch('l1'), path: `/api/public/track/${key}` };
    expect((await overSocket(sent)).status).toBe(204);
    // This node adds its hit and reads the others' back (every 100 ms; here at once, after any sync under way).
    await trackerRuntime(env.ctx).limiter.sync();
    expect((await overSocket(sent)).status).toBe(204);
    const socket = await overSocket(sent);
    expect(socket.status).toBe(429);
    expect(Number(socket.headers['retry-after'])).toBeGreaterThan(0);
    const route = await injected(sent);
    expect({ ...socket, headers: { ...socket.headers, 'retry-after': '' } }).toEqual({
      ...route,
      headers: { ...route.headers, 'retry-after': '' },
    });
    await trackerRuntime(env.ctx).limiter.sync();
    const { rows } = await env.pool.query('select hits from rate_limit_hits where key = $1', [`tracker|${key}`]);
    expect(rows[0].hits).toBe(TRACKER_LIMITS.rateLimitPerWindow);
    expect(await stored('l1')).toBe(2);
  });
});

describe('TRACKER_ACK=written', () => {
  it('answers 204 only once the events are committed: a crash after the answer loses none', async () => {
    const written = await createTestEnv({ trackerAck: 'written' });
    const b = await signIn(written, 'Beta');
    const key = (
      await b.call('POST', '/userflow/tracker/sites', {
        name: 'Shop',
        allowedDomains: ['shop.example.org'],
        consentMode: 'none',
      })
    ).body.siteKey as string;
    const address = await written.app.listen({ port: 0, host: '127.0.0.1' });
    const sent = Array.from({ length: 20 }, (_, i) =>
      fetch(`${address}/api/public/track/${key}`, {
        method: 'POST',
        headers: { origin: ORIGIN, 'user-agent': CHROME, 'content-type': 'application/json' },
        body: batch(`w${i}`, [{ type: 'page_view' }, { type: 'event', name: 'x' }]),
      }),
    );
    for (const answer of await Promise.all(sent)) expect(answer.status).toBe(204);
    // Counted at once, without waiting for the recorder: every accepted event is already in the table.
    const { rows } = await written.pool.query(
      `select count(*)::int as n from tracker_events where visitor_id like 'w%'`,
    );
    expect(rows[0].n).toBe(40);
    await written.close();
  });
});
