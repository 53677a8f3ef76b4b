import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from '../helpers.ts';
import { makeContact, makeList, signIn, type Caller } from '../contacts/fixtures.ts';

// API keys against the real server and PostgreSQL: created once with their secret, stored as a hash, authenticating
// the same contract as a session within their access and areas, refused when revoked or expired, limited per minute,
// and confined to their company.
let env: TestEnv;
let a: Caller;
let b: Caller;
beforeAll(async () => {
  env = await createTestEnv({ apiKeyRateLimit: 30 });
  a = await signIn(env, 'Alpha');
  b = await signIn(env, 'Beta');
});
afterAll(async () => env.close());

async function withKey(key: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, header = 'api') {
  const res = await env.app.inject({
    method,
    url: `/api${url}`,
    headers: header === 'api' ? { 'api-key': key } : { authorization: `Bearer ${key}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null, headers: res.headers };
}

async function newKey(caller: Caller, input: Record<string, unknown>) {
  const res = await caller.call('POST', '/api-keys', input);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; secret: string; prefix: string };
}

describe('creating and listing keys', () => {
  it('shows the secret once, keeps only a hash and the prefix, and lists who made it', async () => {
    const created = await newKey(a, { name: ' Shop sync ', access: 'full' });
    expect(created.secret).toMatch(/^mk_[a-z0-9]{8}_[A-Za-z0-9_-]{43}$/);
    expect(created.secret.startsWith(`${created.prefix}_`)).toBe(true);
    const stored = await env.pool.query('select secret_hash, prefix from api_keys where id = $1', [created.id]);
    expect(stored.rows[0].prefix).toBe(created.prefix);
    expect(stored.rows[0].secret_hash.toString('utf8')).not.toContain(created.secret.slice(12));
    const list = await a.call('GET', '/api-keys');
    const row = list.body.find((k: { id: number }) => k.id === created.id);
    expect(row).toMatchObject({ name: 'Shop sync', access: 'full', areas: null, lastUsedAt: null, revokedAt: null });
    expect(row).not.toHaveProperty('secret');
    expect(row.createdBy.id).toBe(a.userId);
  });

  it('asks for a name with the spec text and refuses a past expiry or an unknown area', async () => {
    const blank = await a.call('POST', '/api-keys', { name: '  ', access: 'read' });
    expect(blank.status).toBe(422);
    expect(blank.body.errors.name).toEqual(['Please provide a name']);
    const past = await a.call('POST', '/api-keys', { name: 'Old', access: 'read', expiresAt: '2020-01-01T00:00:00Z' });
    expect(past.status).toBe(422);
    expect(past.body.errors.expiresAt).toBeDefined();
    const area = await a.call('POST', '/api-keys', { name: 'X', access: 'read', areas: ['billing'] });
    expect(area.status).toBe(422);
  });
});

describe('a key authenticates the contract', () => {
  it('reads and writes contacts with a full key, in either header, and records its last use', async () => {
    const { secret, id } = await newKey(a, { name: 'CRM', access: 'full' });
    const created = await withKey(secret, 'POST', '/contacts', { email: 'key-made@example.com' });
    expect(created.status).toBe(201);
    const read = await withKey(secret, 'GET', '/contacts', undefined, 'bearer');
    expect(read.status).toBe(200);
    expect(read.headers['ratelimit-policy']).toBe('30;w=60');
    await expect
      .poll(async () => (await a.call('GET', `/api-keys/${id}`)).body.lastUsedAt, { timeout: 5000 })
      .not.toBeNull();
    expect((await a.call('GET', `/api-keys/${id}`)).body.lastUsedIp).toBe('127.0.0.1');
  });

  it('refuses writes to a read key and operations outside its areas with 403 Not Authorized', async () => {
    const { secret } = await newKey(a, { name: 'Reader', access: 'read', areas: ['contacts'] });
    expect((await withKey(secret, 'GET', '/contacts')).status).toBe(200);
    const write = await withKey(secret, 'POST', '/contacts', { email: 'nope@example.com' });
    expect(write.status).toBe(403);
    expect(write.body.message).toBe("Sorry, you can't access this.");
    expect((await withKey(secret, 'GET', '/channels/email/templates')).status).toBe(403);
  });

  it('never manages keys, signs in or reads the account with a key', async () => {
    const { secret } = await newKey(a, { name: 'Everything', access: 'full' });
    expect((await withKey(secret, 'GET', '/api-keys')).status).toBe(403);
    expect((await withKey(secret, 'POST', '/api-keys', { name: 'Child', access: 'full' })).status).toBe(403);
    expect((await withKey(secret, 'GET', '/users/me')).status).toBe(403);
  });

  it('answers 401 for a wrong, revoked or expired key', async () => {
    const { secret, id } = await newKey(a, { name: 'Short-lived', access: 'full' });
    expect((await withKey(`${secret.slice(0, -2)}xx`, 'GET', '/contacts')).status).toBe(401);
    expect((await withKey('mk_notakey', 'GET', '/contacts')).status).toBe(401);
    expect((await withKey(secret, 'GET', '/contacts')).status).toBe(200);
    expect((await a.call('DELETE', `/api-keys/${id}`)).status).toBe(204);
    const revoked = await withKey(secret, 'GET', '/contacts');
    expect(revoked.status).toBe(401);
    expect(revoked.body.code).toBe('api_key_revoked');
    const soon = await newKey(a, { name: 'Expiring', access: 'full', expiresAt: new Date(Date.now() + 1500) });
    expect((await withKey(soon.secret, 'GET', '/contacts')).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1600));
    expect((await withKey(soon.secret, 'GET', '/contacts')).body.code).toBe('api_key_expired');
  });

  it('answers 429 with Retry-After and RateLimit headers past its requests a minute', async () => {
    const { secret } = await newKey(a, { name: 'Busy', access: 'read' });
    let last = await withKey(secret, 'GET', '/contacts');
    for (let i = 0; i < 30 && last.status !== 429; i++) last = await withKey(secret, 'GET', '/contacts');
    expect(last.status).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect(String(last.headers.ratelimit)).toMatch(/limit=30, remaining=0, reset=\d+/);
  });

  it('acts with the role of the member who made it', async () => {
    const { secret } = await newKey(a, { name: 'Admin work', access: 'full' });
    // Sending domains are managed by admins and owners: the owner's key may.
    expect((await withKey(secret, 'GET', '/sending-domains')).status).toBe(200);
  });
});

describe('tenancy', () => {
  it("reaches nothing of another company, and another company's keys are not found", async () => {
    const { listId } = await makeList(b, 'Beta list');
    const theirs = await makeContact(b, { email: 'beta-only@example.com', listIds: [listId] });
    const { secret, id } = await newKey(a, { name: 'Alpha key', access: 'full' });
    expect((await withKey(secret, 'GET', `/contacts/${theirs.id}`)).status).toBe(404);
    expect((await withKey(secret, 'GET', `/contact-lists/${listId}`)).status).toBe(404);
    const listed = await withKey(secret, 'GET', '/contacts?perPage=100');
    expect(JSON.stringify(listed.body)).not.toContain('beta-only@example.com');
    expect((await b.call('GET', `/api-keys/${id}`)).status).toBe(404);
    expect((await b.call('DELETE', `/api-keys/${id}`)).status).toBe(404);
    expect((await b.call('GET', '/api-keys')).body.some((k: { id: number }) => k.id === id)).toBe(false);
    expect((await withKey(secret, 'GET', '/contacts')).status).toBe(200);
  });
});
