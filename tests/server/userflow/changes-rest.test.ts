import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forJob } from '../../../server/services/scope.ts';
import { openConnector, readsChanges } from '../../../server/services/userflow/connectors/index.ts';
import { createTestEnv, type TestEnv } from '../helpers.ts';
import { signIn } from '../contacts/fixtures.ts';

/**
 * "Changes since a cursor" on a REST source (issue 24 §2): a JSON API on loopback whose `/customers` pages 50 records
 * by page/per_page and, given `updated_since` (an ISO instant), answers only the records updated after it.
 */
let env: TestEnv;
let server: http.Server;
let base = '';
let companyId = '';
const asked: Array<string | null> = [];
const CUSTOMERS = Array.from({ length: 120 }, (_, i) => ({ email: `r${i}@example.org`, orders: i % 9, updated: 0 }));

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    const since = url.searchParams.get('updated_since');
    asked.push(since);
    const after = since === null ? -Infinity : Date.parse(since);
    const page = Number(url.searchParams.get('page'));
    const per = Number(url.searchParams.get('per_page'));
    const items = CUSTOMERS.filter((c) => c.updated > after).slice((page - 1) * per, page * per);
    res.writeHead(Number.isNaN(after) ? 400 : 200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ items }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  env = await createTestEnv({ webhookAllowPrivate: true, webhookAllowHttp: true });
  companyId = (await signIn(env, 'Alpha')).companyId;
});
afterAll(async () => {
  server.closeAllConnections();
  server.close();
  await env.close();
});

const settings = (sinceParam?: string) => ({
  kind: 'rest' as const,
  config: {
    url: `${base}/customers`,
    authType: 'none',
    rowsPath: 'items',
    pagination: { type: 'page', pageParam: 'page', perPageParam: 'per_page', perPage: 50 },
    ...(sinceParam ? { sinceParam } : {}),
  },
  secrets: {},
});

describe('UserFlow REST changes since a cursor', () => {
  it('asks the API for the records changed since the previous read, every page of them', async () => {
    expect(readsChanges(settings('updated_since'))).toBe(true);
    expect(readsChanges(settings())).toBe(false);
    expect((await openConnector(forJob(env.ctx, companyId), 0, settings())).changesSince).toBeUndefined();

    const connector = await openConnector(forJob(env.ctx, companyId), 0, settings('updated_since'));
    try {
      // The first read names the time only; nothing is asked of the API.
      const start = await connector.changesSince!(null);
      expect(start.rows).toEqual([]);
      expect(Date.parse(start.cursor!)).toBeLessThanOrEqual(Date.now());
      expect(asked).toEqual([]);

      // 60 records change after it: two pages of 50 and 10, each request carrying the cursor.
      await new Promise((resolve) => setTimeout(resolve, 5));
      for (const c of CUSTOMERS.slice(30, 90)) c.updated = Date.now();
      const changed = await connector.changesSince!(start.cursor);
      expect(changed.rows.map((r) => r.email)).toEqual(CUSTOMERS.slice(30, 90).map((c) => c.email));
      expect(asked).toEqual([start.cursor, start.cursor]);
      expect(Date.parse(changed.cursor!)).toBeGreaterThanOrEqual(Date.parse(start.cursor!));

      // Nothing changed since: no rows, the cursor moves on; more changes than the limit: read everything instead.
      expect((await connector.changesSince!(changed.cursor)).rows).toEqual([]);
      expect(await connector.changesSince!(start.cursor, { limit: 10 })).toEqual({ rows: [], cursor: null });
      // A full read asks without the parameter.
      asked.length = 0;
      let rows = 0;
      for await (const page of connector.rows()) rows += page.length;
      expect(rows).toBe(CUSTOMERS.length);
      expect(asked.every((since) => since === null)).toBe(true);
    } finally {
      await connector.close();
    }
  });
});
