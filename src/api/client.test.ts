import { describe, expect, it } from 'vitest';
import type { AppEvent } from '../app/appEvents.ts';
import {
  ApiError,
  createApiClient,
  firstFieldErrors,
  readPagination,
  RequestTimeoutError,
  serializeQuery,
  unwrap,
} from './client.ts';
import { createHeadersMiddleware } from './middleware/headers.ts';
import { createTimeoutMiddleware } from './middleware/timeout.ts';
import { createTransportMiddleware } from './middleware/transport.ts';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

function harness(
  answer: (request: Request) => Response | Promise<Response>,
  options: { token?: string | null; timeoutMs?: number } = {},
) {
  const events: AppEvent[] = [];
  const requests: Request[] = [];
  const client = createApiClient({
    baseUrl: 'http://missiva.test/api',
    fetch: async (request) => {
      requests.push(request);
      return answer(request);
    },
    middleware: [
      createTransportMiddleware((e) => events.push(e)),
      createHeadersMiddleware({ getLanguage: () => 'it', getToken: () => options.token ?? null }),
      createTimeoutMiddleware(options.timeoutMs),
    ],
  });
  return { client, events, requests };
}

describe('API client', () => {
  it('sends credentials, JSON accept and content type, Accept-Language and the bearer token', async () => {
    const { client, requests } = harness(
      () =>
        json(200, {
          twoFactorRequired: true,
          token: null,
          expiresAt: null,
          refreshExpiresAt: null,
          cookieDomain: null,
        }),
      { token: 'abc' },
    );
    await client.POST('/users/login', { body: { email: 'ada@example.com', password: 'secret' } });
    const [request] = requests;
    expect(request?.credentials).toBe('include');
    expect(request?.headers.get('accept')).toBe('application/json');
    expect(request?.headers.get('content-type')).toBe('application/json');
    expect(request?.headers.get('accept-language')).toBe('it');
    expect(request?.headers.get('authorization')).toBe('Bearer abc');
  });

  it('sends no bearer when logged out and no content type without a body', async () => {
    const { client, requests } = harness(() => new Response(null, { status: 204 }));
    await client.POST('/users/logout');
    expect(requests[0]?.headers.has('authorization')).toBe(false);
    expect(requests[0]?.headers.has('content-type')).toBe(false);
  });

  it('serialises arrays with brackets and nested objects with dotted keys', () => {
    expect(serializeQuery({ ids: [1, 2], filter: { name: 'a b', tags: ['x'] }, page: 2, empty: undefined })).toBe(
      'ids[]=1&ids[]=2&filter.name=a%20b&filter.tags[]=x&page=2',
    );
  });

  it('uses that serialiser on real requests', async () => {
    const { client, requests } = harness(() => json(200, []));
    await client.GET('/outbox', { params: { query: { page: 2, perPage: 10, status: 'sent' } } });
    expect(new URL(requests[0]!.url).search).toBe('?page=2&perPage=10&status=sent');
  });

  it('exposes the JSON Pagination header', async () => {
    const { client } = harness(() =>
      json(200, [], { Pagination: JSON.stringify({ page: 1, perPage: 50, total: 120, pages: 3 }) }),
    );
    const { response } = await client.GET('/outbox');
    expect(readPagination(response)).toEqual({ page: 1, perPage: 50, total: 120, pages: 3 });
    expect(readPagination(new Response(null, { headers: { Pagination: 'nope' } }))).toBeNull();
  });

  it('unwraps the data of a 2xx and throws every other answer as an ApiError with its status and code', async () => {
    const settings = { categories: [], digest: false };
    expect(unwrap(await harness(() => json(200, settings)).client.GET('/account/notifications'))).toEqual(settings);
    const loggedOut = await harness(() => new Response(null, { status: 204 })).client.POST('/users/logout');
    expect(unwrap(loggedOut)).toBeUndefined();
    const failed = harness(() => json(500, { code: 'server_error', message: 'Please contact the support team.' }));
    const error = await failed.client
      .GET('/users/me')
      .then(unwrap)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 500, code: 'server_error' });
    const bare = await harness(() => new Response(null, { status: 404 }))
      .client.GET('/users/me')
      .then(unwrap)
      .catch((e: unknown) => e);
    expect(bare).toMatchObject({ name: 'ApiError', status: 404, code: null });
  });

  it('exposes 422 field errors per field, first message first', () => {
    expect(
      firstFieldErrors({
        code: 'validation_error',
        message: 'x',
        errors: { email: ['taken', 'other'], password: ['short'] },
      }),
    ).toEqual({
      email: 'taken',
      password: 'short',
    });
    expect(firstFieldErrors('not json')).toEqual({});
  });

  it('emits started/finished around every request and a failure event for every status ≥ 400', async () => {
    const { client, events } = harness(() =>
      json(500, { code: 'server_error', message: 'Please contact the support team.' }),
    );
    await client.GET('/users/me');
    expect(events.map((e) => e.type)).toEqual(['api.requestStarted', 'api.requestFinished', 'api.failed']);
    expect(events[2]).toMatchObject({ status: 500, code: 'server_error', path: '/users/me' });
  });

  it('emits unauthorized only for a 401 on an authenticated request', async () => {
    const anonymous = harness(() =>
      json(401, { code: 'invalid_credentials', message: 'Invalid login, please check and try again.' }),
    );
    await anonymous.client.POST('/users/login', { body: { email: 'ada@example.com', password: 'wrong' } });
    expect(anonymous.events.some((e) => e.type === 'api.unauthorized')).toBe(false);
    const authed = harness(() => json(401, { code: 'token_expired', message: 'x' }), { token: 'abc' });
    await authed.client.GET('/users/me');
    expect(authed.events.find((e) => e.type === 'api.unauthorized')).toMatchObject({ code: 'token_expired' });
  });

  it('times out, rejecting with RequestTimeoutError and emitting api.timedOut', async () => {
    const { client, events } = harness(
      (request) =>
        new Promise<Response>((_, reject) => {
          request.signal.addEventListener('abort', () => reject(request.signal.reason));
        }),
      { timeoutMs: 20 },
    );
    await expect(client.GET('/users/me')).rejects.toBeInstanceOf(RequestTimeoutError);
    expect(events.map((e) => e.type)).toEqual(['api.requestStarted', 'api.requestFinished', 'api.timedOut']);
  });
});
