import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forJob } from '../../../server/services/scope.ts';
import { openConnector } from '../../../server/services/userflow/connectors/index.ts';
import { createTestEnv, type TestEnv } from '../helpers.ts';
import { MARIADB_MISSING, mariaDbPresent, startMariaDb, type MariaDb } from './peers.ts';
import { signIn } from '../contacts/fixtures.ts';

/**
 * "Changes since a cursor" on a MySQL source (issue 24 §2), against a real MariaDB server started here on a private
 * data folder and port 3346, as in sources-mysql.test.ts (skipped, saying why, without mariadbd).
 */
const PORT = 3346;
const present = mariaDbPresent;
if (!present) console.warn(`MySQL changes tests skipped: ${MARIADB_MISSING}`);

let env: TestEnv;
let maria: MariaDb | undefined;
let companyId = '';
const reader = { user: 'uf_reader', password: 'reader-secret' };

beforeAll(async () => {
  if (!present) return;
  maria = await startMariaDb(PORT);
  const { root } = maria;
  await root.query(`create database shop;
    create table shop.customers (id int primary key, email varchar(200), visits int, changed datetime(3) not null);
    create user '${reader.user}'@'%' identified by '${reader.password}';
    grant select on shop.* to '${reader.user}'@'%';`);
  await root.query(`insert into shop.customers
    with recursive n(i) as (select 1 union all select i + 1 from n where i < 300)
    select i, concat('m', i, '@example.org'), i % 20, timestamp('2025-01-01') + interval i second from n`);
  env = await createTestEnv({ webhookAllowPrivate: true });
  companyId = (await signIn(env, 'Alpha')).companyId;
}, 120_000);

afterAll(async () => {
  await env?.close();
  await maria?.stop();
});

async function open(changesColumn: string) {
  return openConnector(forJob(env.ctx, companyId), 0, {
    kind: 'mysql',
    config: { host: '127.0.0.1', port: PORT, database: 'shop', user: reader.user, table: 'customers', changesColumn },
    secrets: { password: reader.password },
  });
}

describe.skipIf(!present)('UserFlow MySQL changes since a cursor (MariaDB)', () => {
  it('reads the newest value, then the rows at or past the cursor, in one read-only transaction', async () => {
    const connector = await open('changed');
    try {
      const start = await connector.changesSince!(null);
      expect(start).toEqual({ rows: [], cursor: '2025-01-01 00:05:00.000' });
      await maria!.root.query(
        `update shop.customers set visits = 99, changed = '2026-01-01 10:00:00' where id in (5, 6)`,
      );
      const next = await connector.changesSince!(start.cursor);
      expect(next.rows.map((r) => [r.email, r.visits])).toEqual([
        ['m300@example.org', 0],
        ['m5@example.org', 99],
        ['m6@example.org', 99],
      ]);
      expect(next.cursor).toBe('2026-01-01 10:00:00.000');
      // The cursor is a bound value (escaped by the driver): run as SQL, this one would answer every row.
      const injected = await connector.changesSince!("2030-01-01' or '1' = '1");
      expect(injected.rows).toHaveLength(0);
      // More changed rows than the limit: no cursor, so the run reads everything instead.
      expect(await connector.changesSince!('2025-01-01 00:00:00', { limit: 10 })).toEqual({ rows: [], cursor: null });
      // The session stays read-only after the transaction ends.
      await expect(connector.test()).resolves.toBeUndefined();
    } finally {
      await connector.close();
    }
    const [count] = await maria!.root.query('select count(*) as n from shop.customers');
    expect((count as { n: number }[])[0]!.n).toBe(300);

    const numbered = await open('id');
    try {
      expect(await numbered.changesSince!(null)).toEqual({ rows: [], cursor: '300' });
      expect((await numbered.changesSince!('299')).rows.map((r) => r.id)).toEqual([299, 300]);
    } finally {
      await numbered.close();
    }

    const missing = await open('updated_at');
    await expect(missing.changesSince!(null)).rejects.toMatchObject({ code: 'column_missing' });
    await missing.close();
  }, 60_000);
});
