import { createSecretKey, type KeyObject } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { AuthContext } from '../../context.ts';

const ISSUER = 'missiva';

export interface AccessToken {
  token: string;
  expiresAt: Date;
}

const keys = new Map<string, KeyObject>();
/** One HMAC key object per server secret, built once: importing it per request costs more than the check itself. */
export function signingKey(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(`missiva:access:${secret}`, 'utf8'));
    keys.set(secret, key);
  }
  return key;
}

export async function signAccessToken(secret: string, ttlSeconds: number, claims: AuthContext): Promise<AccessToken> {
  const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
  const token = await new SignJWT({ cid: claims.companyId, sid: claims.sessionId, role: claims.role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(signingKey(secret));
  return { token, expiresAt };
}

export type VerifyResult = { ok: true; claims: AuthContext } | { ok: false; reason: 'token_invalid' | 'token_expired' };

export async function verifyAccessToken(secret: string, token: string): Promise<VerifyResult> {
  try {
    const { payload } = await jwtVerify(token, signingKey(secret), { issuer: ISSUER, algorithms: ['HS256'] });
    const { sub, cid, sid, role } = payload as Record<string, unknown>;
    if (typeof sub !== 'string' || typeof cid !== 'string' || typeof sid !== 'string' || typeof role !== 'string') {
      return { ok: false, reason: 'token_invalid' };
    }
    return { ok: true, claims: { userId: sub, companyId: cid, sessionId: sid, role: role as AuthContext['role'] } };
  } catch (error) {
    return { ok: false, reason: error instanceof joseErrors.JWTExpired ? 'token_expired' : 'token_invalid' };
  }
}
