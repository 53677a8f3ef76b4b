import { isIP } from 'node:net';
import { getDomain } from 'tldts';
import type { Config } from '../config.ts';

/** The refresh token's cookie: HttpOnly, sent only to the refresh operation. */
export const REFRESH_COOKIE = 'missiva_refresh';
/** The path of `POST /users/refresh` under the API prefix; the cookie goes with no other request. */
export const REFRESH_COOKIE_PATH = '/api/users/refresh';

/**
 * The parent domain a session cookie is set for, so every subdomain of the install shares the login: the registrable
 * domain by the public suffix list (`app.example.co.uk` → `example.co.uk`, `me.github.io` stays itself), or null for a
 * host-only cookie (localhost, IP addresses, a bare public suffix).
 */
export function cookieDomain(hostname: string): string | null {
  const host = hostname
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost') || isIP(host)) return null;
  return getDomain(host, { allowPrivateDomains: true }) ?? null;
}

/** The host name of a request's Host header (Fastify's `request.hostname` may carry the port). */
export const hostnameOf = (host: string) => host.replace(/:\d+$/, '');

/**
 * Secure when the install is served over https. A plain-http install (localhost in development, an intranet host)
 * gets no Secure flag, since browsers other than Chromium and Firefox drop Secure cookies set over http even on
 * localhost; HttpOnly and the narrow path still keep the token away from scripts and other requests.
 */
function attributes(config: Config, domain: string | null, maxAgeSeconds: number): string {
  const parts = [`Path=${REFRESH_COOKIE_PATH}`, `Max-Age=${maxAgeSeconds}`, 'HttpOnly', 'SameSite=Strict'];
  if (domain) parts.push(`Domain=${domain}`);
  if (config.publicUrl.startsWith('https://')) parts.push('Secure');
  return parts.join('; ');
}

export function refreshCookie(config: Config, domain: string | null, token: string, expiresAt: Date): string {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
  return `${REFRESH_COOKIE}=${token}; ${attributes(config, domain, maxAge)}`;
}

export function clearedRefreshCookie(config: Config, domain: string | null): string {
  return `${REFRESH_COOKIE}=; ${attributes(config, domain, 0)}`;
}

/** The refresh token from a Cookie header; refresh tokens are base64url, so no decoding is needed. */
export function readRefreshCookie(header: string | undefined): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [name, value] = part.trim().split('=', 2);
    if (name === REFRESH_COOKIE && value && /^[A-Za-z0-9_-]{20,200}$/.test(value)) return value;
  }
  return undefined;
}
