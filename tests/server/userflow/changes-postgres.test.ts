import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createPool, type Pool } from '../../../server/db/pool.ts';
import { forJob } from '../../../server/services/scope.ts';
import { openConnector } from '../../../server/services/userflow/connectors/index.ts';
import { runScoring } from '../../../server/services/userflow/scoring.ts';
import { loadSource } from '../../../server/services/userflow/sources.ts';
import { runTraining } from '../../../server/services/userflow/versions.ts';
import { createTestEnv, type TestEnv } from '../helpers.ts';
import { forwardPostgres } from './peers.ts';
import { signIn, type Caller } from '../contacts/fixtures.ts';

/**
 * "Changes since a cursor" on a PostgreSQL source (issue 24 §2): a second database of the embedded server stands for
 * the customer's, reached over a loopback TCP port as in sources-postgres.test.ts, with a table whose `changed`
 * column says when each row last changed. A realtime model on it scores only the changed rows at each poll.
 */
let env: TestEnv;
let forward: { port: number; close(): void };
let port = 0;
let a: Caller;
let b: Caller;
let customer: Pool;
const database = `uf_chg_${randomBytes(4).toString('hex')}`;
const admin = new URL(inject('pgAdminUrl'));
const reader = { user: `uf_chg_${randomBytes(3).toString('hex')}`, password: 'reader-secret' };

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
  customer = createPool(url.toString(), 1, { system: true });
  // Churn follows visits; each row changed one second after the previous one, the last (c299) newest.
  await customer.query(`create table customers (id int primary key, email text, visits int, churned text,
    changed timestamptz not null)`);
  await customer.query(
    `insert into customers select i, 'c' || i || '@example.org', (i * 7) % 20,
       case when (i * 7) % 20 < 8 then 'yes' else 'no' end, timestamptz '2025-01-01' + make_interval(secs => i)
     from generate_series(0, 299) i`,
  );
  await customer.query(`grant select on customers to ${reader.user}`);
});
afterAll(async () => {
  await env.close();
  await customer.end();
  forward.close();
  const root = createPool(admin.toString(), 1, { system: true });
  await root.query(`drop database if exists ${database} with (force)`);
  await root.query(`drop role if exists ${reader.user}`);
  await root.end();
});

const source = (changesColumn?: string) => ({
  kind: 'postgres' as const,
  config: { host: '127.0.0.1', port, database, user: reader.user, table: 'customers', changesColumn },
  secrets: { password: reader.password },
});

async function modelWith(caller: Caller, input: unknown): Promise<number> {
  const id = (await caller.call('POST', '/userflow/models', { name: 'Churn', predictionType: 'probability' })).body.id;
  const saved = await caller.call('PATCH', `/userflow/models/${id}`, { source: input });
  if (saved.status !== 200) throw new Error(`source: ${saved.status} ${JSON.stringify(saved.body)}`);
  return id;
}

async function open(id: number) {
  const scope = forJob(env.ctx, a.companyId);
  return openConnector(scope, id, (await loadSource(scope, id)).settings);
}

describe('UserFlow PostgreSQL changes since a cursor', () => {
  it('reads the newest value, then the rows at or past the cursor, by a timestamp or a number column', async () => {
    const id = await modelWith(a, source('changed'));
    const connector = await open(id);
    try {
      const start = await connector.changesSince!(null);
      expect(start).toEqual({ rows: [], cursor: '2025-01-01 00:04:59+00' });
      const since = await connector.changesSince!('2025-01-01 00:04:57+00');
      expect(since.rows.map((r) => r.email)).toEqual(['c297@example.org', 'c298@example.org', 'c299@example.org']);
      expect(since.cursor).toBe(start.cursor);
      // The cursor is a bound value: text that is no timestamp is refused by the peer, never run as SQL.
      await expect(connector.changesSince!("x'; drop table customers; --")).rejects.toMatchObject({
        code: 'query_refused',
      });
      // More changed rows than the limit: no cursor, so the run reads everything instead.
      expect(await connector.changesSince!('2025-01-01 00:00:00+00', { limit: 10 })).toEqual({
        rows: [],
        cursor: null,
      });
    } finally {
      await connector.close();
    }
    expect((await customer.query('select count(*)::int as n from customers')).rows[0].n).toBe(300);

    const byId = await modelWith(a, source('id'));
    const numbered = await open(byId);
    try {
      expect(await numbered.changesSince!(null)).toEqual({ rows: [], cursor: '299' });
      expect((await numbered.changesSince!('298')).rows.map((r) => r.id)).toEqual([298, 299]);
    } finally {
      await numbered.close();
    }

    const missing = await open(await modelWith(a, source('updated_at')));
    await expect(missing.changesSince!(null)).rejects.toMatchObject({ code: 'column_missing' });
    await missing.close();
  });

  it('a realtime model scores only the changed rows at each poll; full runs clear what left', async () => {
    const scope = forJob(env.ctx, a.companyId);
    await scope.db.query(
      `insert into contacts (company_id, email) select $1, 'c' || g || '@example.org' from generate_series(0, 299) g`,
      [a.companyId],
    );
    await forJob(env.ctx, b.companyId).db.query(
      `insert into contacts (company_id, email) select $1, 'c' || g || '@example.org' from generate_series(0, 9) g`,
      [b.companyId],
    );
    const id = await modelWith(a, source('changed'));
    await a.call('PATCH', `/userflow/models/${id}`, {
      identity: { column: 'email', matchKind: 'email', attributeId: null },
      target: { kind: 'column', column: 'churned', positiveValue: 'yes' },
      features: [{ name: 'visits', type: 'numeric', used: true }],
      runMode: { mode: 'realtime' },
    });
    await runTraining(scope, id);
    const attributeId = String((await a.call('GET', `/userflow/models/${id}`)).body.attribute.id);
    const score = async (email: string) =>
      (
        await scope.db.query<{ s: number | null }>(
          `select (attributes ->> $2)::float8 as s from contacts where company_id = $1 and email = $3`,
          [a.companyId, attributeId, email],
        )
      ).rows[0]!.s;
    const cursor = async () =>
      (await env.pool.query('select changes_cursor as c from userflow_models where id = $1', [id])).rows[0].c;

    // The first realtime run has no cursor: it reads everything and starts the cursor at the newest value.
    expect(await runScoring(scope, id, 'realtime')).toMatchObject({
      status: 'finished',
      rows: 300,
      matched: 300,
      incremental: false,
    });
    expect(await cursor()).toBe('2025-01-01 00:04:59+00');

    // c5 now visits far more (a lower churn score); c6 changes too. The next poll reads them and c299 (at the cursor).
    const before = await score('c5@example.org');
    await customer.query(`update customers set visits = 19, changed = '2026-01-01' where id = 5`);
    await customer.query(`update customers set changed = '2026-01-01' where id = 6`);
    const poll = await runScoring(scope, id, 'realtime');
    expect(poll).toMatchObject({ status: 'finished', rows: 3, matched: 3, cleared: 0, incremental: true });
    expect(await score('c5@example.org')).not.toBe(before);
    expect(await cursor()).toBe('2026-01-01 00:00:00+00');

    // c10 leaves the source: an incremental run cannot see it go; the next full run clears its score.
    await customer.query('delete from customers where id = 10');
    expect(await runScoring(scope, id, 'realtime')).toMatchObject({ rows: 2, cleared: 0, incremental: true });
    expect(await score('c10@example.org')).not.toBeNull();
    expect(await runScoring(scope, id, 'manual')).toMatchObject({ rows: 299, cleared: 1, incremental: false });
    expect(await score('c10@example.org')).toBeNull();
    const runs = (await a.call('GET', `/userflow/models/${id}/runs`)).body;
    expect(runs.map((r: { incremental: boolean }) => r.incremental).slice(0, 3)).toEqual([false, true, true]);

    // A failed incremental read keeps the cursor; a new source starts the reads over.
    await customer.query('alter table customers rename column changed to changed_at');
    expect(await runScoring(scope, id, 'realtime')).toMatchObject({
      status: 'failed',
      error: { code: 'column_missing' },
    });
    expect(await cursor()).toBe('2026-01-01 00:00:00+00');
    await customer.query('alter table customers rename column changed_at to changed');
    await a.call('PATCH', `/userflow/models/${id}`, { source: source('id') });
    expect(await cursor()).toBeNull();

    // Company b's contacts of the same emails were never scored by a's model.
    const { rows } = await forJob(env.ctx, b.companyId).db.query(
      'select count(*)::int as n from contacts where company_id = $1 and attributes ? $2',
      [b.companyId, attributeId],
    );
    expect(rows[0].n).toBe(0);
  }, 120_000);
});
