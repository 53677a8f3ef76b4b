import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ROLE, appRoleUrl, TenantPool } from '../../server/db/tenant.ts';
import { writeBatch, type BatchJob } from '../../server/services/contacts/imports/batch.ts';
import { TEST_SECRET } from './global-setup.ts';
import type { TestEnv } from './helpers.ts';
import { makeContact, makeList, setupTwoCompanies, type Caller } from './contacts/fixtures.ts';

// Row-level security is the backstop behind the bound services: these statements run as the application role and
// deliberately leave out the company filter the services write, so only the policies stand between the companies.
let env: TestEnv;
let a: Caller;
let b: Caller;

beforeAll(async () => {
  ({ env, a, b } = await setupTwoCompanies());
  await makeList(a, 'Mine');
  await makeList(b, 'Theirs');
  for (const email of ['a1@example.com', 'a2@example.com']) await makeContact(a, { email });
  for (const email of ['b1@example.com', 'b2@example.com', 'b3@example.com']) await makeContact(b, { email });
});
afterAll(() => env.close());

const count = async (db: { query: pg.ClientBase['query'] }, table: string) =>
  (await db.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n;

describe('row-level security', () => {
  it('covers every table with a company_id: enabled, forced, with a tenant policy', async () => {
    const { rows } = await env.pool.query<{ table: string; enabled: boolean; forced: boolean; policies: string[] }>(
      `select c.relname as table, c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
              coalesce(array_agg(p.policyname) filter (where p.policyname is not null), '{}') as policies
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
         join pg_attribute a on a.attrelid = c.oid and a.attname = 'company_id' and not a.attisdropped
         left join pg_policies p on p.schemaname = n.nspname and p.tablename = c.relname
        where n.nspname = 'public' and c.relkind in ('r', 'p')
        group by c.relname, c.relrowsecurity, c.relforcerowsecurity order by c.relname`,
    );
    expect(rows.map((r) => r.table)).toEqual(expect.arrayContaining(['contacts', 'lists', 'users', 'notifications']));
    const lacking = rows.filter(
      (r) => !r.enabled || !r.forced || !r.policies.includes('tenant') || !r.policies.includes('system'),
    );
    expect(lacking, 'tables with a company_id and no row-level security').toEqual([]);
  });

  it('runs the services as a role that owns no table and cannot bypass it', async () => {
    const role = await env.pool.query<{ rolsuper: boolean; rolbypassrls: boolean; owns: number }>(
      `select r.rolsuper, r.rolbypassrls, (select count(*)::int from pg_class c where c.relowner = r.oid) as owns
         from pg_roles r where r.rolname = $1`,
      [APP_ROLE],
    );
    expect(role.rows).toEqual([{ rolsuper: false, rolbypassrls: false, owns: 0 }]);
    const scoped = env.ctx.tenants.bind(a.companyId);
    expect((await scoped.query<{ user: string }>('select current_user as user')).rows[0]!.user).toBe(APP_ROLE);
  });

  it("lets a bound transaction see and change only its company's rows, even without a company filter", async () => {
    const scoped = env.ctx.tenants.bind(a.companyId);
    expect(await count(scoped, 'contacts')).toBe(2);
    expect(await count(scoped, 'lists')).toBe(1);
    expect(await count(scoped, 'users')).toBe(1);
    const changed = await scoped.query(`update contacts set first_name = 'Overwritten'`);
    expect(changed.rowCount).toBe(2);
    const deleted = await scoped.query(`delete from contact_events`);
    expect(deleted.rowCount).toBe(2);
    // B's rows are untouched: its contacts keep their names and their timeline.
    const theirs = await env.pool.query<{ named: number; events: number }>(
      `select (select count(*)::int from contacts where company_id = $1 and first_name is distinct from 'Overwritten') as named,
              (select count(*)::int from contact_events where company_id = $1) as events`,
      [b.companyId],
    );
    expect(theirs.rows[0]).toEqual({ named: 3, events: 3 });
    // Writing a row for another company is refused outright.
    await expect(
      scoped.query(`insert into contacts (company_id, email) values ($1, 'planted@example.com')`, [b.companyId]),
    ).rejects.toMatchObject({
      code: '42501',
    });
    // And so is queueing a job for another company.
    await expect(
      scoped.query(
        `select missiva_add_job('export_contacts', json_build_object('companyId', $1::uuid, 'exportId', 1), 1, null)`,
        [b.companyId],
      ),
    ).rejects.toMatchObject({ code: '42501' });
  });

  it('shows the application role nothing when no company is bound', async () => {
    const client = new pg.Client({ connectionString: appRoleUrl(env.databaseUrl, TEST_SECRET) });
    await client.connect();
    try {
      expect(await count(client, 'contacts')).toBe(0);
      expect(await count(client, 'users')).toBe(0);
      expect((await client.query(`update contacts set first_name = 'x'`)).rowCount).toBe(0);
      // A binding that was local to a transaction ends with it.
      await client.query('begin');
      await client.query(`select set_config('missiva.company_id', $1, true)`, [b.companyId]);
      expect(await count(client, 'contacts')).toBe(3);
      await client.query('commit');
      expect(await count(client, 'contacts')).toBe(0);
      // The system paths' flag opens nothing to this role: the owner's policy is not its own.
      await client.query(`set missiva.system = 'on'`);
      expect(await count(client, 'contacts')).toBe(0);
      // Tables without a company_id are the system's: the role has no rights there.
      await expect(client.query('select count(*) from companies')).rejects.toMatchObject({ code: '42501' });
    } finally {
      await client.end();
    }
  });

  it('rebinds a pooled connection to each company that uses it: statements, transactions, held sessions', async () => {
    const pool = new TenantPool(appRoleUrl(env.databaseUrl, TEST_SECRET), 1); // one connection, shared by turns
    try {
      const [forA, forB] = [pool.bind(a.companyId), pool.bind(b.companyId)];
      const pid = async (db: typeof forA) =>
        (await db.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
      const first = await pid(forA);
      expect([await count(forA, 'contacts'), await count(forB, 'contacts'), await count(forA, 'contacts')]).toEqual([
        2, 3, 2,
      ]);
      expect(await forB.transaction((c) => count(c, 'contacts'))).toBe(3);
      expect(await count(forA, 'contacts')).toBe(2); // the transaction's binding ended with it
      const held = await forB.connect();
      expect(await count(held, 'contacts')).toBe(3);
      held.release();
      expect(await count(forA, 'contacts')).toBe(2);
      expect(await pid(forB)).toBe(first); // all of it on the one connection
    } finally {
      await pool.end();
    }
  });

  it('writes an import batch under row security too, copying through a staging table', async () => {
    const job: BatchJob = {
      id: 0,
      company_id: a.companyId,
      user_id: a.userId,
      headers: ['email'],
      mapping: [],
      list_ids: [],
      update_existing: true,
      blocklist: false,
    };
    const empty = {
      first_name: null,
      last_name: null,
      phone_prefix: null,
      phone_number: null,
      country: null,
      language: null,
      address: null,
    };
    const client = await env.ctx.tenants.bind(a.companyId).connect();
    try {
      const outcome = await writeBatch(
        client,
        job,
        [{ row: 2, contact: { email: 'copied@example.com', key: 'copied@example.com', ...empty, attributes: {} } }],
        1,
      );
      expect(outcome.created).toBe(1);
    } finally {
      client.release();
    }
    const { rows } = await env.pool.query('select company_id from contacts where email = $1', ['copied@example.com']);
    expect(rows).toEqual([{ company_id: a.companyId }]);
  });
});
