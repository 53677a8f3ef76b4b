import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
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

const EXPECTED_HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

/**
 * Verifies an access token we signed: exactly our header (HS256, so no algorithm confusion), an HMAC-SHA-256 signature
 * compared in constant time, our issuer, and an expiry in the future. Done with node:crypto directly because it runs
 * on every request and is several times cheaper than a general JOSE verification.
 */
export async function verifyAccessToken(secret: string, token: string): Promise<VerifyResult> {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== EXPECTED_HEADER) return { ok: false, reason: 'token_invalid' };
  const [header, body, signature] = parts as [string, string, string];
  const expected = createHmac('sha256', signingKey(secret)).update(`${header}.${body}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'token_invalid' };
  let payload: Record<string, unknown>;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return { ok: false, reason: 'token_invalid' };
  }
  const { sub, cid, sid, role, iss, exp } = payload;
  if (iss !== ISSUER || typeof exp !== 'number') return { ok: false, reason: 'token_invalid' };
  if (exp * 1000 <= Date.now()) return { ok: false, reason: 'token_expired' };
  if (typeof sub !== 'string' || typeof cid !== 'string' || typeof sid !== 'string' || typeof role !== 'string') {
    return { ok: false, reason: 'token_invalid' };
  }
  return { ok: true, claims: { userId: sub, companyId: cid, sessionId: sid, role: role as AuthContext['role'] } };
}
