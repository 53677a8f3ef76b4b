/**
 * The REST source (issue 24 §2): a JSON API the customer names — its URL, how it authenticates (none, a bearer token,
 * a header of their choice, or basic), the dotted path to the rows in its answer, and how it pages (not at all, by a
 * page number, or by a cursor the answer names). Requests go through the outgoing guard (http.ts). When the settings
 * name a "since" query parameter, the source also reads changes: the same pages with that parameter set to the time
 * of the previous read (an ISO 8601 instant), which the API answers with the records changed since.
 */
import type { components } from '../../../../shared/contract/schema.d.ts';
import { arrayAt, atPath, jsonClient } from './http.ts';
import type { ConnectorOpener } from './types.ts';
import { pagedConnector } from './paged.ts';
import { USERFLOW_LIMITS } from '../../../../shared/userflow.ts';
import { ConnectorError, type ChangedRows, type Connector, type ReadOptions, type SourceRow } from './types.ts';
import { flatRow } from './values.ts';

type RestConfig = components['schemas']['UserflowRestConfig'];

/** Requests one source run may make, whatever the peer answers (a peer that pages forever stops here). */
const MAX_REQUESTS = 10_000;

export function authHeaders(config: RestConfig, secrets: Record<string, string>): Record<string, string> {
  const value = secrets.authValue ?? '';
  switch (config.authType) {
    case 'bearer':
      return { authorization: `Bearer ${value}` };
    case 'header':
      if (!config.authHeaderName) throw new ConnectorError('source_invalid', 'Name the header that carries the key.');
      return { [config.authHeaderName]: value };
    case 'basic': {
      const pair = `${config.username ?? ''}:${secrets.password ?? ''}`;
      return { authorization: `Basic ${Buffer.from(pair).toString('base64')}` };
    }
    default:
      return {};
  }
}

/** The records of one answer as rows; a record that is not an object is a bad answer. */
export function rowsOf(records: unknown[]): SourceRow[] {
  return records.map((record, i) => {
    const row = flatRow(record);
    if (!row) throw new ConnectorError('peer_bad_answer', `Row ${i + 1} is not an object`);
    return row;
  });
}

export const openRest: ConnectorOpener = async (scope, _modelId, settings) => {
  const config = settings.config as unknown as RestConfig;
  const headers = authHeaders(config, settings.secrets);
  const client = jsonClient(scope.config);
  const paging = config.pagination;
  const urlWith = (params: Record<string, string>) => {
    const url = new URL(config.url);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    return url.toString();
  };
  /** Every page of the source; `extra` adds query parameters to each request (the "since" one). */
  async function* pages(signal: AbortSignal | undefined, extra: Record<string, string> = {}) {
    const fixed: Record<string, string> = {
      ...extra,
      ...(paging.perPageParam && paging.perPage ? { [paging.perPageParam]: String(paging.perPage) } : {}),
    };
    if (paging.type === 'none') {
      const url = Object.keys(extra).length ? urlWith(extra) : config.url;
      yield rowsOf(arrayAt(await client.json(url, { headers, signal }), config.rowsPath));
      return;
    }
    let page = 1;
    let cursor: string | null = null;
    const seen = new Set<string>();
    for (let requests = 0; requests < MAX_REQUESTS; requests++) {
      const params: Record<string, string> =
        paging.type === 'page'
          ? { ...fixed, [paging.pageParam ?? 'page']: String(page) }
          : { ...fixed, ...(cursor === null ? {} : { [paging.cursorParam ?? 'cursor']: cursor }) };
      const answer = await client.json(urlWith(params), { headers, signal });
      const rows = rowsOf(arrayAt(answer, config.rowsPath));
      if (rows.length) yield rows;
      if (paging.type === 'page') {
        if (!rows.length || (paging.perPage && rows.length < paging.perPage)) return;
        page += 1;
      } else {
        const next = atPath(answer, paging.cursorPath ?? 'next_cursor');
        if (next === null || next === undefined || next === '' || !rows.length) return;
        cursor = String(next);
        // A cursor seen before would page in a circle.
        if (seen.has(cursor)) throw new ConnectorError('peer_bad_answer', 'The next cursor repeats an earlier one');
        seen.add(cursor);
      }
    }
    throw new ConnectorError('peer_bad_answer', `More than ${MAX_REQUESTS} pages`);
  }
  const connector = pagedConnector({ pages: (signal) => pages(signal), close: () => client.close() });
  const sinceParam = config.sinceParam;
  if (!sinceParam) return connector;
  const withChanges: Connector = {
    ...connector,
    /**
     * The records the API answers for "changed since the cursor", every page of them; the next cursor is the time
     * this read began (taken before the first request, so a record changed during the read is read again next time).
     * A null cursor answers the time only; more records than `limit` answer a null cursor (read all instead).
     */
    async changesSince(cursor: string | null, options: ReadOptions = {}): Promise<ChangedRows> {
      const began = new Date().toISOString();
      if (cursor === null) return { rows: [], cursor: began };
      const limit = Math.min(options.limit ?? USERFLOW_LIMITS.maxScoringRows, USERFLOW_LIMITS.maxScoringRows);
      const rows: SourceRow[] = [];
      for await (const page of pages(options.signal, { [sinceParam]: cursor })) {
        rows.push(...page);
        if (rows.length > limit) return { rows: [], cursor: null };
      }
      return { rows, cursor: began };
    },
  };
  return withChanges;
};
