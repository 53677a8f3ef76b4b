import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, createUser, login, bearer, refreshWith, type TestEnv, type TestUser } from './helpers.ts';

let env: TestEnv;
let user: TestUser;
beforeAll(async () => {
  env = await createTestEnv();
  user = await createUser(env, 'Rossi Srl');
});
afterAll(() => env.close());

const call = (method: 'GET' | 'PATCH' | 'POST', url: string, token?: string, payload?: object) =>
  env.app.inject({ method, url: `/api${url}`, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

/** The link of the newest reset mail; the mail is written just after the 202, so it is waited for. */
async function resetTokenFromOutbox(email: string): Promise<string> {
  let match: RegExpExecArray | null = null;
  for (let tries = 0; !match && tries < 50; tries += 1) {
    if (tries) await new Promise((resolve) => setTimeout(resolve, 50));
    const { rows } = await env.pool.query<{ text_body: string }>(
      'select text_body from outbox where to_address = $1 order by id desc limit 1',
      [email],
    );
    match = /token=([A-Za-z0-9_%-]+)/.exec(rows[0]?.text_body ?? '');
  }
  if (!match) throw new Error('no reset mail');
  return decodeURIComponent(match[1]!);
}

describe('GET users/me', () => {
  it('answers the user with the company and its channels', async () => {
    const { token } = await login(env, user);
    const res = await call('GET', '/users/me', token);
    expect(res.statusCode).toBe(200);
    const me = res.json();
    expect(me).toMatchObject({
      email: user.email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      phoneNumber: null,
      role: 'owner',
      twoFactorEnabled: false,
      language: 'en',
    });
    expect(me.memberOf).toMatchObject({
      id: user.companyId,
      name: 'Rossi Srl',
      channels: [{ type: 'email', name: 'Email', status: 'active' }],
    });
    expect(Date.parse(me.createdAt)).not.toBeNaN();
  });
});

describe('PATCH users/me', () => {
  it('changes names, phone and language', async () => {
    const { token } = await login(env, user);
    const res = await call('PATCH', '/users/me', token, {
      firstName: ' Grace ',
      phonePrefix: '39',
      phoneNumber: '3331234567',
      language: 'it',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: 'Grace',
      lastName: 'Lovelace',
      phonePrefix: '39',
      phoneNumber: '3331234567',
      language: 'it',
    });
    const cleared = await call('PATCH', '/users/me', token, { phoneNumber: null });
    expect(cleared.json().phoneNumber).toBeNull();
  });

  it('answers field errors with the spec messages', async () => {
    const { token } = await login(env, user);
    const res = await call('PATCH', '/users/me', token, { phoneNumber: '+39 333', language: 'italian' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      phoneNumber: ['Phone number must contain only numbers'],
      language: ['Language is not valid'],
    });
    expect((await call('PATCH', '/users/me', token, {})).statusCode).toBe(422);
  });
});

describe('POST users/password', () => {
  it('needs the current password and a matching confirmation', async () => {
    const { token } = await login(env, user);
    const mismatch = await call('POST', '/users/password', token, {
      currentPassword: user.password,
      password: 'new-pass-1',
      passwordConfirmation: 'new-pass-2',
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toEqual({ passwordConfirmation: ['Passwords do not match'] });
    const wrong = await call('POST', '/users/password', token, {
      currentPassword: 'nope!',
      password: 'new-pass-1',
      passwordConfirmation: 'new-pass-1',
    });
    expect(wrong.json().errors).toEqual({ currentPassword: ['Current password is not correct'] });
    const short = await call('POST', '/users/password', token, {
      currentPassword: user.password,
      password: 'abc',
      passwordConfirmation: 'abc',
    });
    expect(short.json().errors.password).toEqual(['Password must be at least 5 characters']);
  });

  it('changes it and signs out the other sessions only', async () => {
    const other = await createUser(env);
    const mine = await login(env, other);
    const elsewhere = await login(env, other);
    const res = await call('POST', '/users/password', mine.token, {
      currentPassword: other.password,
      password: 'brand-new',
      passwordConfirmation: 'brand-new',
    });
    expect(res.statusCode).toBe(204);
    expect((await call('GET', '/users/me', mine.token)).statusCode).toBe(200);
    expect((await call('GET', '/users/me', elsewhere.token)).statusCode).toBe(401);
    await login(env, { email: other.email, password: 'brand-new' });
  });
});

describe('password reset', () => {
  it('answers 202 for any address and mails a link only to a user', async () => {
    const before = (await env.pool.query('select count(*)::int as n from outbox')).rows[0].n;
    expect(
      (await call('POST', '/users/password-reset-request', undefined, { email: 'ghost@example.com' })).statusCode,
    ).toBe(202);
    expect((await call('POST', '/users/password-reset-request', undefined, { email: user.email })).statusCode).toBe(
      202,
    );
    await resetTokenFromOutbox(user.email);
    expect((await env.pool.query('select count(*)::int as n from outbox')).rows[0].n).toBe(before + 1);
    const { rows } = await env.pool.query(
      'select status, kind, subject, company_id from outbox order by id desc limit 1',
    );
    expect(rows[0]).toMatchObject({ status: 'captured', kind: 'password_reset', company_id: user.companyId });
  });

  it('sets a new password once, revoking every session', async () => {
    const target = await createUser(env);
    const session = await login(env, target);
    await call('POST', '/users/password-reset-request', undefined, { email: target.email });
    const token = await resetTokenFromOutbox(target.email);

    const mismatch = await call('POST', '/users/password-reset', undefined, {
      token,
      password: 'fresh-pass',
      passwordConfirmation: 'other-pass',
    });
    expect(mismatch.json().errors).toEqual({ passwordConfirmation: ['Passwords do not match'] });
    const ok = await call('POST', '/users/password-reset', undefined, {
      token,
      password: 'fresh-pass',
      passwordConfirmation: 'fresh-pass',
    });
    expect(ok.statusCode).toBe(204);
    expect((await call('GET', '/users/me', session.token)).statusCode).toBe(401);
    expect((await refreshWith(env, session.refreshToken)).statusCode).toBe(401);
    await login(env, { email: target.email, password: 'fresh-pass' });

    const again = await call('POST', '/users/password-reset', undefined, {
      token,
      password: 'third-pass',
      passwordConfirmation: 'third-pass',
    });
    expect(again.statusCode).toBe(410);
    expect(again.json().code).toBe('reset_token_invalid');
  });

  it('refuses an expired link', async () => {
    const target = await createUser(env);
    await call('POST', '/users/password-reset-request', undefined, { email: target.email });
    const token = await resetTokenFromOutbox(target.email);
    await env.pool.query(
      `update password_reset_tokens set expires_at = now() - interval '1 second' where user_id = $1`,
      [target.userId],
    );
    const res = await call('POST', '/users/password-reset', undefined, {
      token,
      password: 'fresh-pass',
      passwordConfirmation: 'fresh-pass',
    });
    expect(res.statusCode).toBe(410);
  });

  it('keeps tokens hashed at rest', async () => {
    const target = await createUser(env);
    await call('POST', '/users/password-reset-request', undefined, { email: target.email });
    const token = await resetTokenFromOutbox(target.email);
    const { rows } = await env.pool.query(
      `select encode(token_hash, 'escape') as raw from password_reset_tokens where user_id = $1`,
      [target.userId],
    );
    expect(rows[0].raw).not.toContain(token);
    const audit = await env.pool.query(`select details::text from audit_log where user_id = $1`, [target.userId]);
    expect(audit.rows.map((r) => r.details).join()).not.toContain(token);
  });
});

describe('GET outbox', () => {
  it('lists the company mail to owners with a pagination header', async () => {
    const { token } = await login(env, user);
    const res = await call('GET', '/outbox?perPage=1', token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(1);
    expect(JSON.parse(String(res.headers.pagination))).toMatchObject({ page: 1, perPage: 1 });
    expect((await call('GET', '/outbox?perPage=9999', token)).statusCode).toBe(422);
  });

  it('shows no other company mail', async () => {
    const stranger = await createUser(env, 'Other Co');
    const { token } = await login(env, stranger);
    const res = await call('GET', '/outbox', token);
    expect(res.json()).toEqual([]);
  });
});
