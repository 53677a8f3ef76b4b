import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchingStep } from '../../server/services/auth/totp.ts';
import { createTestEnv, createUser, login, bearer, type TestEnv, type TestUser } from './helpers.ts';
import { base32Decode, referenceTotp } from './totp-reference.ts';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

const call = (url: string, token?: string, payload?: object, method: 'GET' | 'POST' = 'POST') =>
  env.app.inject({ method, url: `/api${url}`, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
const now = () => Math.floor(Date.now() / 1000);

// RFC 6238 appendix B, SHA-1, 8 digits, key "12345678901234567890".
const RFC_VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP', () => {
  const key = Buffer.from('12345678901234567890');
  it.each(RFC_VECTORS)('matches RFC 6238 at T=%i', (t, code) => {
    expect(referenceTotp(key, t, 8)).toBe(code);
    const totp = new TOTP({
      secret: new Secret({ buffer: new Uint8Array(key).buffer }),
      digits: 8,
      algorithm: 'SHA1',
      period: 30,
    });
    expect(totp.generate({ timestamp: t * 1000 })).toBe(code);
  });

  it('finds the time step of a code within one step of drift', () => {
    const secret = 'JBSWY3DPEHPK3PXP';
    const t = 1_700_000_000;
    const step = Math.floor(t / 30);
    expect(matchingStep(secret, referenceTotp(base32Decode(secret), t), t * 1000)).toBe(step);
    expect(matchingStep(secret, referenceTotp(base32Decode(secret), t - 30), t * 1000)).toBe(step - 1);
    expect(matchingStep(secret, referenceTotp(base32Decode(secret), t + 90), t * 1000)).toBeNull();
    expect(matchingStep(secret, 'abcdef', t * 1000)).toBeNull();
  });
});

async function enable(user: TestUser) {
  const { token } = await login(env, user);
  const setup = await call('/users/2fa/setup', token);
  expect(setup.statusCode).toBe(200);
  const { secret, otpauthUri, qrCode } = setup.json();
  expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/Missiva:.*secret=/);
  expect(qrCode).toMatch(/^data:image\/png;base64,/);
  const key = base32Decode(secret);
  const enabled = await call('/users/2fa/enable', token, { code: referenceTotp(key, now() - 30) });
  expect(enabled.statusCode).toBe(200);
  return { token, key, recoveryCodes: enabled.json().recoveryCodes as string[] };
}

describe('2FA', () => {
  it('stays off until enabled with a valid code', async () => {
    const user = await createUser(env);
    const { token } = await login(env, user);
    await call('/users/2fa/setup', token);
    const wrong = await call('/users/2fa/enable', token, { code: '000000' });
    // A signed-in user's wrong code is a field error, not a 401 (which would sign the app out).
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({
      code: 'invalid_2fa_token',
      message: 'Invalid 2FA code. Please try again.',
      errors: { code: ['Invalid 2FA code. Please try again.'] },
    });
    expect((await call('/users/2fa', token, undefined, 'GET')).json()).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
    });
    expect((await login(env, user)).twoFactorRequired).toBe(false);
  });

  it('asks for a code at login, refuses a wrong one and accepts a code only once', async () => {
    const user = await createUser(env);
    const { token, key, recoveryCodes } = await enable(user);
    expect(recoveryCodes).toHaveLength(10);
    expect((await call('/users/2fa', token, undefined, 'GET')).json()).toEqual({
      enabled: true,
      recoveryCodesLeft: 10,
    });

    const asked = await call('/users/login', undefined, { email: user.email, password: user.password });
    expect(asked.json()).toEqual({
      twoFactorRequired: true,
      token: null,
      expiresAt: null,
      refreshExpiresAt: null,
      cookieDomain: null,
    });
    const wrong = await call('/users/login', undefined, { email: user.email, password: user.password, totp: '123456' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Invalid 2FA token.');
    const badPassword = await call('/users/login', undefined, {
      email: user.email,
      password: 'wrong-pass',
      totp: referenceTotp(key, now()),
    });
    expect(badPassword.json().code).toBe('invalid_credentials');

    const code = referenceTotp(key, now());
    const ok = await call('/users/login', undefined, { email: user.email, password: user.password, totp: code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().token).toBeTruthy();
    const replay = await call('/users/login', undefined, { email: user.email, password: user.password, totp: code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('invalid_2fa_token');
  });

  it('takes each recovery code once, and stores them hashed', async () => {
    const user = await createUser(env);
    const { recoveryCodes } = await enable(user);
    const code = recoveryCodes[0]!;
    const first = await call('/users/login', undefined, {
      email: user.email,
      password: user.password,
      totp: code.toUpperCase(),
    });
    expect(first.statusCode).toBe(200);
    const second = await call('/users/login', undefined, { email: user.email, password: user.password, totp: code });
    expect(second.statusCode).toBe(401);
    const stored = await env.pool.query(`select encode(code_hash, 'hex') as h from recovery_codes where user_id = $1`, [
      user.userId,
    ]);
    expect(stored.rows.map((r) => r.h).join()).not.toContain(code.replace('-', ''));
    const secretRow = await env.pool.query('select secret_encrypted from two_factor where user_id = $1', [user.userId]);
    expect(secretRow.rows[0].secret_encrypted).not.toMatch(/^[A-Z2-7]{32}$/);
  });

  it('replaces the recovery codes with a fresh code and disables with another', async () => {
    const user = await createUser(env);
    const { token, key, recoveryCodes } = await enable(user);
    expect((await call('/users/2fa/recovery-codes', token, { code: '000000' })).statusCode).toBe(422);
    expect((await call('/users/2fa', token, undefined, 'GET')).statusCode).toBe(200); // still signed in
    const regenerated = await call('/users/2fa/recovery-codes', token, { code: referenceTotp(key, now()) });
    expect(regenerated.statusCode).toBe(200);
    expect(regenerated.json().recoveryCodes).not.toContain(recoveryCodes[0]);
    const old = await call('/users/login', undefined, {
      email: user.email,
      password: user.password,
      totp: recoveryCodes[0],
    });
    expect(old.statusCode).toBe(401);

    expect((await call('/users/2fa/disable', token, { code: '999999' })).statusCode).toBe(422);
    const off = await call('/users/2fa/disable', token, { code: regenerated.json().recoveryCodes[0] });
    expect(off.statusCode).toBe(204);
    expect((await login(env, user)).twoFactorRequired).toBe(false);
    expect((await call('/users/2fa/disable', token, { code: '123456' })).statusCode).toBe(409);
  });

  it('refuses a second setup while enabled and validates codes', async () => {
    const user = await createUser(env);
    const { token } = await enable(user);
    expect((await call('/users/2fa/setup', token)).statusCode).toBe(409);
    const bad = await call('/users/2fa/enable', token, { code: 123456 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ code: ['Code must be a string'] });
    expect((await call('/users/me', token, undefined, 'GET')).json().twoFactorEnabled).toBe(true);
  });
});
