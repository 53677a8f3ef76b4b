/**
 * What row-level security costs the contacts queries, in one run on one database: the same service functions
 * (the 3-condition segment count of bench/contacts/queries.ts, a contacts page filtered by a list, a page sorted by
 * last name) run through the owner's connection, which row security does not filter (the embedded PostgreSQL's owner
 * is a superuser), and through the application role bound to the company (`TenantDb`: a transaction that sets
 * missiva.company_id, the policies filtering every row). The two alternate, round after round, so the machine's
 * load falls on both alike. Target: bound ≤ 1.05× owner at the median.
 *
 *   npx tsx bench/contacts/rls.ts            (BENCH_CONTACTS=200000 for a quicker run)
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { appRoleUrl, TenantPool } from '../../server/db/tenant.ts';
import { pageContacts } from '../../server/services/contacts/query.ts';
import { countMatching } from '../../server/services/contacts/segments/segments.ts';
import type { SegmentGroup } from '../../server/services/contacts/segments/types.ts';
import type { Db } from '../../server/services/contacts/sql.ts';
import { installGuards, loadLine, machineLine, median, percentile, stop, table } from '../platform/harness.ts';
import { COUNTRIES, FIRST, fmt, LANGUAGES, LAST, PLANS, startBench } from './shared.ts';

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 1_000_000);
const ROUNDS = 15;
const TARGET_RATIO = 1.05;

installGuards('contacts-rls', 30 * 60_000);

const sqlArray = (values: string[]) => `array[${values.map((v) => `'${v}'`).join(',')}]`;

async function main() {
  console.log(`Missiva contacts benchmark: row-level security at ${fmt(CONTACTS)} contacts`);
  console.log(`machine: ${machineLine()}; load before: ${loadLine()}`);
  const bench = await startBench();
  const companyId = (await bench.call('GET', '/users/me')).body.memberOf.id as string;
  const plan = (await bench.call('POST', '/contact-attributes', { name: 'Plan', type: 'category', options: PLANS }))
    .body.id as number;
  const folder = await bench.call('POST', '/contact-folders', { name: 'Bench' });
  const list = (await bench.call('POST', '/contact-lists', { name: 'Thirty percent', folderId: folder.body.id })).body
    .id as number;
  for (let from = 1; from <= CONTACTS; from += 200_000) {
    await bench.sql.query(
      `insert into contacts (company_id, email, first_name, last_name, phone_prefix, phone_number, country, language, attributes)
       select $1, 'c' || g || '@example.com', (${sqlArray(FIRST)})[1 + g % ${FIRST.length}], (${sqlArray(LAST)})[1 + (g * 7) % ${LAST.length}],
              '39', (3000000000 + g)::text, (${sqlArray(COUNTRIES)})[1 + g % ${COUNTRIES.length}], (${sqlArray(LANGUAGES)})[1 + g % ${LANGUAGES.length}],
              jsonb_build_object($2::text, (${sqlArray(PLANS)})[1 + (g / 7) % 4])
         from generate_series($3::int, $4::int) g`,
      [companyId, String(plan), from, Math.min(CONTACTS, from + 199_999)],
    );
  }
  await bench.sql.query(
    `insert into list_members (company_id, list_id, contact_id) select company_id, $2, id from contacts where company_id = $1 and (id * 7919) % 100 < 30`,
    [companyId, list],
  );
  await bench.sql.query('vacuum analyze contacts');
  await bench.sql.query('vacuum analyze list_members');

  const secret = readFileSync(path.join(bench.dataDir, 'secret-key'), 'utf8').trim();
  const tenants = new TenantPool(appRoleUrl(bench.databaseUrl, secret), 4);
  const bound = tenants.bind(companyId);
  const owner = bench.sql as unknown as Db;
  const conditions: SegmentGroup = {
    kind: 'group',
    operator: 'and',
    conditions: [
      { kind: 'attribute', attributeId: plan, operator: 'equals', value: 'gold' },
      { kind: 'list', operator: 'in', listId: list },
      { kind: 'field', field: 'country', operator: 'equals', value: 'IT' },
    ],
  } as SegmentGroup;
  const cases: [string, (db: Db) => Promise<unknown>][] = [
    ['segment count (3 conditions)', (db) => countMatching(db, companyId, conditions)],
    [
      'page of 50, one list, by last name',
      (db) => pageContacts(db, companyId, { page: 1, perPage: 50, sort: 'lastName', listId: list }),
    ],
    ['page of 50, newest first, with total', (db) => pageContacts(db, companyId, { page: 1, perPage: 50 })],
  ];
  const rows = [['query', 'owner p50 ms', 'bound p50 ms', 'owner p95', 'bound p95', 'bound/owner (p50)']];
  let worst = 0;
  for (const [name, run] of cases) {
    const same = JSON.stringify(await run(owner)) === JSON.stringify(await run(bound));
    if (!same) throw new Error(`${name}: the bound answer differs from the owner's`);
    const times = { owner: [] as number[], bound: [] as number[] };
    for (let i = 0; i < ROUNDS + 2; i++) {
      for (const [who, db] of (i % 2
        ? [
            ['bound', bound],
            ['owner', owner],
          ]
        : [
            ['owner', owner],
            ['bound', bound],
          ]) as ['owner' | 'bound', Db][]) {
        const t0 = performance.now();
        await run(db);
        if (i >= 2) times[who].push(performance.now() - t0);
      }
    }
    const ratio = median(times.bound) / median(times.owner);
    worst = Math.max(worst, ratio);
    rows.push([
      name,
      fmt(median(times.owner), 1),
      fmt(median(times.bound), 1),
      fmt(percentile(times.owner, 95), 1),
      fmt(percentile(times.bound, 95), 1),
      fmt(ratio, 3),
    ]);
  }
  console.log(table(rows));
  console.log(`worst bound/owner ratio ${fmt(worst, 3)} (target ≤ ${TARGET_RATIO}); load after: ${loadLine()}`);
  await tenants.end();
  await bench.sql.end();
  await stop(bench.server.child);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
