/**
 * The hosted providers' sources (issue 24 §2), each through its documented HTTP API and the outgoing guard
 * (http.ts): HubSpot's CRM contacts (GET /crm/v3/objects/contacts, `after` paging), Plausible's Stats API v2
 * (POST /api/v2/query, limit/offset pagination), Matomo's Live.getLastVisitsDetails (filter_limit/filter_offset) and
 * Brevo's contacts (GET /v3/contacts, limit/offset). A provider's base URL defaults to PROVIDER_BASE_URLS and may name
 * another host (a self-hosted Plausible or Matomo).
 */
import type { components } from '../../../../shared/contract/schema.d.ts';
import { PROVIDER_BASE_URLS } from '../../../../shared/userflow.ts';
import { arrayAt, atPath, jsonClient } from './http.ts';
import type { ConnectorOpener } from './types.ts';
import { pagedConnector } from './paged.ts';
import { rowsOf } from './rest.ts';
import { ConnectorError, type SourceRow } from './types.ts';
import { sourceValue } from './values.ts';

type Schemas = components['schemas'];
/** Requests one read may make, whatever the provider answers. */
const MAX_REQUESTS = 10_000;

const endpoint = (base: string, path: string) => `${base.replace(/\/+$/, '')}${path}`;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
/** The last `days` days up to today, as [from, to] dates. */
const window = (days: number): [string, string] => [
  isoDay(new Date(Date.now() - days * 86_400_000)),
  isoDay(new Date()),
];

export const openHubspot: ConnectorOpener = async (scope, _modelId, settings) => {
  const config = settings.config as unknown as Schemas['UserflowHubspotConfig'];
  const client = jsonClient(scope.config);
  const properties = [...new Set(['email', ...config.properties])];
  const headers = { authorization: `Bearer ${settings.secrets.accessToken ?? ''}` };
  return pagedConnector({
    async *pages(signal) {
      let after: string | null = null;
      for (let requests = 0; requests < MAX_REQUESTS; requests++) {
        const url = new URL(endpoint(config.baseUrl ?? PROVIDER_BASE_URLS.hubspot, '/crm/v3/objects/contacts'));
        url.searchParams.set('limit', '100');
        url.searchParams.set('properties', properties.join(','));
        if (after) url.searchParams.set('after', after);
        const answer = await client.json(url.toString(), { headers, signal });
        const rows = arrayAt(answer, 'results').map((record) => {
          const props = atPath(record, 'properties');
          if (!props || typeof props !== 'object')
            throw new ConnectorError('peer_bad_answer', 'A contact has no properties');
          const row: SourceRow = { id: sourceValue(atPath(record, 'id')) };
          for (const name of properties) row[name] = sourceValue((props as Record<string, unknown>)[name]);
          return row;
        });
        if (rows.length) yield rows;
        const next = atPath(answer, 'paging.next.after');
        if (next === undefined || next === null || next === '' || String(next) === after) return;
        after = String(next);
      }
    },
    columns: async () => ['id', ...properties],
    close: () => client.close(),
  });
};

export const openPlausible: ConnectorOpener = async (scope, _modelId, settings) => {
  const config = settings.config as unknown as Schemas['UserflowPlausibleConfig'];
  const client = jsonClient(scope.config);
  const headers = { authorization: `Bearer ${settings.secrets.apiKey ?? ''}` };
  const limit = 10_000;
  return pagedConnector({
    async *pages(signal) {
      for (let offset = 0, requests = 0; requests < MAX_REQUESTS; requests++, offset += limit) {
        const answer = await client.json(endpoint(config.baseUrl ?? PROVIDER_BASE_URLS.plausible, '/api/v2/query'), {
          method: 'POST',
          headers,
          signal,
          body: {
            site_id: config.siteId,
            metrics: config.metrics,
            dimensions: config.dimensions,
            date_range: window(config.days),
            pagination: { limit, offset },
          },
        });
        const rows = arrayAt(answer, 'results').map((result) => {
          const dims = atPath(result, 'dimensions');
          const values = atPath(result, 'metrics');
          if (!Array.isArray(dims) || !Array.isArray(values)) {
            throw new ConnectorError('peer_bad_answer', 'A result has no dimensions or metrics');
          }
          const row: SourceRow = {};
          config.dimensions.forEach((name, i) => (row[name] = sourceValue(dims[i])));
          config.metrics.forEach((name, i) => (row[name] = sourceValue(values[i])));
          return row;
        });
        if (rows.length) yield rows;
        if (rows.length < limit) return;
      }
    },
    columns: async () => [...config.dimensions, ...config.metrics],
    close: () => client.close(),
  });
};

/** The fields of a Matomo visit a model can use; the identity is `userId` (the id the site set, often the email). */
const MATOMO_FIELDS = [
  'userId',
  'visitorId',
  'serverDate',
  'visitCount',
  'actions',
  'visitDuration',
  'visitorType',
  'deviceType',
  'country',
  'referrerType',
  'goalConversions',
] as const;

export const openMatomo: ConnectorOpener = async (scope, _modelId, settings) => {
  const config = settings.config as unknown as Schemas['UserflowMatomoConfig'];
  const client = jsonClient(scope.config);
  const limit = 1_000;
  return pagedConnector({
    async *pages(signal) {
      for (let offset = 0, requests = 0; requests < MAX_REQUESTS; requests++, offset += limit) {
        const url = new URL(endpoint(config.baseUrl, '/index.php'));
        const params = {
          module: 'API',
          method: 'Live.getLastVisitsDetails',
          idSite: String(config.idSite),
          period: 'range',
          date: window(config.days).join(','),
          format: 'JSON',
          filter_limit: String(limit),
          filter_offset: String(offset),
          token_auth: settings.secrets.tokenAuth ?? 'anonymous',
        };
        for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
        const answer = await client.json(url.toString(), { signal });
        // Matomo answers its errors with status 200 and { result: 'error', message }.
        if (atPath(answer, 'result') === 'error') {
          const message = String(atPath(answer, 'message') ?? '').slice(0, 300);
          const auth = /token|access|permission|authenticat/i.test(message);
          throw new ConnectorError(auth ? 'peer_auth' : 'peer_http_error', message);
        }
        const rows = rowsOf(arrayAt(answer, '')).map((visit) =>
          Object.fromEntries(MATOMO_FIELDS.map((name) => [name, visit[name] ?? null])),
        );
        if (rows.length) yield rows;
        if (rows.length < limit) return;
      }
    },
    columns: async () => [...MATOMO_FIELDS],
    close: () => client.close(),
  });
};

export const openBrevo: ConnectorOpener = async (scope, _modelId, settings) => {
  const config = settings.config as unknown as Schemas['UserflowBrevoConfig'];
  const client = jsonClient(scope.config);
  const headers = { 'api-key': settings.secrets.apiKey ?? '' };
  const limit = 1_000;
  return pagedConnector({
    async *pages(signal) {
      for (let offset = 0, requests = 0; requests < MAX_REQUESTS; requests++, offset += limit) {
        const url = `${endpoint(config.baseUrl ?? PROVIDER_BASE_URLS.brevo, '/v3/contacts')}?limit=${limit}&offset=${offset}`;
        const answer = await client.json(url, { headers, signal });
        const rows = rowsOf(arrayAt(answer, 'contacts'));
        if (rows.length) yield rows;
        const total = Number(atPath(answer, 'count'));
        if (rows.length < limit || (Number.isFinite(total) && offset + rows.length >= total)) return;
      }
    },
    close: () => client.close(),
  });
};
