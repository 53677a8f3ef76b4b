import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { AuthCache } from '../../server/services/auth/authCache.ts';
import { createTestEnv, createUser, login, bearer, type TestEnv } from './helpers.ts';

// Two API nodes on one database, each with its own auth cache: a change on one is seen at once by the other.
let env: TestEnv;
let nodeB: Awaited<ReturnType<typeof buildApp>>;
let cacheB: AuthCache;
beforeAll(async () => {
  env = await createTestEnv();
  const log = pino({ level: 'silent' });
  cacheB = await AuthCache.start(env.pool, log);
  nodeB = await buildApp({ ...env.ctx, authCache: cacheB }, { serveSpa: false });
});
afterAll(async () => {
  await nodeB.close();
  await cacheB.close();
  await env.close();
});

async function eventually(probe: () => Promise<boolean>, ms = 3000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > until) throw new Error('not within time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

const meOnB = (token: string) => nodeB.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });

describe('auth cache across nodes', () => {
  it('serves repeated requests without asking the database for the session', async () => {
    const user = await createUser(env);
    const { token } = await login(env, user);
    expect((await meOnB(token)).statusCode).toBe(200);
    // Closing the session behind the cache's back (no notice) is not seen: proof the answer came from the cache.
    await env.pool.query(`update sessions set revoked_at = now() where user_id = $1`, [user.userId]);
    expect((await meOnB(token)).statusCode).toBe(200);
  });

  it('sees a logout on another node', async () => {
    const user = await createUser(env);
    const { token } = await login(env, user);
    expect((await meOnB(token)).statusCode).toBe(200);
    await env.app.inject({ method: 'POST', url: '/api/users/logout', headers: bearer(token) });
    await eventually(async () => (await meOnB(token)).statusCode === 401);
  });

  it('sees a password reset signing out every session', async () => {
    const user = await createUser(env);
    const { token } = await login(env, user);
    expect((await meOnB(token)).statusCode).toBe(200);
    await env.app.inject({ method: 'POST', url: '/api/users/password-reset-request', payload: { email: user.email } });
    let rows: { text_body: string }[] = [];
    const mails = () =>
      env.pool.query<{ text_body: string }>('select text_body from outbox where to_address = $1', [user.email]);
    await eventually(async () => (rows = (await mails()).rows).length > 0);
    const reset = decodeURIComponent(/token=([^\s]+)/.exec(rows[0]!.text_body)![1]!);
    const res = await env.app.inject({
      method: 'POST',
      url: '/api/users/password-reset',
      payload: { token: reset, password: 'brand-new', passwordConfirmation: 'brand-new' },
    });
    expect(res.statusCode).toBe(204);
    await eventually(async () => (await meOnB(token)).statusCode === 401);
  });

  it('sees profile and 2FA changes in users/me', async () => {
    const user = await createUser(env);
    const { token } = await login(env, user);
    expect((await meOnB(token)).json().firstName).toBe('Ada');
    await env.app.inject({
      method: 'PATCH',
      url: '/api/users/me',
      headers: bearer(token),
      payload: { firstName: 'Grace' },
    });
    await eventually(async () => (await meOnB(token)).json().firstName === 'Grace');
  });

  it('bypasses the cache after its listening connection is lost', async () => {
    const user = await createUser(env);
    const { token } = await login(env, user);
    expect((await meOnB(token)).statusCode).toBe(200);
    await env.pool.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where query ilike 'listen missiva_auth%' and datname = current_database()`,
    );
    await env.pool.query(`update sessions set revoked_at = now() where user_id = $1`, [user.userId]);
    await eventually(async () => (await meOnB(token)).statusCode === 401);
  });
});
