import { webcrypto } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { isRole } from '../../../shared/permissions.ts';
import type { AuthContext } from '../../context.ts';

const ISSUER = 'missiva';

export interface AccessToken {
  token: string;
  expiresAt: Date;
}

const keys = new Map<string, Promise<CryptoKey>>();
/**
 * One HMAC key per server secret, imported once as a WebCrypto key and reused by signing and every verification:
 * jose converts a KeyObject or raw bytes on each call, which costs more than the check itself.
 */
export function signingKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    const raw = Buffer.from(`missiva:access:${secret}`, 'utf8');
    key = webcrypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
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
    .sign(await signingKey(secret));
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
 * Tokens jose has verified, by secret and exact token string, until they expire: a client sends the same token with
 * every request for its lifetime, and a hit needs no HMAC. Only byte-identical strings hit, so nothing unverified is
 * ever accepted from here.
 */
const verified = new LRUCache<string, AuthContext>({ max: 50_000 });

/**
 * Verifies an access token we signed with jose: HS256 only (no algorithm confusion), typ JWT, our issuer, an expiry
 * in the future, a signature in canonical encoding, and the claims a request needs.
 */
export async function verifyAccessToken(secret: string, token: string): Promise<VerifyResult> {
  const known = verified.get(`${secret}\n${token}`);
  if (known) return { ok: true, claims: known };
  const signature = token.split('.')[2];
  if (signature === undefined || !isCanonicalSignature(signature)) return { ok: false, reason: 'token_invalid' };
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, await signingKey(secret), {
      algorithms: ['HS256'],
      typ: 'JWT',
      issuer: ISSUER,
      requiredClaims: ['exp'],
    }));
  } catch (error) {
    return { ok: false, reason: error instanceof errors.JWTExpired ? 'token_expired' : 'token_invalid' };
  }
  const { sub, cid, sid, role, exp } = payload;
  // A role the matrix does not know (a token signed before roles were renamed) is no role at all.
  if (typeof sub !== 'string' || typeof cid !== 'string' || typeof sid !== 'string' || !isRole(role)) {
    return { ok: false, reason: 'token_invalid' };
  }
  const claims: AuthContext = { userId: sub, companyId: cid, sessionId: sid, role };
  const ttl = (exp ?? 0) * 1000 - Date.now();
  if (ttl > 0) verified.set(`${secret}\n${token}`, claims, { ttl });
  return { ok: true, claims };
}
