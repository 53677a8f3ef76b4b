import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { clearedRefreshCookie, cookieDomain, readRefreshCookie, refreshCookie } from './cookies.ts';

describe('cookie domain', () => {
  it('keeps the registrable domain: drop a leading www and any subdomain', () => {
    expect(cookieDomain('www.example.com')).toBe('example.com');
    expect(cookieDomain('app.eu.example.com')).toBe('example.com');
    expect(cookieDomain('example.com')).toBe('example.com');
  });

  it('follows the public suffix list, where "last two labels" would share the cookie with strangers', () => {
    expect(cookieDomain('app.example.co.uk')).toBe('example.co.uk');
    expect(cookieDomain('shop.loja.com.br')).toBe('loja.com.br');
    expect(cookieDomain('me.github.io')).toBe('me.github.io');
    expect(cookieDomain('app.me.github.io')).toBe('me.github.io');
    expect(cookieDomain('co.uk')).toBeNull();
  });

  it('is host-only for localhost and IP addresses', () => {
    expect(cookieDomain('localhost')).toBeNull();
    expect(cookieDomain('app.localhost')).toBeNull();
    expect(cookieDomain('127.0.0.1')).toBeNull();
    expect(cookieDomain('[::1]')).toBeNull();
  });
});

describe('refresh cookie', () => {
  const https = loadConfig({
    DATA_DIR: '.tmp/test-data',
    SECRET_KEY: 'k'.repeat(32),
    PUBLIC_URL: 'https://app.example.com',
  });
  const http = loadConfig({
    DATA_DIR: '.tmp/test-data',
    SECRET_KEY: 'k'.repeat(32),
    PUBLIC_URL: 'http://localhost:3000',
  });
  const token = 'r'.repeat(43);

  it('is HttpOnly, Strict, scoped to the refresh path, Secure over https, and lasts as long as the session', () => {
    const cookie = refreshCookie(https, 'example.com', token, new Date(Date.now() + 86_400_000));
    expect(cookie.split('; ')).toEqual([
      `missiva_refresh=${token}`,
      'Path=/api/users/refresh',
      expect.stringMatching(/^Max-Age=86(399|400)$/),
      'HttpOnly',
      'SameSite=Strict',
      'Domain=example.com',
      'Secure',
    ]);
    expect(refreshCookie(http, null, token, new Date(Date.now() + 1000))).not.toMatch(/Secure|Domain/);
    expect(clearedRefreshCookie(https, null)).toMatch(
      /^missiva_refresh=; Path=\/api\/users\/refresh; Max-Age=0; HttpOnly/,
    );
  });

  it('is read back from a Cookie header, and nothing else is taken for it', () => {
    expect(readRefreshCookie(`a=1; missiva_refresh=${token}; b=2`)).toBe(token);
    expect(readRefreshCookie('missiva_refresh=short')).toBeUndefined();
    expect(readRefreshCookie(undefined)).toBeUndefined();
  });
});
