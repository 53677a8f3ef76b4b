import { generateKeyPairSync, verify } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forJob } from '../../../server/services/scope.ts';
import { openConnector } from '../../../server/services/userflow/connectors/index.ts';
import { createTestEnv, type TestEnv } from '../helpers.ts';
import { signIn, type Caller } from '../contacts/fixtures.ts';

/**
 * A loopback server speaking GA4's documented wire formats: Google's OAuth token endpoint for service accounts
 * (RFC 7523: a form-encoded jwt-bearer grant whose RS256 assertion is checked against the account's public key,
 * 400 invalid_grant otherwise) and the Data API's runReport (POST /v1beta/properties/{id}:runReport, bearer token,
 * offset/limit paging, an answer with dimensionHeaders, metricHeaders, rows[].dimensionValues/metricValues and
 * rowCount). Property 666 answers something that is not a report.
 */
let env: TestEnv;
let a: Caller;
let b: Caller;
let server: http.Server;
let base = '';
const TOKEN = 'ya29.test-token';
const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
const USERS = Array.from({ length: 23_456 }, (_, i) => ({ id: `u${i}`, sessions: i % 7, revenue: (i % 5) * 1.5 }));
const seen: { path: string; body: Record<string, unknown> }[] = [];
let tokenRequests = 0;

function checkAssertion(assertion: string): boolean {
  const [header, claims, signature] = assertion.split('.');
  if (!header || !claims || !signature) return false;
  const ok = verify(
    'RSA-SHA256',
    Buffer.from(`${header}.${claims}`),
    keys.publicKey,
    Buffer.from(signature, 'base64url'),
  );
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as Record<string, unknown>;
  return ok && body.iss === 'missiva@shop.iam.gserviceaccount.com' && body.aud === `${base}/token`;
}

beforeAll(async () => {
  server = http.createServer(async (req, res) => {
    const url = new URL(req.url!, 'http://x');
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const send = (status: number, answer: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(typeof answer === 'string' ? answer : JSON.stringify(answer));
    };
    if (url.pathname === '/token' && req.method === 'POST') {
      tokenRequests++;
      const form = new URLSearchParams(raw);
      if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') {
        return send(400, { error: 'unsupported_grant_type' });
      }
      if (!checkAssertion(form.get('assertion') ?? '')) {
        return send(400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
      }
      return send(200, { access_token: TOKEN, expires_in: 3599, token_type: 'Bearer' });
    }
    const report = /^\/v1beta\/properties\/(\d+):runReport$/.exec(url.pathname);
    if (report && req.method === 'POST') {
      if (req.headers.authorization !== `Bearer ${TOKEN}`) {
        return send(401, { error: { code: 401, message: 'Request had invalid authentication credentials.' } });
      }
      const body = JSON.parse(raw) as Record<string, unknown>;
      seen.push({ path: url.pathname, body });
      if (report[1] === '403') {
        const message = 'User does not have sufficient permissions for this property.';
        return send(403, { error: { code: 403, message, status: 'PERMISSION_DENIED' } });
      }
      const unknown = (body.dimensions as { name: string }[]).find(
        (d) => !/^(customUser:user_id|country)$/.test(d.name),
      );
      if (unknown) {
        const message = `Field ${unknown.name} is not a valid dimension. For a list of valid dimensions, see ...`;
        return send(400, { error: { code: 400, message, status: 'INVALID_ARGUMENT' } });
      }
      if (report[1] === '666') return send(200, '{"rows": "not a list", "rowCount": "many"}');
      const offset = Number(body.offset ?? 0);
      const limit = Number(body.limit ?? 10_000);
      return send(200, {
        dimensionHeaders: [{ name: 'customUser:user_id' }, { name: 'country' }],
        metricHeaders: [
          { name: 'sessions', type: 'TYPE_INTEGER' },
          { name: 'purchaseRevenue', type: 'TYPE_CURRENCY' },
        ],
        rows: USERS.slice(offset, offset + limit).map((u) => ({
          dimensionValues: [{ value: u.id }, { value: u.sessions ? 'Italy' : '(not set)' }],
          metricValues: [{ value: String(u.sessions) }, { value: String(u.revenue) }],
        })),
        rowCount: USERS.length,
        metadata: { currencyCode: 'EUR', timeZone: 'Europe/Rome' },
        kind: 'analyticsData#runReport',
      });
    }
    send(404, { error: { code: 404, message: 'not found' } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  env = await createTestEnv({ webhookAllowPrivate: true, webhookAllowHttp: true, ga4ApiEndpoint: base });
  a = await signIn(env, 'Alpha');
  b = await signIn(env, 'Beta');
});
afterAll(async () => {
  server.closeAllConnections();
  server.close();
  await env.close();
});

const accountJson = (privateKey = keys.privateKey, tokenUri = `${base}/token`) =>
  JSON.stringify({
    type: 'service_account',
    project_id: 'shop',
    private_key_id: 'abc123',
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    client_email: 'missiva@shop.iam.gserviceaccount.com',
    client_id: '1234567890',
    token_uri: tokenUri,
  });

const ga4 = (propertyId = '123456789', json = accountJson()) => ({
  kind: 'ga4',
  config: {
    propertyId,
    dimensions: ['customUser:user_id', 'country'],
    metrics: ['sessions', 'purchaseRevenue'],
    days: 90,
  },
  secrets: { serviceAccountJson: json },
});

async function modelWith(caller: Caller, source: unknown): Promise<number> {
  const id = (await caller.call('POST', '/userflow/models', { name: 'GA4', predictionType: 'value' })).body.id;
  const saved = await caller.call('PATCH', `/userflow/models/${id}`, { source });
  if (saved.status !== 200) throw new Error(`source: ${saved.status} ${JSON.stringify(saved.body)}`);
  return id;
}

describe('UserFlow GA4 source', () => {
  it('tests, names the columns and previews the report through the API', async () => {
    const id = await modelWith(a, ga4());
    const asked = seen.length;
    const test = await a.call('POST', `/userflow/models/${id}/source/test`);
    expect(test.status).toBe(200);
    expect(test.body).toMatchObject({ ok: true });
    // The connection test reads as little as it can: the first request asks GA4 for one row.
    expect(seen[asked]!.body).toMatchObject({ limit: '1' });
    const preview = await a.call('GET', `/userflow/models/${id}/source/preview`);
    expect(preview.status).toBe(200);
    expect(preview.body.columns).toEqual(['customUser:user_id', 'country', 'sessions', 'purchaseRevenue']);
    expect(preview.body.rows[0]).toEqual(['u0', null, 0, 0]);
    expect(preview.body.rows[3]).toEqual(['u3', 'Italy', 3, 4.5]);
    const schema = await a.call('GET', `/userflow/models/${id}/source/schema`);
    const types = Object.fromEntries(schema.body.columns.map((c: { name: string; type: string }) => [c.name, c.type]));
    expect(types).toMatchObject({ sessions: 'numeric', purchaseRevenue: 'numeric' });
    // The request the package sent is GA4's documented runReport body.
    expect(seen.at(-1)!.body).toMatchObject({
      dimensions: [{ name: 'customUser:user_id' }, { name: 'country' }],
      metrics: [{ name: 'sessions' }, { name: 'purchaseRevenue' }],
      dateRanges: [{ startDate: '90daysAgo', endDate: 'today' }],
    });
  });

  it('reads every row in pages with offset and limit, with one token for the whole read', async () => {
    const id = await modelWith(a, ga4());
    const connector = await openConnector(forJob(env.ctx, a.companyId), id, ga4() as never);
    const before = { tokens: tokenRequests, reports: seen.length };
    const rows = [];
    for await (const page of connector.rows()) rows.push(...page);
    await connector.close();
    expect(rows.map((r) => r['customUser:user_id'])).toEqual(USERS.map((u) => u.id));
    expect(rows[23_455]).toEqual({ 'customUser:user_id': 'u23455', country: 'Italy', sessions: 5, purchaseRevenue: 0 });
    const offsets = seen.slice(before.reports).map((s) => Number(s.body.offset ?? 0));
    expect(offsets).toEqual([0, 10_000, 20_000]);
    expect(tokenRequests - before.tokens).toBe(1);
  });

  it('answers a key Google does not know as peer_auth, garbage as peer_bad_answer, a dead host as unreachable', async () => {
    const refused = await modelWith(a, ga4('123456789', accountJson(stranger.privateKey)));
    expect((await a.call('POST', `/userflow/models/${refused}/source/test`)).body.error).toMatchObject({
      code: 'peer_auth',
    });
    const garbage = await modelWith(a, ga4('666'));
    expect((await a.call('POST', `/userflow/models/${garbage}/source/test`)).body.error.code).toBe('peer_bad_answer');
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const down = await modelWith(a, ga4('123456789', accountJson(keys.privateKey, `http://127.0.0.1:${port}/token`)));
    expect((await a.call('POST', `/userflow/models/${down}/source/test`)).body.error.code).toBe('peer_unreachable');
    const notJson = await modelWith(a, ga4('123456789', '{"type": "service_account"'));
    expect((await a.call('POST', `/userflow/models/${notJson}/source/test`)).body.error.code).toBe('source_invalid');
  });

  it("answers a property the account may not read as peer_auth, and GA4's refusal of a field in its words", async () => {
    const denied = await modelWith(a, ga4('403'));
    expect((await a.call('POST', `/userflow/models/${denied}/source/test`)).body.error.code).toBe('peer_auth');
    const source = ga4();
    source.config.dimensions = ['customUser:user_id', 'cuntry'];
    const invalid = await modelWith(a, source);
    expect((await a.call('POST', `/userflow/models/${invalid}/source/test`)).body.error).toMatchObject({
      code: 'peer_http_error',
      detail: expect.stringContaining('Field cuntry is not a valid dimension'),
    });
  });

  it('goes through the outgoing guard: loopback and plain http are refused unless the install allows them', async () => {
    const id = await modelWith(a, ga4());
    const before = tokenRequests;
    for (const [allow, code] of [
      [{ webhookAllowPrivate: false }, 'peer_blocked'],
      [{ webhookAllowHttp: false }, 'peer_blocked'],
    ] as const) {
      const ctx = { ...env.ctx, config: { ...env.ctx.config, ...allow } };
      const connector = await openConnector(forJob(ctx, a.companyId), id, ga4() as never);
      await expect(connector.test()).rejects.toMatchObject({ code });
      await connector.close();
    }
    expect(tokenRequests).toBe(before);
  });

  it("keeps the service account out of answers and answers 404 for another company's model", async () => {
    const id = await modelWith(a, ga4());
    const model = await a.call('GET', `/userflow/models/${id}`);
    expect(JSON.stringify(model.body)).not.toContain('PRIVATE KEY');
    const theirs = await modelWith(b, ga4());
    for (const [method, path] of [
      ['POST', 'test'],
      ['GET', 'preview'],
      ['GET', 'schema'],
      ['GET', 'match-rate'],
    ] as const) {
      expect((await a.call(method, `/userflow/models/${theirs}/source/${path}`)).status, path).toBe(404);
    }
  });
});
