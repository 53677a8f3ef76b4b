import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, createUser, login, bearer, type TestEnv, type TestUser } from './helpers.ts';
import { base32Decode, referenceTotp } from './totp-reference.ts';

// Five failed guesses per account and 25 per address (LOGIN_RATE_LIMIT and five times it).
const LIMIT = 5;
let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv({ loginRateLimit: LIMIT });
});
afterAll(() => env.close());

let lastAddress = 0;
/** Each test speaks from its own client address unless it shares one on purpose. */
const newAddress = () => `10.1.0.${(lastAddress += 1)}`;
const call = (url: string, from: string, payload?: object, token?: string) =>
  env.app.inject({
    method: 'POST',
    url: `/api${url}`,
    remoteAddress: from,
    headers: token ? bearer(token) : {},
    ...(payload ? { payload } : {}),
  });
const now = () => Math.floor(Date.now() / 1000);

async function withTwoFactor(user: TestUser, from: string) {
  const { token } = await login(env, user);
  const { secret } = (await call('/users/2fa/setup', from, undefined, token)).json();
  const key = base32Decode(secret);
  expect((await call('/users/2fa/enable', from, { code: referenceTotp(key, now() - 30) }, token)).statusCode).toBe(200);
  return { token, key };
}

async function lockoutMails(user: TestUser) {
  const { rows } = await env.pool.query<{ subject: string; text_body: string }>(
    `select subject, text_body from outbox where to_address = $1 and kind = 'account_locked'`,
    [user.email],
  );
  return rows;
}

function expectLimited(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({
    code: 'too_many_requests',
    message: 'You have sent too many requests in a given amount of time. Please try again later.',
  });
  const wait = Number(res.headers['retry-after']);
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(15 * 60);
}

describe('2FA codes of a signed-in user', () => {
  it('disable: wrong codes lock the account, even the right code then waits, and the owner is mailed', async () => {
    const from = newAddress();
    const user = await createUser(env);
    const { token, key } = await withTwoFactor(user, from);
    for (let i = 0; i < LIMIT; i += 1)
      expect((await call('/users/2fa/disable', from, { code: '000000' }, token)).statusCode).toBe(422);
    expectLimited(await call('/users/2fa/disable', from, { code: '000000' }, token));
    expectLimited(await call('/users/2fa/disable', newAddress(), { code: referenceTotp(key, now()) }, token));
    expect(
      (await env.pool.query(`select 1 from two_factor where user_id = $1 and enabled_at is not null`, [user.userId]))
        .rowCount,
    ).toBe(1);
    const mails = await lockoutMails(user);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your Missiva account is locked for 15 minutes');
  });

  it('recovery codes: parallel wrong codes get no more tries than the limit', async () => {
    const from = newAddress();
    const user = await createUser(env);
    const { token } = await withTwoFactor(user, from);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => call('/users/2fa/recovery-codes', from, { code: '000000' }, token)),
    );
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 422)).toHaveLength(LIMIT);
    expect(codes.filter((code) => code === 429)).toHaveLength(30 - LIMIT);
    expect(await lockoutMails(user)).toHaveLength(1);
  });
});

describe('POST users/password', () => {
  it('limits wrong current passwords; once locked, even the right one waits', async () => {
    const from = newAddress();
    const user = await createUser(env);
    const { token } = await login(env, user);
    const change = (currentPassword: string) =>
      call(
        '/users/password',
        from,
        { currentPassword, password: 'new-secret', passwordConfirmation: 'new-secret' },
        token,
      );
    for (let i = 0; i < LIMIT; i += 1) {
      const wrong = await change('not-it');
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errors).toEqual({ currentPassword: ['Current password is not correct'] });
    }
    expectLimited(await change(user.password));
    expect(await lockoutMails(user)).toHaveLength(1);
  });
});

describe('login', () => {
  it('locks one account without shutting out another user behind the same address', async () => {
    const shared = newAddress();
    const victim = await createUser(env);
    const colleague = await createUser(env);
    const attempt = (who: TestUser, password: string, from = shared) =>
      call('/users/login', from, { email: who.email, password });
    for (let i = 0; i < LIMIT; i += 1) expect((await attempt(victim, `guess-${i}`)).statusCode).toBe(401);
    expectLimited(await attempt(victim, 'guess-x'));
    // The lock is the account's: from anywhere, and with the right password.
    expectLimited(await attempt(victim, victim.password, newAddress()));
    expect((await attempt(colleague, colleague.password)).statusCode).toBe(200);
    expect(await lockoutMails(victim)).toHaveLength(1);
    expect(await lockoutMails(colleague)).toHaveLength(0);
  });

  it('limits an address that guesses across many accounts, and only that address', async () => {
    const guesser = newAddress();
    const user = await createUser(env);
    for (let i = 0; i < LIMIT * 5; i += 1) {
      expect(
        (await call('/users/login', guesser, { email: `nobody${i}@example.com`, password: 'guess' })).statusCode,
      ).toBe(401);
    }
    expectLimited(await call('/users/login', guesser, { email: user.email, password: user.password }));
    expect((await call('/users/login', newAddress(), { email: user.email, password: user.password })).statusCode).toBe(
      200,
    );
  });

  it('treats an unknown email like an account, so a lock tells nothing about who exists', async () => {
    const from = newAddress();
    const answers: number[] = [];
    for (let i = 0; i <= LIMIT; i += 1)
      answers.push((await call('/users/login', from, { email: 'ghost@example.com', password: 'x' })).statusCode);
    expect(answers).toEqual([...Array(LIMIT).fill(401), 429]);
  });
});

describe('password reset', () => {
  it('limits guessed reset tokens per address', async () => {
    const from = newAddress();
    const reset = () =>
      call('/users/password-reset', from, {
        token: 'a-guessed-token-0123456789',
        password: 'fresh-pass',
        passwordConfirmation: 'fresh-pass',
      });
    for (let i = 0; i < LIMIT * 5; i += 1) expect((await reset()).statusCode).toBe(410);
    expectLimited(await reset());
  });

  it('answers a known address without waiting for its mail, as fast as an unknown one', async () => {
    const user = await createUser(env);
    // Hold the outbox: a request that wrote the mail before answering would wait here.
    const holder = await env.pool.connect();
    try {
      await holder.query('begin');
      await holder.query('lock table outbox in exclusive mode');
      const answered = await Promise.race([
        call('/users/password-reset-request', newAddress(), { email: user.email }).then((res) => res.statusCode),
        new Promise((resolve) => setTimeout(() => resolve('still waiting'), 3000)),
      ]);
      expect(answered).toBe(202);
      expect(await resetMails(user)).toBe(0);
    } finally {
      await holder.query('rollback');
      holder.release();
    }
    await expect.poll(() => resetMails(user), { timeout: 5000 }).toBe(1);
  });

  it('limits requests per address and mails per user', async () => {
    const user = await createUser(env);
    const from = newAddress();
    for (let i = 0; i < LIMIT; i += 1)
      expect((await call('/users/password-reset-request', from, { email: user.email })).statusCode).toBe(202);
    const refused = await call('/users/password-reset-request', from, { email: 'ghost@example.com' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(15 * 60);
    await expect.poll(() => resetMails(user), { timeout: 5000 }).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await resetMails(user)).toBe(3);
  });
});

describe('counters', () => {
  it('forget subjects idle for a day, but keep a lock that still holds', async () => {
    await env.pool.query(
      `insert into guess_counters (scope, subject, failures, window_started_at, locked_until) values
         ('address', '192.0.2.1', 3, now() - interval '2 days', null),
         ('account', 'email:old', 9, now() - interval '2 days', now() + interval '1 hour')`,
    );
    await call('/users/login', newAddress(), { email: 'someone-new@example.com', password: 'x' });
    const { rows } = await env.pool.query(
      `select subject from guess_counters where subject in ('192.0.2.1', 'email:old')`,
    );
    expect(rows).toEqual([{ subject: 'email:old' }]);
  });
});

async function resetMails(user: TestUser): Promise<number> {
  const { rows } = await env.pool.query(`select 1 from outbox where to_address = $1 and kind = 'password_reset'`, [
    user.email,
  ]);
  return rows.length;
}
