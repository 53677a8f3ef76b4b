import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { ROLES } from '../../../shared/permissions.ts';
import { signAccessToken, signingKey, verifyAccessToken } from './tokens.ts';

const SECRET = 'a-server-secret-of-at-least-32-characters';

const signedWithRole = async (role: string) =>
  new SignJWT({ cid: 'c1', sid: 's1', role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject('u1')
    .setIssuer('missiva')
    .setExpirationTime('1h')
    .sign(await signingKey(SECRET));

describe('the role an access token carries', () => {
  it('is one of the team roles', async () => {
    for (const role of ROLES) {
      const { token } = await signAccessToken(SECRET, 60, { userId: 'u1', companyId: 'c1', sessionId: 's1', role });
      expect(await verifyAccessToken(SECRET, token)).toMatchObject({ ok: true, claims: { role } });
    }
  });

  it('makes the token invalid when the matrix does not know it (a `member` token from before migration 033)', async () => {
    expect(await verifyAccessToken(SECRET, await signedWithRole('member'))).toEqual({
      ok: false,
      reason: 'token_invalid',
    });
    expect((await verifyAccessToken(SECRET, await signedWithRole('operator'))).ok).toBe(false);
  });
});
