import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, paths } from '../../shared/contract/schema';

export type ApiClient = Client<paths>;
export type ApiErrorBody = components['schemas']['Error'];
export type Pagination = components['schemas']['Pagination'];

export interface ApiClientOptions {
  baseUrl: string;
  fetch?: (input: Request) => Promise<Response>;
  middleware?: Middleware[];
}

/** A failure the caller did not expect (5xx, an undocumented status): actors throw it, machines route it to onError. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
  ) {
    super(`API request failed with ${status}${code ? ` (${code})` : ''}`);
    this.name = 'ApiError';
  }
}

export class RequestTimeoutError extends Error {
  constructor(readonly path: string) {
    super(`Request to ${path} timed out`);
    this.name = 'RequestTimeoutError';
  }
}

/** What every openapi-fetch call resolves to: the data of a 2xx, or the error body, with the response. */
export interface FetchResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The failure a result carries, as a typed ApiError (status and the contract's error code). */
export function apiError(result: Pick<FetchResult<unknown>, 'error' | 'response'>): ApiError {
  return new ApiError(result.response.status, errorCode(result.error));
}

/**
 * The data of a successful answer (undefined for a 204); any other answer is thrown as an ApiError. Actors check the
 * statuses they expect (a 422, a 409) first and unwrap the rest, so every unexpected answer fails the same way.
 */
export function unwrap<T>(result: FetchResult<T>): T {
  if (result.response.ok && result.error === undefined) return result.data as T;
  throw apiError(result);
}

function serializeValue(value: unknown): string {
  return encodeURIComponent(value instanceof Date ? value.toISOString() : String(value));
}

function serializeEntry(key: string, value: unknown, out: string[]): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) if (item !== undefined && item !== null) out.push(`${key}[]=${serializeValue(item)}`);
    return;
  }
  if (typeof value === 'object' && !(value instanceof Date)) {
    for (const [sub, subValue] of Object.entries(value)) serializeEntry(`${key}.${sub}`, subValue, out);
    return;
  }
  out.push(`${key}=${serializeValue(value)}`);
}

/**
 * Query strings with bracket notation for arrays (`ids[]=1&ids[]=2`) and dotted keys for nested objects (`a.b=1`), as
 * the product spec asks. Kept by hand: openapi-fetch 0.17's `querySerializer` options produce `ids=1` or `a[b]=1` only.
 */
export function serializeQuery(query: Record<string, unknown>): string {
  const out: string[] = [];
  for (const [key, value] of Object.entries(query)) serializeEntry(encodeURIComponent(key), value, out);
  return out.join('&');
}

export function createApiClient({ baseUrl, fetch, middleware = [] }: ApiClientOptions): ApiClient {
  const client = createClient<paths>({
    baseUrl,
    ...(fetch ? { fetch } : {}),
    credentials: 'include',
    headers: { Accept: 'application/json' },
    querySerializer: serializeQuery,
  });
  if (middleware.length) client.use(...middleware);
  return client;
}

/** The JSON `Pagination` response header, or null when absent or malformed. */
export function readPagination(response: Response): Pagination | null {
  const raw = response.headers.get('Pagination');
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Pagination>;
    const { page, perPage, total, pages } = value;
    if ([page, perPage, total, pages].every((n) => typeof n === 'number')) return value as Pagination;
    return null;
  } catch {
    return null;
  }
}

/** A 422's field errors, one message per field: the first, which is the one shown. */
export function firstFieldErrors(error: unknown): Record<string, string> {
  const errors = (error as Partial<ApiErrorBody> | undefined)?.errors;
  const out: Record<string, string> = {};
  if (!errors || typeof errors !== 'object') return out;
  for (const [field, messages] of Object.entries(errors)) {
    const first = Array.isArray(messages) ? messages[0] : undefined;
    if (typeof first === 'string') out[field] = first;
  }
  return out;
}

export function errorCode(error: unknown): string | null {
  const code = (error as Partial<ApiErrorBody> | undefined)?.code;
  return typeof code === 'string' ? code : null;
}
