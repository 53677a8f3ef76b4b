import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forJob } from '../../../server/services/scope.ts';
import { openConnector } from '../../../server/services/userflow/connectors/index.ts';
import { createTestEnv, type TestEnv } from '../helpers.ts';
import { signIn, type Caller } from '../contacts/fixtures.ts';

/**
 * One loopback server speaking each provider's documented wire format: HubSpot's CRM contacts list (bearer token,
 * `paging.next.after`), Plausible's Stats API v2 query (POST, bearer, `pagination`), Matomo's
 * Live.getLastVisitsDetails (token_auth, filter_limit/offset, errors as 200 + result:error) and Brevo's contacts
 * (api-key header, limit/offset, count).
 */
let env: TestEnv;
let a: Caller;
let b: Caller;
let server: http.Server;
let base = '';
const seen: { path: string; body: unknown; query: Record<string, string> }[] = [];
const PEOPLE = Array.from({ length: 250 }, (_, i) => ({ email: `p${i}@example.org`, n: i }));

beforeAll(async () => {
  server = http.createServer(async (req, res) => {
    const url = new URL(req.url!, 'http://x');
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = raw ? JSON.parse(raw) : null;
    seen.push({ path: url.pathname, body, query: Object.fromEntries(url.searchParams) });
    const send = (status: number, answer: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer));
    };
    if (url.pathname === '/crm/v3/objects/contacts') {
      if (req.headers.authorization !== 'Bearer hs-token')
        return send(401, { status: 'error', category: 'INVALID_AUTHENTICATION' });
      const after = Number(url.searchParams.get('after') ?? 0);
      const limit = Number(url.searchParams.get('limit'));
      const results = PEOPLE.slice(after, after + limit).map((p) => ({
        id: String(1000 + p.n),
        properties: { email: p.email, lifecyclestage: p.n % 2 ? 'lead' : 'customer', hs_object_id: String(1000 + p.n) },
        createdAt: '2025-01-01T00:00:00Z',
        archived: false,
      }));
      return send(200, {
        results,
        ...(after + limit < PEOPLE.length ? { paging: { next: { after: String(after + limit) } } } : {}),
      });
    }
    if (url.pathname === '/api/v2/query') {
      if (req.headers.authorization !== 'Bearer pl-key') return send(401, { error: 'Invalid API key' });
      const { limit, offset } = body.pagination;
      const results = PEOPLE.slice(offset, offset + limit).map((p) => ({
        dimensions: [p.email, 'Italy'],
        metrics: [p.n, p.n * 2],
      }));
      return send(200, { results, meta: {}, query: body });
    }
    if (url.pathname === '/index.php') {
      if (url.searchParams.get('token_auth') !== 'mt-token') {
        return send(200, { result: 'error', message: "You can't access this resource as it requires 'view' access" });
      }
      const offset = Number(url.searchParams.get('filter_offset'));
      const limit = Number(url.searchParams.get('filter_limit'));
      return send(
        200,
        PEOPLE.slice(offset, offset + limit).map((p) => ({
          idVisit: p.n,
          userId: p.email,
          visitorId: `v${p.n}`,
          serverDate: '2026-11-01',
          actions: String(p.n % 5),
          visitDuration: p.n * 3,
          deviceType: 'Desktop',
          actionDetails: [{ type: 'action' }],
        })),
      );
    }
    if (url.pathname === '/v3/contacts') {
      if (req.headers['api-key'] !== 'br-key') return send(401, { code: 'unauthorized', message: 'Key not found' });
      const offset = Number(url.searchParams.get('offset'));
      const limit = Number(url.searchParams.get('limit'));
      const contacts = PEOPLE.slice(offset, offset + limit).map((p) => ({
        email: p.email,
        id: p.n,
        emailBlacklisted: false,
        listIds: [2],
        attributes: { FIRSTNAME: `P${p.n}`, ORDERS: p.n % 4 },
      }));
      return send(200, { contacts, count: PEOPLE.length });
    }
    send(404, { message: 'not found' });
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

const sources = () => ({
  hubspot: {
    kind: 'hubspot',
    config: { baseUrl: base, properties: ['lifecyclestage'] },
    secrets: { accessToken: 'hs-token' },
  },
  plausible: {
    kind: 'plausible',
    config: {
      baseUrl: base,
      siteId: 'shop.example.org',
      dimensions: ['event:props:email', 'visit:country'],
      metrics: ['visits', 'pageviews'],
      days: 30,
    },
    secrets: { apiKey: 'pl-key' },
  },
  matomo: { kind: 'matomo', config: { baseUrl: base, idSite: 3, days: 30 }, secrets: { tokenAuth: 'mt-token' } },
  brevo: { kind: 'brevo', config: { baseUrl: base }, secrets: { apiKey: 'br-key' } },
});
type Kind = keyof ReturnType<typeof sources>;

async function modelWith(caller: Caller, source: unknown): Promise<number> {
  const id = (await caller.call('POST', '/userflow/models', { name: 'Provider', predictionType: 'probability' })).body
    .id;
  const saved = await caller.call('PATCH', `/userflow/models/${id}`, { source });
  if (saved.status !== 200) throw new Error(`source: ${saved.status} ${JSON.stringify(saved.body)}`);
  return id;
}

async function readAll(id: number, kind: Kind) {
  const source = sources()[kind] as never;
  const connector = await openConnector(forJob(env.ctx, a.companyId), id, source);
  const rows = [];
  for await (const page of connector.rows()) rows.push(...page);
  await connector.close();
  return rows;
}

describe('UserFlow provider sources', () => {
  it('reads every contact of HubSpot page by page with its properties', async () => {
    const id = await modelWith(a, sources().hubspot);
    const preview = await a.call('GET', `/userflow/models/${id}/source/preview`);
    expect(preview.body.columns).toEqual(['id', 'email', 'lifecyclestage']);
    expect(preview.body.rows[1]).toEqual(['1001', 'p1@example.org', 'lead']);
    const rows = await readAll(id, 'hubspot');
    expect(rows.map((r) => r.email)).toEqual(PEOPLE.map((p) => p.email));
    expect(seen.find((s) => s.path === '/crm/v3/objects/contacts')?.query.properties).toBe('email,lifecyclestage');
  });

  it('queries Plausible Stats API v2 with the window, dimensions and metrics as columns', async () => {
    const id = await modelWith(a, sources().plausible);
    const preview = await a.call('GET', `/userflow/models/${id}/source/preview`);
    expect(preview.body.columns).toEqual(['event:props:email', 'visit:country', 'visits', 'pageviews']);
    expect(preview.body.rows[2]).toEqual(['p2@example.org', 'Italy', 2, 4]);
    const query = seen.find((s) => s.path === '/api/v2/query')!.body as { date_range: string[]; site_id: string };
    expect(query.site_id).toBe('shop.example.org');
    expect(query.date_range).toHaveLength(2);
    expect(await readAll(id, 'plausible')).toHaveLength(250);
  });

  it('reads Matomo visits in pages and turns its 200-with-error answer into a refusal', async () => {
    const id = await modelWith(a, sources().matomo);
    const schema = await a.call('GET', `/userflow/models/${id}/source/schema`);
    const types = Object.fromEntries(schema.body.columns.map((c: { name: string; type: string }) => [c.name, c.type]));
    expect(types).toMatchObject({
      userId: 'categorical',
      actions: 'numeric',
      visitDuration: 'numeric',
      serverDate: 'date',
    });
    expect(schema.body.suggested.identityColumn).toBe('userId');
    expect(await readAll(id, 'matomo')).toHaveLength(250);
    const refused = await modelWith(a, { ...sources().matomo, secrets: { tokenAuth: 'wrong' } });
    expect((await a.call('POST', `/userflow/models/${refused}/source/test`)).body.error).toMatchObject({
      code: 'peer_auth',
      detail: "You can't access this resource as it requires 'view' access",
    });
  });

  it('reads Brevo contacts with their attributes as columns', async () => {
    const id = await modelWith(a, sources().brevo);
    const preview = await a.call('GET', `/userflow/models/${id}/source/preview`);
    expect(preview.body.columns).toEqual([
      'email',
      'id',
      'emailBlacklisted',
      'listIds',
      'attributes.FIRSTNAME',
      'attributes.ORDERS',
    ]);
    expect(await readAll(id, 'brevo')).toHaveLength(250);
  });

  it('answers a wrong key as peer_auth for every provider, and 404 for another company', async () => {
    const wrong = {
      hubspot: { accessToken: 'x' },
      plausible: { apiKey: 'x' },
      matomo: { tokenAuth: 'x' },
      brevo: { apiKey: 'x' },
    };
    for (const kind of Object.keys(wrong) as Kind[]) {
      const id = await modelWith(a, { ...sources()[kind], secrets: wrong[kind] });
      expect((await a.call('POST', `/userflow/models/${id}/source/test`)).body.error.code, kind).toBe('peer_auth');
    }
    const theirs = await modelWith(b, sources().brevo);
    expect((await a.call('POST', `/userflow/models/${theirs}/source/test`)).status).toBe(404);
  });
});
