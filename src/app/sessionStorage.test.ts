import { describe, expect, it } from 'vitest';
import { clearedSessionCookie, parseSessionCookie, secondLevelDomain, sessionCookie, type StoredSession } from './sessionStorage.ts';

const session: StoredSession = {
  token: 'a.b.c',
  expiresAt: '2030-01-01T12:15:00Z',
  refreshToken: 'refresh-token-0123456789',
  refreshExpiresAt: '2030-01-31T12:00:00Z',
  remember: true,
};

describe('session cookie', () => {
  it('derives the second-level domain: drop a leading www, keep the last two labels', () => {
    expect(secondLevelDomain('www.example.com')).toBe('example.com');
    expect(secondLevelDomain('app.eu.example.com')).toBe('example.com');
    expect(secondLevelDomain('example.com')).toBe('example.com');
    expect(secondLevelDomain('localhost')).toBeNull();
    expect(secondLevelDomain('127.0.0.1')).toBeNull();
    expect(secondLevelDomain('[::1]')).toBeNull();
  });

  it('is set for the parent domain, path /, secure and cross-site on https, 30 days with remember', () => {
    const cookie = sessionCookie(session, { hostname: 'app.example.com', protocol: 'https:' });
    expect(cookie).toContain('Domain=example.com');
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('Secure; SameSite=None');
    expect(cookie).toContain(`Max-Age=${30 * 86400}`);
  });

  it('lasts 1 day without remember and is host-only on localhost over http', () => {
    const cookie = sessionCookie({ ...session, remember: false }, { hostname: 'localhost', protocol: 'http:' });
    expect(cookie).toContain('Max-Age=86400');
    expect(cookie).not.toContain('Domain=');
    expect(cookie).not.toContain('Secure');
    expect(cookie).toContain('SameSite=Lax');
  });

  it('round-trips and clears', () => {
    const cookie = sessionCookie(session, { hostname: 'localhost', protocol: 'http:' }).split(';')[0]!;
    expect(parseSessionCookie(`other=1; ${cookie}`)).toEqual(session);
    expect(parseSessionCookie('missiva_session=garbage')).toBeNull();
    expect(clearedSessionCookie({ hostname: 'www.example.com', protocol: 'https:' })).toContain('Max-Age=0; Domain=example.com');
  });
});
