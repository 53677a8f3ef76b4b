import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { USERFLOW_LIMITS } from '../../../shared/userflow.ts';
import { createPool } from '../../../server/db/pool.ts';
import { forJob } from '../../../server/services/scope.ts';
import { openConnector } from '../../../server/services/userflow/connectors/index.ts';
import { ConnectorError } from '../../../server/services/userflow/connectors/types.ts';
import { createTestEnv, type TestEnv } from '../helpers.ts';
import { forwardPostgres } from './peers.ts';
import { signIn, type Caller } from '../contacts/fixtures.ts';

/**
 * A second database of the embedded server stands for the customer's: a table of 12,345 customers, read by a role
 * of its own with a password. The test server listens on a Unix socket only, so a loopback TCP port forwards to it
 * (the connector speaks TCP, as to any customer's server; the password is checked by scram-sha-256 as usual).
 */
let env: TestEnv;
let forward: { port: number; close(): void };
let port = 0;
let a: Caller;
let b: Caller;
const database = `uf_src_${randomBytes(4).toString('hex')}`;
const admin = new URL(inject('pgAdminUrl'));
const reader = { user: `uf_reader_${randomBytes(3).toString('hex')}`, password: 'reader-secret' };
const COUNT = 12_345;

beforeAll(async () => {
  forward = await forwardPostgres(admin.toString());
  port = forward.port;
  env = await createTestEnv({ webhookAllowPrivate: true });
  a = await signIn(env, 'Alpha');
  b = await signIn(env, 'Beta');
  const root = createPool(admin.toString(), 1, { system: true });
  await root.query(`create database ${database}`);
  await root.query(`create role ${reader.user} login password '${reader.password}'`);
  await root.end();
  const url = new URL(admin.toString());
  url.pathname = `/${database}`;
  const db = createPool(url.toString(), 1, { system: true });
  await db.query(`create table customers (id serial primary key, email text, spend numeric, orders bigint,
    active boolean, signed timestamptz, meta jsonb)`);
  await db.query(
    `insert into customers (email, spend, orders, active, signed, meta)
     select 'c' || i || '@example.org', (i % 100) + 0.5, i % 7, i % 3 = 0,
            timestamptz '2025-01-01' + make_interval(days => i % 365), jsonb_build_object('n', i)
     from generate_series(1, ${COUNT}) i`,
  );
  await db.query(`grant select on customers to ${reader.user}`);
  await db.end();
});
afterAll(async () => {
  await env.close();
  forward.close();
  const root = createPool(admin.toString(), 1, { system: true });
  await root.query(`drop database if exists ${database} with (force)`);
  await root.query(`drop role if exists ${reader.user}`);
  await root.end();
});

const config = (extra: Record<string, unknown>) => ({
  host: '127.0.0.1',
  port,
  database,
  user: reader.user,
  ...extra,
});

async function modelWith(caller: Caller, source: unknown): Promise<number> {
  const id = (await caller.call('POST', '/userflow/models', { name: 'Warehouse', predictionType: 'value' })).body.id;
  const saved = await caller.call('PATCH', `/userflow/models/${id}`, { source });
  if (saved.status !== 200) throw new Error(`source: ${saved.status} ${JSON.stringify(saved.body)}`);
  return id;
}

const tableSource = () => ({
  kind: 'postgres' as const,
  config: config({ table: 'public.customers' }),
  secrets: { password: reader.password },
});

describe('UserFlow PostgreSQL source', () => {
  it('reads a table: test, typed schema, preview, and pages of pageRows through the interface', async () => {
    const id = await modelWith(a, tableSource());
    expect((await a.call('POST', `/userflow/models/${id}/source/test`)).body).toEqual({
      ok: true,
      rows: USERFLOW_LIMITS.pageRows,
      error: null,
    });
    const schema = await a.call('GET', `/userflow/models/${id}/source/schema`);
    const types = Object.fromEntries(schema.body.columns.map((c: { name: string; type: string }) => [c.name, c.type]));
    expect(types).toEqual({
      id: 'numeric',
      email: 'categorical',
      spend: 'numeric',
      orders: 'numeric',
      active: 'boolean',
      signed: 'date',
      meta: 'categorical',
    });
    expect(schema.body.suggested).toEqual({ identityColumn: 'email', matchKind: 'email', timeColumn: 'signed' });
    const preview = await a.call('GET', `/userflow/models/${id}/source/preview`);
    expect(preview.body.rows).toHaveLength(20);
    expect(preview.body.rows[0]).toEqual([1, 'c1@example.org', 1.5, 1, false, '2025-01-02T00:00:00.000Z', '{"n":1}']);

    const settings = { kind: 'postgres' as const, config: tableSource().config, secrets: tableSource().secrets };
    const connector = await openConnector(forJob(env.ctx, a.companyId), id, settings);
    const sizes: number[] = [];
    for await (const page of connector.rows()) sizes.push(page.length);
    await connector.close();
    expect(sizes).toEqual([5_000, 5_000, COUNT - 10_000]);
  });

  it('runs a SELECT, and refuses any query that would change data', async () => {
    const id = await modelWith(a, {
      ...tableSource(),
      config: config({ query: 'select email, spend * 2 as doubled from customers where id <= 30 order by id;' }),
    });
    const preview = await a.call('GET', `/userflow/models/${id}/source/preview`);
    expect(preview.body.columns).toEqual(['email', 'doubled']);
    expect(preview.body.rows[2]).toEqual(['c3@example.org', 7]);

    for (const query of [
      'delete from customers returning *',
      'select 1; drop table customers',
      'with gone as (delete from customers returning id) select * from gone',
      'commit; drop table customers',
    ]) {
      await a.call('PATCH', `/userflow/models/${id}`, { source: { ...tableSource(), config: config({ query }) } });
      const refused = await a.call('GET', `/userflow/models/${id}/source/preview`);
      expect(refused.status, query).toBe(422);
      expect(refused.body.code, query).toBe('query_refused');
    }
    await a.call('PATCH', `/userflow/models/${id}`, { source: tableSource() });
    expect((await a.call('POST', `/userflow/models/${id}/source/test`)).body.ok).toBe(true);
  });

  it('names what went wrong: credentials, database, a peer that is down, a private address', async () => {
    const wrong = await modelWith(a, { ...tableSource(), secrets: { password: 'not-it' } });
    expect((await a.call('POST', `/userflow/models/${wrong}/source/test`)).body.error).toMatchObject({
      code: 'peer_auth',
      message: 'The data source refused the credentials.',
    });
    const noDb = await modelWith(a, { ...tableSource(), config: { ...tableSource().config, database: 'nope_db' } });
    expect((await a.call('POST', `/userflow/models/${noDb}/source/test`)).body.error.code).toBe('source_invalid');
    const down = await modelWith(a, { ...tableSource(), config: { ...tableSource().config, port: 1 } });
    const answer = await a.call('POST', `/userflow/models/${down}/source/test`);
    expect(answer.body.error).toMatchObject({ code: 'peer_unreachable', detail: 'Connection refused' });
    const missing = await modelWith(a, { ...tableSource(), config: config({ table: 'no_such_table' }) });
    expect((await a.call('GET', `/userflow/models/${missing}/source/schema`)).body.code).toBe('query_refused');

    // Without WEBHOOK_ALLOW_PRIVATE a database on this host's network is refused before any connection.
    const guarded = forJob({ ...env.ctx, config: { ...env.ctx.config, webhookAllowPrivate: false } }, a.companyId);
    const connector = await openConnector(guarded, wrong, {
      kind: 'postgres',
      config: tableSource().config,
      secrets: tableSource().secrets,
    });
    const failure = await connector.test().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ConnectorError);
    expect((failure as ConnectorError).code).toBe('peer_blocked');
    await connector.close();
  });

  it("answers 404 for another company's PostgreSQL model", async () => {
    const theirs = await modelWith(b, tableSource());
    expect((await a.call('POST', `/userflow/models/${theirs}/source/test`)).status).toBe(404);
    expect((await a.call('GET', `/userflow/models/${theirs}/source/preview`)).status).toBe(404);
  });
});
