/**
 * The GA4 source (issue 24 §2): a Google Analytics 4 report of the property's dimensions and metrics over the last
 * `days` days, one row per dimension combination (the first dimension is the identity, e.g. a user id or an email
 * custom dimension), metrics as numbers, read in pages with `offset`/`limit`. It goes through `@google-analytics/data`
 * in its REST mode (`fallback: true`), pointed at GA4_API_ENDPOINT, with an auth client of our own whose `fetch`
 * sends every request through the outgoing guard (http.ts) and whose token comes from the service-account JWT flow.
 */
import { createSign } from 'node:crypto';
import type { components } from '../../../../shared/contract/schema.d.ts';
import { jsonClient, type JsonClient } from './http.ts';
import { pagedConnector } from './paged.ts';
import { ConnectorError, type ConnectorOpener, type SourceRow } from './types.ts';

type Ga4Config = components['schemas']['UserflowGa4Config'];

/** The read-only scope of the Data API; GA4 asks for nothing more to run a report. */
const SCOPE = 'https://www.googleapis.com/auth/analytics.readonly';
/** Rows per runReport request (GA4 allows up to 250,000; smaller pages keep answers under maxAnswerBytes). */
const PAGE_ROWS = 10_000;
/** Requests one read may make, whatever the property answers. */
const MAX_REQUESTS = 1_000;
/** A token is renewed this long before Google says it expires. */
const TOKEN_MARGIN_MS = 60_000;

interface ServiceAccount {
  clientEmail: string;
  privateKey: string;
  tokenUri: string;
}

/** The fields of the service-account JSON the JWT flow needs, or `source_invalid` naming what is missing. */
export function serviceAccount(json: string | undefined): ServiceAccount {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json ?? '');
  } catch {
    throw new ConnectorError('source_invalid', 'The service account key is not JSON');
  }
  const field = (name: string) => {
    const value = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>)[name] : undefined;
    if (typeof value !== 'string' || !value) {
      throw new ConnectorError('source_invalid', `The service account key has no "${name}"`);
    }
    return value;
  };
  return { clientEmail: field('client_email'), privateKey: field('private_key'), tokenUri: field('token_uri') };
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** The signed assertion of RFC 7523 that Google's token endpoint trades for an access token (RS256). */
export function signedAssertion(account: ServiceAccount, now = Date.now()): string {
  const iat = Math.floor(now / 1000);
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const claims = base64url(
    JSON.stringify({ iss: account.clientEmail, scope: SCOPE, aud: account.tokenUri, iat, exp: iat + 3600 }),
  );
  let signature: Buffer;
  try {
    signature = createSign('RSA-SHA256').update(`${header}.${claims}`).sign(account.privateKey);
  } catch {
    throw new ConnectorError('source_invalid', 'The service account key has no usable private key');
  }
  return `${header}.${claims}.${base64url(signature)}`;
}

/** Bearer tokens for one connector, fetched once and renewed before they expire. */
function tokens(account: ServiceAccount, http: JsonClient) {
  let current: { value: string; expires: number } | null = null;
  return async (signal?: AbortSignal): Promise<string> => {
    if (current && current.expires > Date.now()) return current.value;
    let answer: unknown;
    try {
      answer = await http.json(account.tokenUri, {
        method: 'POST',
        signal,
        form: { grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: signedAssertion(account) },
      });
    } catch (error) {
      // The token endpoint refuses a revoked key or an unknown account with 400 invalid_grant.
      if (
        error instanceof ConnectorError &&
        error.code === 'peer_http_error' &&
        /status 400/.test(error.detail ?? '')
      ) {
        throw new ConnectorError('peer_auth', error.detail);
      }
      throw error;
    }
    const token = (answer as { access_token?: unknown }).access_token;
    const seconds = Number((answer as { expires_in?: unknown }).expires_in ?? 3600);
    if (typeof token !== 'string' || !token) {
      throw new ConnectorError('peer_bad_answer', 'The token endpoint answered no access_token');
    }
    current = { value: token, expires: Date.now() + seconds * 1000 - TOKEN_MARGIN_MS };
    return token;
  };
}

/**
 * The auth client google-gax's REST transport calls (it only needs `getRequestHeaders` and `fetch`): requests go
 * through the outgoing guard instead of gaxios, so GA4 obeys the same private-address and https rules as webhooks,
 * and a refusal, an unreachable host or a non-JSON answer becomes the UserFlow error a person reads.
 */
function guardedAuth(bearer: (signal?: AbortSignal) => Promise<string>, http: JsonClient) {
  return {
    async getRequestHeaders() {
      return new Headers({ authorization: `Bearer ${await bearer()}` });
    },
    async fetch(url: string, init: { method?: string; body?: string | Buffer; signal?: AbortSignal }) {
      const signal = init.signal;
      const text = init.body === undefined ? undefined : init.body.toString();
      const answer = await http.json(url, {
        method: init.method === 'GET' ? 'GET' : 'POST',
        headers: { authorization: `Bearer ${await bearer(signal)}` },
        body: text ? (JSON.parse(text) as unknown) : undefined,
        signal,
      });
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
    },
  };
}

/** The report's rows in the order of the config's dimensions then metrics; metric values as numbers. */
export function reportRows(config: Ga4Config, answer: unknown): SourceRow[] {
  const rows = (answer as { rows?: unknown } | null)?.rows ?? [];
  if (!Array.isArray(rows)) throw new ConnectorError('peer_bad_answer', 'The report has no list of rows');
  return rows.map((row: { dimensionValues?: { value?: unknown }[]; metricValues?: { value?: unknown }[] }) => {
    const dims = row?.dimensionValues;
    const values = row?.metricValues;
    if (!Array.isArray(dims) || !Array.isArray(values)) {
      throw new ConnectorError('peer_bad_answer', 'A report row has no dimension or metric values');
    }
    const out: SourceRow = {};
    config.dimensions.forEach((name, i) => {
      const value = dims[i]?.value;
      out[name] = typeof value === 'string' && value !== '(not set)' ? value : null;
    });
    config.metrics.forEach((name, i) => {
      const value = Number(values[i]?.value);
      out[name] = values[i]?.value === undefined || !Number.isFinite(value) ? null : value;
    });
    return out;
  });
}

/** Errors out of google-gax that are not ours (a proto it cannot decode) mean the answer was not a report. */
function asConnectorError(error: unknown): ConnectorError {
  if (error instanceof ConnectorError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new ConnectorError('peer_bad_answer', message.replace(/\s+/g, ' ').slice(0, 200));
}

export const openGa4: ConnectorOpener = async (scope, _modelId, settings) => {
  const config = settings.config as unknown as Ga4Config;
  const account = serviceAccount(settings.secrets.serviceAccountJson);
  const endpoint = new URL(scope.config.ga4ApiEndpoint);
  const http = jsonClient(scope.config);
  const bearer = tokens(account, http);
  // Loaded on first use: the package and google-gax take ~180 ms and tens of MB that only GA4 sources need.
  const { v1beta } = await import('@google-analytics/data');
  const client = new v1beta.BetaAnalyticsDataClient({
    fallback: true,
    apiEndpoint: endpoint.hostname,
    port: Number(endpoint.port) || (endpoint.protocol === 'http:' ? 80 : 443),
    protocol: endpoint.protocol.replace(':', ''),
    authClient: guardedAuth(bearer, http) as never,
  });
  return pagedConnector({
    async *pages(signal, wanted) {
      for (let offset = 0, requests = 0; requests < MAX_REQUESTS && offset < wanted; requests++) {
        // A connection test asks GA4 for one row, a preview for its 20: a report's quota cost grows with its rows.
        const limit = Math.min(PAGE_ROWS, wanted - offset);
        if (signal?.aborted) throw new ConnectorError('peer_timeout');
        let answer: unknown;
        try {
          [answer] = await client.runReport({
            property: `properties/${config.propertyId}`,
            dimensions: config.dimensions.map((name) => ({ name })),
            metrics: config.metrics.map((name) => ({ name })),
            dateRanges: [{ startDate: `${config.days}daysAgo`, endDate: 'today' }],
            offset,
            limit,
          });
        } catch (error) {
          throw asConnectorError(error);
        }
        const rows = reportRows(config, answer);
        if (rows.length) yield rows;
        const total = Number((answer as { rowCount?: unknown }).rowCount);
        if (rows.length < limit || (Number.isFinite(total) && offset + rows.length >= total)) return;
        offset += rows.length;
      }
    },
    columns: async () => [...config.dimensions, ...config.metrics],
    async close() {
      await client.close().catch(() => undefined);
      await http.close();
    },
  });
};
