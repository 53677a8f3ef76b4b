import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forJob } from '../../../server/services/scope.ts';
import { openConnector } from '../../../server/services/userflow/connectors/index.ts';
import { ConnectorError } from '../../../server/services/userflow/connectors/types.ts';
import { createTestEnv, type TestEnv } from '../helpers.ts';
import { signIn, type Caller } from '../contacts/fixtures.ts';

/**
 * A JSON API on loopback: 120 customers behind `/page` (page/per_page, bearer token), `/cursor` (cursor, an API key
 * header), `/basic` (basic auth, no paging), and peers that misbehave: HTML, a 500, a 401, a hang, a circular cursor.
 */
let env: TestEnv;
let a: Caller;
let b: Caller;
let server: http.Server;
let base = '';
const CUSTOMERS = Array.from({ length: 120 }, (_, i) => ({
  email: `r${i}@example.org`,
  orders: i % 9,
  vip: i % 5 === 0,
  address: { city: ['Rome', 'Milan'][i % 2], geo: { lat: 41.9 } },
  tags: ['a', 'b'],
}));

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    const send = (status: number, body: unknown, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    switch (url.pathname) {
      case '/page': {
        if (req.headers.authorization !== 'Bearer tok-1') return send(401, { error: 'unauthorized' });
        const page = Number(url.searchParams.get('page'));
        const per = Number(url.searchParams.get('per_page'));
        return send(200, { data: { items: CUSTOMERS.slice((page - 1) * per, page * per) } });
      }
      case '/cursor': {
        if (req.headers['x-api-key'] !== 'key-2') return send(403, 'forbidden', 'text/plain');
        const from = Number(url.searchParams.get('after') ?? 0);
        const items = CUSTOMERS.slice(from, from + 45);
        return send(200, { results: items, paging: { next: from + 45 < CUSTOMERS.length ? String(from + 45) : null } });
      }
      case '/basic': {
        const expected = `Basic ${Buffer.from('ana:pw-3').toString('base64')}`;
        if (req.headers.authorization !== expected) return send(401, {});
        return send(200, CUSTOMERS.slice(0, 10));
      }
      case '/html':
        return send(200, '<html><body>Welcome</body></html>', 'text/html');
      case '/broken':
        return send(500, 'database exploded', 'text/plain');
      case '/circle':
        return send(200, { results: [{ id: 1 }], next: 'same' });
      case '/not-objects':
        return send(200, { data: [1, 2, 3] });
      case '/hang':
        return; // never answers
      default:
        return send(404, {});
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  env = await createTestEnv({ webhookAllowPrivate: true, webhookAllowHttp: true });
  a = await signIn(env, 'Alpha');
  b = await signIn(env, 'Beta');
});
afterAll(async () => {
  server.closeAllConnections();
  server.close();
  await env.close();
});

const pageSource = () => ({
  kind: 'rest' as const,
  config: {
    url: `${base}/page`,
    authType: 'bearer',
    rowsPath: 'data.items',
    pagination: { type: 'page', pageParam: 'page', perPageParam: 'per_page', perPage: 50 },
  },
  secrets: { authValue: 'tok-1' },
});

async function modelWith(caller: Caller, source: unknown): Promise<number> {
  const id = (await caller.call('POST', '/userflow/models', { name: 'API', predictionType: 'probability' })).body.id;
  const saved = await caller.call('PATCH', `/userflow/models/${id}`, { source });
  if (saved.status !== 200) throw new Error(`source: ${saved.status} ${JSON.stringify(saved.body)}`);
  return id;
}

async function readAll(id: number, source: ReturnType<typeof pageSource>) {
  const connector = await openConnector(forJob(env.ctx, a.companyId), id, source);
  const pages: number[] = [];
  const emails: unknown[] = [];
  for await (const page of connector.rows()) {
    pages.push(page.length);
    emails.push(...page.map((r) => r.email));
  }
  await connector.close();
  return { pages, emails };
}

describe('UserFlow REST source', () => {
  it('pages by number with a bearer token, flattening nested fields into columns', async () => {
    const id = await modelWith(a, pageSource());
    expect((await a.call('POST', `/userflow/models/${id}/source/test`)).body).toEqual({
      ok: true,
      rows: 120,
      error: null,
    });
    const schema = await a.call('GET', `/userflow/models/${id}/source/schema`);
    expect(schema.body.columns.map((c: { name: string; type: string }) => `${c.name}:${c.type}`)).toEqual([
      'email:categorical',
      'orders:numeric',
      'vip:boolean',
      'address.city:categorical',
      'address.geo.lat:numeric',
      'tags:categorical',
    ]);
    const preview = await a.call('GET', `/userflow/models/${id}/source/preview`);
    expect(preview.body.rows[0]).toEqual(['r0@example.org', 0, true, 'Rome', 41.9, '["a","b"]']);
    const { pages, emails } = await readAll(id, pageSource());
    expect(pages).toEqual([50, 50, 20]);
    expect(emails).toEqual(CUSTOMERS.map((c) => c.email));
  });

  it('pages by cursor with an API key header, and reads an unpaged answer with basic auth', async () => {
    const cursor = {
      kind: 'rest' as const,
      config: {
        url: `${base}/cursor`,
        authType: 'header',
        authHeaderName: 'X-Api-Key',
        rowsPath: 'results',
        pagination: { type: 'cursor', cursorParam: 'after', cursorPath: 'paging.next' },
      },
      secrets: { authValue: 'key-2' },
    };
    const id = await modelWith(a, cursor);
    const { pages, emails } = await readAll(id, cursor as never);
    expect(pages).toEqual([45, 45, 30]);
    expect(emails).toHaveLength(120);
    const basic = {
      kind: 'rest',
      config: { url: `${base}/basic`, authType: 'basic', username: 'ana', rowsPath: '', pagination: { type: 'none' } },
      secrets: { password: 'pw-3' },
    };
    const basicId = await modelWith(a, basic);
    expect((await a.call('POST', `/userflow/models/${basicId}/source/test`)).body.rows).toBe(10);
  });

  it('fails with the named code when the peer refuses, errs, answers garbage or is down', async () => {
    const cases: [Record<string, unknown>, string, string | RegExp][] = [
      [{ ...pageSource().config, url: `${base}/page` }, 'peer_auth', 'Responded with status 401'],
      [
        { ...pageSource().config, url: `${base}/html` },
        'peer_bad_answer',
        'Not JSON: <html><body>Welcome</body></html>',
      ],
      [
        { ...pageSource().config, url: `${base}/broken` },
        'peer_http_error',
        'Responded with status 500: database exploded',
      ],
      [
        { ...pageSource().config, url: `${base}/not-objects`, rowsPath: 'data' },
        'peer_bad_answer',
        'Row 1 is not an object',
      ],
      [{ ...pageSource().config, rowsPath: 'data.nothing' }, 'peer_bad_answer', 'No list of rows at "data.nothing"'],
      [
        {
          ...pageSource().config,
          url: `${base}/circle`,
          rowsPath: 'results',
          pagination: { type: 'cursor', cursorPath: 'next' },
        },
        'peer_bad_answer',
        'The next cursor repeats an earlier one',
      ],
      [{ ...pageSource().config, url: 'http://127.0.0.1:1/x' }, 'peer_unreachable', 'Connection refused'],
    ];
    for (const [config, code, detail] of cases) {
      const secrets = { authValue: code === 'peer_auth' ? 'wrong' : 'tok-1' };
      const id = await modelWith(a, { kind: 'rest', config, secrets });
      const answer = (await a.call('POST', `/userflow/models/${id}/source/test`)).body;
      expect(answer.ok, String(config.url)).toBe(false);
      expect(answer.error.code, String(config.url)).toBe(code);
      expect(answer.error.detail, String(config.url)).toEqual(detail);
      const schema = await a.call('GET', `/userflow/models/${id}/source/schema`);
      expect(schema.status).toBe(422);
      expect(schema.body.code).toBe(code);
    }
  });

  it('stops a peer that never answers when the read is aborted, and refuses private or plain-http peers', async () => {
    const hang = { ...pageSource(), config: { ...pageSource().config, url: `${base}/hang` } };
    const id = await modelWith(a, hang);
    const connector = await openConnector(forJob(env.ctx, a.companyId), id, hang);
    const started = Date.now();
    const failure = await (async () => {
      for await (const page of connector.rows({ signal: AbortSignal.timeout(300) })) void page;
    })().catch((error: unknown) => error);
    expect((failure as ConnectorError).code).toBe('peer_timeout');
    expect(Date.now() - started).toBeLessThan(5_000);
    await connector.close();

    for (const [settings, detail] of [
      [{ webhookAllowPrivate: false, webhookAllowHttp: true }, 'Refused: private address 127.0.0.1'],
      [{ webhookAllowPrivate: true, webhookAllowHttp: false }, 'Only https URLs are allowed'],
    ] as const) {
      const guarded = forJob({ ...env.ctx, config: { ...env.ctx.config, ...settings } }, a.companyId);
      const refused = await openConnector(guarded, id, pageSource());
      const error = (await refused.test().catch((e: unknown) => e)) as ConnectorError;
      expect(error.code).toBe('peer_blocked');
      expect(error.detail).toBe(detail);
      await refused.close();
    }
  });

  it("answers 404 for another company's REST model", async () => {
    const theirs = await modelWith(b, pageSource());
    expect((await a.call('POST', `/userflow/models/${theirs}/source/test`)).status).toBe(404);
    expect((await a.call('GET', `/userflow/models/${theirs}/source/match-rate`)).status).toBe(404);
  });
});
