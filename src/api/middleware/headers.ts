import type { Middleware } from 'openapi-fetch';

export interface HeaderSources {
  getLanguage: () => string;
  getToken: () => string | null;
}

/** Accept-Language for the current language; a bearer token when logged in. */
export function createHeadersMiddleware({ getLanguage, getToken }: HeaderSources): Middleware {
  return {
    onRequest({ request }) {
      request.headers.set('Accept-Language', getLanguage());
      const token = getToken();
      if (token && !request.headers.has('Authorization')) request.headers.set('Authorization', `Bearer ${token}`);
      return request;
    },
  };
}
