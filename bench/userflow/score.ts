/**
 * UserFlow scoring, the database half (issue 24 target: scoring ≥ 0.5× the rows/s of writing the same attribute
 * values with a bare COPY-and-UPDATE in the same run). 1,000,000 contacts; 1,000,000 (email, score) pairs written
 *   (a) through the scoring run's write path (`scoreWriter` of server/services/userflow/scoring.ts: COPY lines built
 *       row by row, batches of USERFLOW_LIMITS.scoreBatchRows, each a transaction with a temporary table and one
 *       UPDATE … FROM that keeps one score per email, skips anonymised contacts and notes the ids it scored), fed in
 *       pages of 10,000 rows as a connector pages them, then the full run's clearing of stale scores: 1% more
 *       contacts hold a score from an earlier run and are not in the source, so it removes theirs;
 *   (b) the reference: the same pairs as one COPY into a temporary table and one
 *       `UPDATE contacts SET attributes = jsonb_set(…) FROM` it, in one transaction.
 * Both run as the application role in a transaction bound to the company (row-level security applies to both), on
 * the same table, with VACUUM ANALYZE before each. After (a) every contact's stored score is checked.
 *
 *   npm run bench:userflow:score [-- contacts] [--bare-first]      (default 1,000,000, the write path first)
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { appRoleUrl, TenantPool } from '../../server/db/tenant.ts';
import { copyField, copyInto } from '../../server/services/contacts/imports/copy.ts';
import { scoreWriter } from '../../server/services/userflow/scoring.ts';
import { USERFLOW_LIMITS } from '../../shared/userflow.ts';
import { fmt, startBench } from '../contacts/shared.ts';
import { installGuards, loadLine, machineLine, stop } from '../platform/harness.ts';

const numbers = process.argv.slice(2).filter((a) => /^\d+$/.test(a));
const N = Number(numbers[0] ?? 1_000_000);
const BARE_FIRST = process.argv.includes('--bare-first');
const PAGE = 10_000;
const TARGET = 0.5;
/** Contacts outside the source holding a stale score, which the write path's full run clears. */
const STALE = Math.ceil(N / 100);
installGuards('userflow-score', 45 * 60_000);

/** The score of contact g (c<g>@example.com): 4 decimals, as a probability model's scores are stored. */
const scoreOf = (g: number) => ((g * 7919) % 10_000) / 10_000;
const emailOf = (g: number) => `c${g}@example.com`;

async function main() {
  console.log(`Missiva UserFlow scoring benchmark (database half), ${fmt(N)} contacts`);
  console.log(`machine: ${machineLine()}`);
  console.log(`date:    ${new Date().toISOString()}`);
  console.log(`load:    ${loadLine()} (1/5/15 min) before the run`);
  const bench = await startBench();
  const companyId = (await bench.call('GET', '/users/me')).body.memberOf.id as string;
  const plan = (await bench.call('POST', '/contact-attributes', { name: 'Plan', type: 'text' })).body.id as number;
  const attribute = (await bench.call('POST', '/contact-attributes', { name: 'Churn score', type: 'number' })).body
    .id as number;
  if (!plan || !attribute) throw new Error('the attributes were not created');
  const ts = performance.now();
  for (let from = 1; from <= N; from += 200_000) {
    await bench.sql.query(
      `insert into contacts (company_id, email, first_name, last_name, country, attributes)
       select $1, 'c' || g || '@example.com', 'Name' || g, 'Last' || (g % 997), 'IT',
              jsonb_build_object($2::text, 'plan' || (g % 4))
         from generate_series($3::int, $4::int) g`,
      [companyId, String(plan), from, Math.min(N, from + 199_999)],
    );
  }
  await bench.sql.query(
    `insert into contacts (company_id, email, attributes)
     select $1, 's' || g || '@example.com', jsonb_build_object($2::text, 'plan0', $3::text, 0.5)
       from generate_series(1, $4::int) g`,
    [companyId, String(plan), String(attribute), STALE],
  );
  console.log(
    `seeded ${fmt(N + STALE)} contacts (${fmt(STALE)} with a stale score) in ` +
      `${fmt((performance.now() - ts) / 1000, 1)} s`,
  );

  const secret = readFileSync(path.join(bench.dataDir, 'secret-key'), 'utf8').trim();
  const tenants = new TenantPool(appRoleUrl(bench.databaseUrl, secret), 2);
  const db = tenants.bind(companyId);
  const identity = { column: 'email', matchKind: 'email' as const, attributeId: null };

  // (a) The scoring run's write path; every contact it wrote (updated_at from its start) must hold its score.
  const ours = async () => {
    await bench.sql.query('vacuum analyze contacts');
    const since = (await bench.sql.query<{ now: Date }>('select now()')).rows[0]!.now;
    const ta = performance.now();
    const writer = scoreWriter({ db, companyId }, identity, attribute);
    for (let from = 1; from <= N; from += PAGE) {
      for (let g = from; g < Math.min(N + 1, from + PAGE); g++) writer.add(emailOf(g), scoreOf(g));
      await writer.written();
    }
    const matched = await writer.end();
    const tc = performance.now();
    const cleared = await writer.clearStale();
    await writer.close();
    const clearing = (performance.now() - tc) / 1000;
    const seconds = (performance.now() - ta) / 1000;
    if (cleared !== STALE) throw new Error(`the run cleared ${cleared} stale scores, not ${STALE}`);
    const check = await bench.sql.query<{ n: string }>(
      `select count(*) filter (where (attributes ->> $2)::float8 =
              ((substring(email from 2 for position('@' in email) - 2))::bigint * 7919 % 10000)::float8 / 10000) as n
       from contacts where company_id = $1 and email ~ '^c[0-9]+@example\\.com$' and updated_at >= $3`,
      [companyId, String(attribute), since],
    );
    const right = Number(check.rows[0]!.n);
    if (matched !== N || right !== N) throw new Error(`scoring wrote ${matched} contacts, ${right} hold their score`);
    console.log(
      `scoring write path: ${fmt(seconds, 1)} s, ${fmt(N / seconds)} rows/s ` +
        `(${fmt(Math.ceil(N / USERFLOW_LIMITS.scoreBatchRows))} batches of ${fmt(USERFLOW_LIMITS.scoreBatchRows)}, ` +
        `then ${fmt(STALE)} stale scores cleared in ${fmt(clearing, 1)} s), every score checked; load ${loadLine()}`,
    );
    return seconds;
  };

  // (b) The reference: one COPY and one UPDATE of the same values.
  const bare = async () => {
    await bench.sql.query('vacuum analyze contacts');
    const tb = performance.now();
    const lines: string[] = [];
    for (let g = 1; g <= N; g++) lines.push(`${copyField(emailOf(g))}\t${scoreOf(g)}\n`);
    const updated = await db.transaction(async (client) => {
      await client.query('create temp table bare_scores (email text, score double precision) on commit drop');
      await copyInto(client, 'bare_scores', lines.join(''));
      const result = await client.query(
        `update contacts c set attributes = jsonb_set(c.attributes, array[$2::text], to_jsonb(s.score))
         from bare_scores s where c.company_id = $1 and c.email = s.email::citext`,
        [companyId, String(attribute)],
      );
      return result.rowCount ?? 0;
    });
    const seconds = (performance.now() - tb) / 1000;
    if (updated !== N) throw new Error(`the reference updated ${updated} contacts`);
    console.log(`bare COPY + UPDATE: ${fmt(seconds, 1)} s, ${fmt(N / seconds)} rows/s; load ${loadLine()}`);
    return seconds;
  };

  // The order alternates between runs (--bare-first) so a later pass's warmer cache or larger table can be seen.
  const times = BARE_FIRST ? { bare: await bare(), ours: await ours() } : { ours: await ours(), bare: await bare() };
  const ratio = times.bare / times.ours;
  console.log(
    `ratio (scoring rows/s ÷ bare rows/s): ${fmt(ratio, 2)}× (target ≥ ${TARGET}×) ` +
      (ratio >= TARGET ? 'MET' : 'MISSED'),
  );
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
