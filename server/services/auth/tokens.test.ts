import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signAccessToken, signingKey, verifyAccessToken } from './tokens.ts';

const SECRET = 'a-server-secret-of-at-least-32-characters';
const claims = { userId: 'u1', companyId: 'c1', sessionId: 's1', role: 'owner' as const };

describe('access tokens', () => {
  it('verifies what it signs', async () => {
    const { token } = await signAccessToken(SECRET, 60, claims);
    expect(await verifyAccessToken(SECRET, token)).toEqual({ ok: true, claims });
  });

  it('refuses another key, a changed payload and a bad signature', async () => {
    const { token } = await signAccessToken(SECRET, 60, claims);
    expect(await verifyAccessToken('another-secret-of-at-least-32-characters', token)).toEqual({
      ok: false,
      reason: 'token_invalid',
    });
    const [h, b, s] = token.split('.') as [string, string, string];
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(b, 'base64url').toString()), role: 'admin', cid: 'c2' }),
    ).toString('base64url');
    expect((await verifyAccessToken(SECRET, `${h}.${forged}.${s}`)).ok).toBe(false);
    expect((await verifyAccessToken(SECRET, `${h}.${b}.${s.slice(0, -2)}`)).ok).toBe(false);
    expect((await verifyAccessToken(SECRET, 'a.b')).ok).toBe(false);
  });

  it('refuses alg none and other algorithms', async () => {
    const { token } = await signAccessToken(SECRET, 60, claims);
    const body = token.split('.')[1];
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect((await verifyAccessToken(SECRET, `${none}.${body}.`)).ok).toBe(false);
    const hs512 = await new SignJWT({ cid: 'c1', sid: 's1', role: 'owner' })
      .setProtectedHeader({ alg: 'HS512', typ: 'JWT' })
      .setSubject('u1')
      .setIssuer('missiva')
      .setExpirationTime('1h')
      .sign(new Uint8Array(64).fill(7));
    expect((await verifyAccessToken(SECRET, hs512)).ok).toBe(false);
  });

  it('tells an expired token apart', async () => {
    const expired = await new SignJWT({ cid: 'c1', sid: 's1', role: 'owner' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('u1')
      .setIssuer('missiva')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 5)
      .sign(await signingKey(SECRET));
    expect(await verifyAccessToken(SECRET, expired)).toEqual({ ok: false, reason: 'token_expired' });
  });
});

describe('signature encoding', () => {
  it('refuses a signature spelled with other unused bits, which decodes to the same bytes', async () => {
    const { token } = await signAccessToken(SECRET, 60, claims);
    const [h, b, s] = token.split('.') as [string, string, string];
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    // 32 bytes take 43 characters: the last one carries 4 bits of the signature and 2 unused bits.
    const last = alphabet.indexOf(s.at(-1)!);
    const twin = `${s.slice(0, -1)}${alphabet[last ^ 1]}`;
    expect(Buffer.from(twin, 'base64url').equals(Buffer.from(s, 'base64url'))).toBe(true);
    expect(await verifyAccessToken(SECRET, `${h}.${b}.${twin}`)).toEqual({ ok: false, reason: 'token_invalid' });
    expect(await verifyAccessToken(SECRET, `${h}.${b}.${s}=`)).toEqual({ ok: false, reason: 'token_invalid' });
    expect((await verifyAccessToken(SECRET, `${h}.${b}.${s}`)).ok).toBe(true);
  });
});

describe('verified tokens', () => {
  it('are remembered only until they expire', async () => {
    const { token } = await signAccessToken(SECRET, 1, claims);
    expect(await verifyAccessToken(SECRET, token)).toEqual({ ok: true, claims });
    expect(await verifyAccessToken('another-secret-of-at-least-32-characters', token)).toEqual({
      ok: false,
      reason: 'token_invalid',
    });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await verifyAccessToken(SECRET, token)).toEqual({ ok: false, reason: 'token_expired' });
  });
});
