import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkSchema,
  joinsWithoutCompany,
  KEY_EXCEPTIONS,
  NOT_DISTRIBUTED,
  scanSources,
  type SchemaReport,
} from '../../scripts/cluster/citus-check.ts';
import { createTestEnv, type TestEnv } from './helpers.ts';

// The path past one database (docs/operations.md, "Past one database: Citus"), held by a test: the migrated schema is
// read from the catalogue, and a new table without company_id, a new unique key or foreign key that Citus could not
// keep, or a query joining two company tables without company_id, fails here until it is fixed or listed with its
// reason in scripts/cluster/citus-check.ts.
let env: TestEnv;
let report: SchemaReport;

beforeAll(async () => {
  env = await createTestEnv();
  report = await checkSchema(env.pool);
});
afterAll(() => env.close());

describe('the schema against Citus', () => {
  it('places every table: distributed by company_id, or reference or coordinator-local with a reason', () => {
    expect(report.unplaced).toEqual([]);
    expect(report.distributed).toEqual(expect.arrayContaining(['contacts', 'list_members', 'message_recipients']));
    expect(report.reference).toEqual(['companies', 'users']);
    // Every listed table still exists (a dropped or renamed one leaves a stale entry).
    const all = [...report.distributed, ...report.reference, ...report.local.map((l) => l.table)];
    expect(Object.keys(NOT_DISTRIBUTED).filter((t) => !all.includes(t))).toEqual([]);
  });

  it('no unique key or foreign key breaks the rule, but for the listed exceptions', () => {
    expect(report.keys).toEqual([]);
    // An exception that no longer matches anything is taken out of the list.
    expect(Object.keys(KEY_EXCEPTIONS).sort()).toEqual(report.excepted.map((k) => k.name).sort());
  });

  it('finds a key without company_id on a company table (the check can fail)', async () => {
    await env.pool.query('create table citus_probe (company_id uuid, id bigint primary key, contact_id bigint)');
    // audit_log's id alone is unique (one of the listed exceptions): a key Citus could not keep between shards.
    await env.pool.query(
      'alter table citus_probe add constraint citus_probe_contact foreign key (contact_id) references audit_log (id)',
    );
    await env.pool.query('create table citus_orphan (id int primary key)');
    try {
      const probed = await checkSchema(env.pool);
      expect(probed.unplaced).toEqual(['citus_orphan']);
      expect(probed.keys.map((k) => `${k.table} ${k.kind} ${k.name}`)).toEqual([
        'citus_probe unique citus_probe_pkey',
        'citus_probe foreign citus_probe_contact',
      ]);
    } finally {
      await env.pool.query('drop table citus_probe, citus_orphan');
    }
  });
});

describe('queries against Citus', () => {
  it('no SQL in server/ joins two company tables without company_id on both sides', () => {
    const joins = scanSources(path.resolve('server'), new Set(report.distributed));
    expect(joins).toEqual([]);
  });

  it('tells a join that spans companies from one bound to a company', () => {
    const company = new Set(['contacts', 'list_members', 'lists']);
    const joins = (sql: string) => joinsWithoutCompany(sql, company).map((j) => `${j.left} ⋈ ${j.right}`);
    expect(
      joins('select c.id from list_members m join contacts c on c.id = m.contact_id where m.list_id = $2'),
    ).toEqual(['list_members m ⋈ contacts c']);
    expect(
      joins('select 1 from list_members m join contacts c on c.company_id = m.company_id and c.id = m.contact_id'),
    ).toEqual([]);
    expect(
      joins(
        'select 1 from list_members m join contacts c on c.id = m.contact_id where c.company_id = $1 and m.company_id = $1',
      ),
    ).toEqual([]);
    expect(joins('select 1 from list_members m join contacts c using (company_id, id)')).toEqual([]);
    expect(joins('select 1 from lists l left join list_members m on m.list_id = l.id where l.company_id = $1')).toEqual(
      ['lists l ⋈ list_members m'],
    );
    // A CTE or a table kept on the coordinator is not a company table.
    expect(joins('with t as (select 1) select 1 from t join contacts c on c.company_id = $1 and c.id = t.id')).toEqual(
      [],
    );
  });
});
