import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forJob } from '../../../server/services/scope.ts';
import { openConnector } from '../../../server/services/userflow/connectors/index.ts';
import { createTestEnv, type TestEnv } from '../helpers.ts';
import { MARIADB_MISSING, mariaDbPresent, startMariaDb, type MariaDb } from './peers.ts';
import { signIn, type Caller } from '../contacts/fixtures.ts';

/**
 * A real MariaDB server (Debian's mariadbd, started here on a private data folder and port 3341) stands for the
 * customer's MySQL: a table of 12,345 customers read by a user of its own. Without mariadbd (apt-get install
 * mariadb-server; .ci/run installs it) these tests are skipped and say why.
 */
const PORT = 3341;
const present = mariaDbPresent;
if (!present) console.warn(`MySQL source tests skipped: ${MARIADB_MISSING}`);

let env: TestEnv;
let a: Caller;
let b: Caller;
let maria: MariaDb | undefined;
const COUNT = 12_345;
const reader = { user: 'uf_reader', password: 'reader-secret' };

beforeAll(async () => {
  if (!present) return;
  maria = await startMariaDb(PORT);
  const { root } = maria;
  await root.query(`create database shop;
    create table shop.customers (id int primary key auto_increment, email varchar(200), spend decimal(10,2),
      orders bigint, active boolean, signed datetime, note text);
    create user '${reader.user}'@'%' identified by '${reader.password}';
    grant select on shop.* to '${reader.user}'@'%';`);
  await root.query('set session max_recursive_iterations = 100000');
  await root.query(`insert into shop.customers (email, spend, orders, active, signed, note)
    with recursive n(i) as (select 1 union all select i + 1 from n where i < ${COUNT})
    select concat('m', i, '@example.org'), (i % 100) + 0.5, i % 7, i % 3 = 0,
      timestamp('2025-01-01') + interval (i % 365) day, null from n`);
  env = await createTestEnv({ webhookAllowPrivate: true });
  a = await signIn(env, 'Alpha');
  b = await signIn(env, 'Beta');
}, 120_000);

afterAll(async () => {
  await env?.close();
  await maria?.stop();
});

const source = (extra: Record<string, unknown> = { table: 'customers' }, password = reader.password) => ({
  kind: 'mysql' as const,
  config: { host: '127.0.0.1', port: PORT, database: 'shop', user: reader.user, ...extra },
  secrets: { password },
});

async function modelWith(caller: Caller, input: unknown): Promise<number> {
  const id = (await caller.call('POST', '/userflow/models', { name: 'Shop DB', predictionType: 'value' })).body.id;
  const saved = await caller.call('PATCH', `/userflow/models/${id}`, { source: input });
  if (saved.status !== 200) throw new Error(`source: ${saved.status} ${JSON.stringify(saved.body)}`);
  return id;
}

describe.skipIf(!present)('UserFlow MySQL source (MariaDB)', () => {
  it('reads a table: test, typed schema, preview, and pages of pageRows through the interface', async () => {
    const id = await modelWith(a, source());
    expect((await a.call('POST', `/userflow/models/${id}/source/test`)).body).toEqual({
      ok: true,
      rows: 5000,
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
      note: 'categorical',
    });
    const preview = await a.call('GET', `/userflow/models/${id}/source/preview`);
    expect(preview.body.rows[0]).toEqual([1, 'm1@example.org', 1.5, 1, 0, '2025-01-02T00:00:00.000Z', null]);

    const connector = await openConnector(forJob(env.ctx, a.companyId), id, source());
    const sizes: number[] = [];
    for await (const page of connector.rows()) sizes.push(page.length);
    await connector.close();
    expect(sizes).toEqual([5000, 5000, COUNT - 10_000]);
  });

  it('runs a SELECT, and refuses statements that write, change the schema or come two at a time', async () => {
    const id = await modelWith(
      a,
      source({ query: 'select email, spend * 2 as doubled from customers where id <= 3;' }),
    );
    const preview = await a.call('GET', `/userflow/models/${id}/source/preview`);
    expect(preview.body).toEqual({
      columns: ['email', 'doubled'],
      rows: [
        ['m1@example.org', 3],
        ['m2@example.org', 5],
        ['m3@example.org', 7],
      ],
    });
    for (const query of [
      'delete from customers',
      'drop table customers',
      'select 1; drop table customers',
      'update customers set spend = 0',
    ]) {
      await a.call('PATCH', `/userflow/models/${id}`, { source: source({ query }) });
      const refused = await a.call('GET', `/userflow/models/${id}/source/preview`);
      expect(refused.status, query).toBe(422);
      expect(refused.body.code, query).toBe('query_refused');
    }
    await a.call('PATCH', `/userflow/models/${id}`, { source: source() });
    expect((await a.call('POST', `/userflow/models/${id}/source/test`)).body.ok).toBe(true);
  });

  it('names what went wrong: credentials, database, a missing table, a peer that is down', async () => {
    const cases: [ReturnType<typeof source>, string][] = [
      [source({ table: 'customers' }, 'wrong'), 'peer_auth'],
      [{ ...source(), config: { ...source().config, database: 'nope' } }, 'peer_auth'],
      [source({ table: 'no_such_table' }), 'query_refused'],
      [{ ...source(), config: { ...source().config, port: 1 } }, 'peer_unreachable'],
    ];
    for (const [input, code] of cases) {
      const id = await modelWith(a, input);
      const answer = (await a.call('POST', `/userflow/models/${id}/source/test`)).body;
      expect(answer.error?.code, JSON.stringify(input.config)).toBe(code);
    }
  });

  it("answers 404 for another company's MySQL model", async () => {
    const theirs = await modelWith(b, source());
    expect((await a.call('GET', `/userflow/models/${theirs}/source/schema`)).status).toBe(404);
  });
});
