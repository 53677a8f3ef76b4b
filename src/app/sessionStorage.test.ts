import { describe, expect, it } from 'vitest';
import { clearedSessionCookie, parseSessionCookie, sessionCookie, type StoredSession } from './sessionStorage.ts';

// The parent domain comes from the server (server/http/cookies.ts, by the public suffix list, tested there).
const session: StoredSession = {
  token: 'a.b.c',
  expiresAt: '2030-01-01T12:15:00Z',
  refreshExpiresAt: '2030-01-31T12:00:00Z',
  remember: true,
  cookieDomain: 'example.com',
};

describe('session cookie', () => {
  it('is set for the parent domain, path /, secure and cross-site on https, 30 days with remember', () => {
    const cookie = sessionCookie(session, { protocol: 'https:' });
    expect(cookie).toContain('Domain=example.com');
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('Secure; SameSite=None');
    expect(cookie).toContain(`Max-Age=${30 * 86400}`);
  });

  it('lasts 1 day without remember and is host-only on localhost over http', () => {
    const cookie = sessionCookie({ ...session, remember: false, cookieDomain: null }, { protocol: 'http:' });
    expect(cookie).toContain('Max-Age=86400');
    expect(cookie).not.toContain('Domain=');
    expect(cookie).not.toContain('Secure');
    expect(cookie).toContain('SameSite=Lax');
  });

  it('round-trips and clears', () => {
    const cookie = sessionCookie(session, { protocol: 'http:' }).split(';')[0]!;
    expect(parseSessionCookie(`other=1; ${cookie}`)).toEqual(session);
    expect(parseSessionCookie('missiva_session=garbage')).toBeNull();
    expect(clearedSessionCookie({ protocol: 'https:' }, 'example.com')).toContain('Max-Age=0; Domain=example.com');
  });

  it('keeps no refresh token, even from a cookie written before it moved to the server', () => {
    const old = encodeURIComponent(
      JSON.stringify({ token: 'a.b.c', expiresAt: session.expiresAt, refreshToken: 'r'.repeat(43), remember: false }),
    );
    const parsed = parseSessionCookie(`missiva_session=${old}`);
    expect(parsed).toEqual({
      token: 'a.b.c',
      expiresAt: session.expiresAt,
      refreshExpiresAt: null,
      remember: false,
      cookieDomain: null,
    });
  });
});
