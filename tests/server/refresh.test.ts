import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestEnv,
  createUser,
  login,
  refreshCookieOf,
  refreshWith,
  type TestEnv,
  type TestUser,
} from './helpers.ts';

let env: TestEnv;
let user: TestUser;
beforeAll(async () => {
  env = await createTestEnv();
  user = await createUser(env);
});
afterAll(() => env.close());

const me = (token: string) => env.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });
const cookieOf = (res: { headers: Record<string, unknown> }) => [res.headers['set-cookie']].flat().join('\n');
/** Moves every rotation of the session out of the grace window, as if a minute had passed. */
const aMinuteLater = (refreshToken: string) =>
  env.pool.query(
    `update refresh_tokens set used_at = used_at - interval '1 minute'
      where session_id = (select session_id from refresh_tokens where token_hash = sha256(convert_to($1, 'utf8')))`,
    [refreshToken],
  );

describe('the refresh token cookie', () => {
  it('is set by login HttpOnly, SameSite=Strict and only for the refresh path, and is never in a body', async () => {
    const res = await env.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: user.email, password: user.password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const cookie = cookieOf(res);
    expect(cookie).toMatch(
      /^missiva_refresh=[A-Za-z0-9_-]{43}; Path=\/api\/users\/refresh; Max-Age=86(399|400); HttpOnly; SameSite=Strict$/,
    );
    expect(res.body).not.toContain(refreshCookieOf(res));
    expect(Object.keys(res.json()).sort()).toEqual([
      'cookieDomain',
      'expiresAt',
      'refreshExpiresAt',
      'token',
      'twoFactorRequired',
    ]);
  });

  it('is Secure, and for the parent domain by the public suffix list, on an https install', async () => {
    const secure = await createTestEnv({ publicUrl: 'https://app.example.co.uk' });
    try {
      const owner = await createUser(secure);
      const res = await secure.app.inject({
        method: 'POST',
        url: '/api/users/login',
        headers: { host: 'app.example.co.uk' },
        payload: { email: owner.email, password: owner.password },
      });
      expect(res.json().cookieDomain).toBe('example.co.uk');
      expect(cookieOf(res)).toMatch(/; HttpOnly; SameSite=Strict; Domain=example\.co\.uk; Secure$/);
    } finally {
      await secure.close();
    }
  });

  it('is what refresh reads, answering no-store, and logout clears it', async () => {
    const session = await login(env, user);
    const refreshed = await refreshWith(env, session.refreshToken);
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.headers['cache-control']).toBe('no-store');
    expect(Object.keys(refreshed.json()).sort()).toEqual(['cookieDomain', 'expiresAt', 'refreshExpiresAt', 'token']);
    const next = refreshCookieOf(refreshed);
    expect(next).not.toBe(session.refreshToken);
    const out = await env.app.inject({
      method: 'POST',
      url: '/api/users/logout',
      headers: bearer(refreshed.json().token),
    });
    expect(out.statusCode).toBe(204);
    expect(cookieOf(out)).toMatch(/^missiva_refresh=; Path=\/api\/users\/refresh; Max-Age=0; HttpOnly/);
    const refused = await refreshWith(env, next);
    expect(refused.statusCode).toBe(401);
    expect(cookieOf(refused)).toContain('Max-Age=0');
  });
});

describe('two tabs refreshing at once', () => {
  it('both get the same new pair, which works; a reuse after the grace window revokes the session', async () => {
    const session = await login(env, user);
    const [a, b] = await Promise.all([refreshWith(env, session.refreshToken), refreshWith(env, session.refreshToken)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(b.json()).toEqual(a.json());
    expect(refreshCookieOf(b)).toBe(refreshCookieOf(a));
    expect((await me(a.json().token)).statusCode).toBe(200);

    // A third tab a moment later still gets the same pair.
    const c = await refreshWith(env, session.refreshToken);
    expect(c.json().token).toBe(a.json().token);

    await aMinuteLater(session.refreshToken);
    expect((await refreshWith(env, session.refreshToken)).statusCode).toBe(401);
    expect((await me(a.json().token)).json().code).toBe('session_revoked');
    expect((await refreshWith(env, refreshCookieOf(a))).statusCode).toBe(401);
  });

  it('takes a reuse for theft once the new pair has itself been rotated, even within the window', async () => {
    const session = await login(env, user);
    const first = await refreshWith(env, session.refreshToken);
    const second = await refreshWith(env, refreshCookieOf(first));
    expect(second.statusCode).toBe(200);
    expect((await refreshWith(env, session.refreshToken)).statusCode).toBe(401);
    expect((await me(second.json().token)).json().code).toBe('session_revoked');
  });

  it('keeps the successor only while it can be asked for again', async () => {
    const session = await login(env, user);
    const first = await refreshWith(env, session.refreshToken);
    await refreshWith(env, refreshCookieOf(first));
    const { rows } = await env.pool.query(
      `select count(*) filter (where successor_sealed is not null)::int as sealed from refresh_tokens
        where session_id = (select session_id from refresh_tokens where token_hash = sha256(convert_to($1, 'utf8')))`,
      [session.refreshToken],
    );
    expect(rows[0].sealed).toBe(1);
  });
});
