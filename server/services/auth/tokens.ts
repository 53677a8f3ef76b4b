import { createSecretKey, type KeyObject } from 'node:crypto';
import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { AuthContext } from '../../context.ts';

const ISSUER = 'missiva';

export interface AccessToken {
  token: string;
  expiresAt: Date;
}

const keys = new Map<string, KeyObject>();
/** One HMAC key object per server secret, imported once and reused by signing and by every verification. */
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

/**
 * base64url has one spelling per byte string, but a decoder ignores the unused low bits of the last character, so a
 * signature could be written several ways; only the one our signer writes is accepted.
 */
const isCanonicalSignature = (signature: string) =>
  Buffer.from(signature, 'base64url').toString('base64url') === signature;

/**
 * Verifies an access token we signed with jose: HS256 only (no algorithm confusion), typ JWT, our issuer, an expiry
 * in the future, a signature in canonical encoding, and the claims a request needs.
 */
export async function verifyAccessToken(secret: string, token: string): Promise<VerifyResult> {
  const signature = token.split('.')[2];
  if (signature === undefined || !isCanonicalSignature(signature)) return { ok: false, reason: 'token_invalid' };
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, signingKey(secret), {
      algorithms: ['HS256'],
      typ: 'JWT',
      issuer: ISSUER,
      requiredClaims: ['exp'],
    }));
  } catch (error) {
    return { ok: false, reason: error instanceof errors.JWTExpired ? 'token_expired' : 'token_invalid' };
  }
  const { sub, cid, sid, role } = payload;
  if (typeof sub !== 'string' || typeof cid !== 'string' || typeof sid !== 'string' || typeof role !== 'string') {
    return { ok: false, reason: 'token_invalid' };
  }
  return { ok: true, claims: { userId: sub, companyId: cid, sessionId: sid, role: role as AuthContext['role'] } };
}
