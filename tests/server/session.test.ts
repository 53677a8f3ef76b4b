import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestEnv,
  createUser,
  login,
  bearer,
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

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  env.app.inject({ method: 'POST', url: `/api${url}`, payload: payload as object, headers });

describe('POST users/login', () => {
  it('signs in and answers tokens with a 1-day session', async () => {
    const res = await post('/users/login', { email: user.email, password: user.password });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.twoFactorRequired).toBe(false);
    expect(body.token.split('.')).toHaveLength(3);
    const days = (Date.parse(body.refreshExpiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(0.99);
    expect(days).toBeLessThan(1.01);
    expect(Date.parse(body.expiresAt)).toBeLessThanOrEqual(Date.now() + 901_000);
  });

  it('keeps a remembered session 30 days', async () => {
    const body = await login(env, user, { remember: true });
    const days = (Date.parse(body.refreshExpiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.99);
    expect(days).toBeLessThan(30.01);
  });

  it('matches the email case-insensitively', async () => {
    const res = await post('/users/login', { email: user.email.toUpperCase(), password: user.password });
    expect(res.statusCode).toBe(200);
  });

  it('answers one message for a wrong password and an unknown email', async () => {
    const wrong = await post('/users/login', { email: user.email, password: 'not-the-password' });
    const unknown = await post('/users/login', { email: 'nobody@example.com', password: 'whatever' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({
      code: 'invalid_credentials',
      message: 'Invalid login, please check and try again.',
    });
  });

  it('answers field errors for bad input', async () => {
    const missing = await post('/users/login', {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ email: ['Email is required'], password: ['Password is required'] });
    const short = await post('/users/login', { email: 'a@b', password: 'x' });
    expect(short.json().errors.email).toContain('Email must be at least 5 characters');
    const badType = await post('/users/login', { email: 42, password: true, remember: 'yes' });
    expect(badType.statusCode).toBe(422);
    expect(badType.json().errors).toMatchObject({
      email: ['Email must be a string'],
      password: ['Password must be a string'],
      remember: ['Remember must be a boolean'],
    });
    const extra = await post('/users/login', { email: user.email, password: user.password, admin: true });
    expect(extra.json().errors).toEqual({ admin: ['Admin is not allowed'] });
    const notEmail = await post('/users/login', { email: 'not an email', password: 'secret' });
    expect(notEmail.json().errors.email).toEqual(['Email must be a valid address']);
  });
});

describe('POST users/refresh', () => {
  it('rotates the refresh token, and a reused one revokes the whole session', async () => {
    const first = await login(env, user);
    const rotated = await refreshWith(env, first.refreshToken);
    expect(rotated.statusCode).toBe(200);
    const second = { ...rotated.json(), refreshToken: refreshCookieOf(rotated) };
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.refreshExpiresAt).toBe(first.refreshExpiresAt);
    const me = await env.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(second.token) });
    expect(me.statusCode).toBe(200);

    // Past the grace window for two tabs racing (see refresh.test.ts), a reuse is taken for theft.
    await env.pool.query(`update refresh_tokens set used_at = used_at - interval '1 minute' where used_at is not null`);
    const replay = await refreshWith(env, first.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('refresh_token_invalid');
    const afterTheft = await refreshWith(env, second.refreshToken);
    expect(afterTheft.statusCode).toBe(401);
    const meAfter = await env.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(second.token) });
    expect(meAfter.statusCode).toBe(401);
    expect(meAfter.json().code).toBe('session_revoked');
  });

  it('refuses an unknown, a malformed or a missing token cookie', async () => {
    expect((await refreshWith(env, 'x'.repeat(43))).statusCode).toBe(401);
    expect((await refreshWith(env, '12')).statusCode).toBe(401);
    const none = await post('/users/refresh', undefined);
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('refresh_token_invalid');
  });
});

describe('POST users/logout', () => {
  it('ends the session: the access token and the refresh token stop working', async () => {
    const session = await login(env, user);
    const out = await post('/users/logout', undefined, bearer(session.token));
    expect(out.statusCode).toBe(204);
    expect(
      (await env.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(session.token) })).statusCode,
    ).toBe(401);
    expect((await refreshWith(env, session.refreshToken)).statusCode).toBe(401);
    expect(env.emitted.at(-1)).toMatchObject({ room: `user:${user.userId}`, event: 'session.revoked' });
  });

  it('leaves other sessions of the same user open', async () => {
    const a = await login(env, user);
    const b = await login(env, user);
    await post('/users/logout', undefined, bearer(a.token));
    expect((await env.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(b.token) })).statusCode).toBe(
      200,
    );
  });
});

describe('rate limits', () => {
  it('answers 429 after repeated wrong logins', async () => {
    const limited = await createTestEnv({ loginRateLimit: 5 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 7; i += 1) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/users/login',
          payload: { email: 'x@example.com', password: 'wrong' },
        });
        codes.push(res.statusCode);
      }
      expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(codes.slice(5)).toEqual([429, 429]);
      const res = await limited.app.inject({
        method: 'POST',
        url: '/api/users/password-reset-request',
        payload: { email: 'x@example.com' },
      });
      expect(res.statusCode).toBe(202);
    } finally {
      await limited.close();
    }
  });
});
