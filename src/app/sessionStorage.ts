/**
 * Client session data (token, expiresAt, lastLanguage): the token travels in a cookie for the parent domain so every
 * subdomain of the install shares the login; the last used language stays in localStorage. The refresh token is not
 * here: the server keeps it in an HttpOnly cookie no script can read. Pure builders (`sessionCookie`,
 * `parseSessionCookie`) are unit-tested; the rest touch the browser.
 */
export interface StoredSession {
  token: string;
  expiresAt: string;
  refreshExpiresAt: string | null;
  remember: boolean;
  /** The parent domain the server derived by the public suffix list for this host; null for a host-only cookie. */
  cookieDomain: string | null;
}

export const SESSION_COOKIE = 'missiva_session';
export const LANGUAGE_KEY = 'missiva.lastLanguage';
export const REMEMBER_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
export const DEFAULT_MAX_AGE_SECONDS = 24 * 60 * 60;

interface CookieLocation {
  protocol: string;
}

function attributes(location: CookieLocation, maxAge: number, domain: string | null): string {
  const parts = ['Path=/', `Max-Age=${maxAge}`];
  if (domain) parts.push(`Domain=${domain}`);
  parts.push(location.protocol === 'https:' ? 'Secure; SameSite=None' : 'SameSite=Lax');
  return parts.join('; ');
}

export function sessionCookie(session: StoredSession, location: CookieLocation): string {
  const maxAge = session.remember ? REMEMBER_MAX_AGE_SECONDS : DEFAULT_MAX_AGE_SECONDS;
  const value = encodeURIComponent(JSON.stringify(session));
  return `${SESSION_COOKIE}=${value}; ${attributes(location, maxAge, session.cookieDomain)}`;
}

export function clearedSessionCookie(location: CookieLocation, domain: string | null): string {
  return `${SESSION_COOKIE}=; ${attributes(location, 0, domain)}`;
}

function isStoredSession(value: unknown): value is StoredSession {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.token === 'string' && typeof v.expiresAt === 'string';
}

export function parseSessionCookie(cookieHeader: string): StoredSession | null {
  for (const part of cookieHeader.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== SESSION_COOKIE) continue;
    try {
      const value: unknown = JSON.parse(decodeURIComponent(rest.join('=')));
      if (!isStoredSession(value)) return null;
      const { token, expiresAt, refreshExpiresAt, remember, cookieDomain } = value;
      return {
        token,
        expiresAt,
        refreshExpiresAt: typeof refreshExpiresAt === 'string' ? refreshExpiresAt : null,
        remember: remember === true,
        cookieDomain: typeof cookieDomain === 'string' ? cookieDomain : null,
      };
    } catch {
      return null;
    }
  }
  return null;
}

const hasDocument = () => typeof document !== 'undefined';

export function readSession(): StoredSession | null {
  return hasDocument() ? parseSessionCookie(document.cookie) : null;
}

export function writeSession(session: StoredSession): void {
  if (hasDocument()) document.cookie = sessionCookie(session, window.location);
}

export function readLanguage(): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(LANGUAGE_KEY);
  } catch {
    return null;
  }
}

/** The document's `lang` follows the interface language, for screen readers. */
export function applyDocumentLanguage(language: string): void {
  if (hasDocument()) document.documentElement.lang = language;
}

export function writeLanguage(language: string): void {
  try {
    if (typeof localStorage !== 'undefined') localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Storage can be disabled (private mode); the language then lasts for this page only.
  }
}

/** Clears the token and every piece of user data kept in the browser; the last used language stays. */
export function clearUserData(): void {
  if (!hasDocument()) return;
  document.cookie = clearedSessionCookie(window.location, readSession()?.cookieDomain ?? null);
  try {
    const language = localStorage.getItem(LANGUAGE_KEY);
    localStorage.clear();
    sessionStorage.clear();
    if (language) localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Storage disabled: nothing else is kept.
  }
}
