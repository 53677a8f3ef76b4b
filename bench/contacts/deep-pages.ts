/**
 * Deep pages of the contacts table at a million contacts, through the API of the real server (embedded PostgreSQL):
 * 50 connections for 10 s each (after 2 s of the same load, not measured) on
 *   - the first page of 50, newest first (the reference, in the same run);
 *   - page 3,900 (row 195,000) asked by keyset: the nextCursor of page 3,899, newest first and by last name;
 *   - for information, the same page asked by number (`page=3900`), which skips 194,950 rows.
 * It prints each p99 and the deep page's p99 over the first page's; target: the keyset page's p99 ≤ 50 ms and within
 * 1.5× the first page's.
 *
 *   npx tsx bench/contacts/deep-pages.ts            (BENCH_CONTACTS=200000 for a quicker run; 195,050 at least)
 */
import autocannon from 'autocannon';
import { installGuards, loadLine, machineLine, percentile, stop, table } from '../platform/harness.ts';
import { FIRST, fmt, LAST, startBench, type Bench } from './shared.ts';

const CONTACTS = Math.max(195_050, Number(process.env.BENCH_CONTACTS ?? 1_000_000));
const CONNECTIONS = 50;
const LOAD_SECONDS = 10;
const WARMUP_SECONDS = 2;
const PER_PAGE = 50;
const DEEP_PAGE = 3_900;
const TARGET = { p99: 50, ratio: 1.5 };

installGuards('contacts-deep-pages', 20 * 60_000);

const sqlArray = (values: string[]) => `array[${values.map((v) => `'${v}'`).join(',')}]`;

async function seed(bench: Bench, companyId: string): Promise<void> {
  const t0 = performance.now();
  for (let from = 1; from <= CONTACTS; from += 200_000) {
    const to = Math.min(CONTACTS, from + 199_999);
    // One contact in twenty has no last name, so the keyset walks both of a name order's ranges.
    await bench.sql.query(
      `insert into contacts (company_id, email, first_name, last_name, created_at)
       select $1, 'c' || g || '@example.com', (${sqlArray(FIRST)})[1 + g % ${FIRST.length}],
              case when g % 20 = 0 then null else (${sqlArray(LAST)})[1 + (g * 7) % ${LAST.length}] end,
              now() - (${CONTACTS} - g) * interval '1 second'
         from generate_series($2::int, $3::int) g`,
      [companyId, from, to],
    );
  }
  await bench.sql.query('vacuum analyze contacts');
  console.log(`seeded ${fmt(CONTACTS)} contacts in ${fmt((performance.now() - t0) / 1000, 1)} s`);
}

/** The cursor the API gives page DEEP_PAGE - 1: its last row's sort value and id, read straight from the table. */
async function deepCursor(bench: Bench, companyId: string, sort: '-createdAt' | 'lastName'): Promise<string> {
  const order = sort === '-createdAt' ? 'id desc' : 'last_name asc, id asc';
  const { rows } = await bench.sql.query<{ id: string; last_name: string | null }>(
    `select id, last_name from contacts where company_id = $1 order by ${order} offset $2 limit 1`,
    [companyId, (DEEP_PAGE - 1) * PER_PAGE - 1],
  );
  const row = rows[0]!;
  const cursor = Buffer.from(
    JSON.stringify([sort, sort === 'lastName' ? row.last_name : null, Number(row.id)]),
  ).toString('base64url');
  // The API's own cursor for the same row must give the same page: checked once, so the figures are of real pages.
  const check = await bench.call('GET', `/contacts?perPage=${PER_PAGE}&sort=${sort}&cursor=${cursor}`);
  const byNumber = await bench.call('GET', `/contacts?perPage=${PER_PAGE}&sort=${sort}&page=${DEEP_PAGE}`);
  const ids = (body: { id: number }[]) => body.map((c) => c.id).join(',');
  if (check.status !== 200 || ids(check.body) !== ids(byNumber.body))
    throw new Error(`the keyset page of ${sort} differs from page ${DEEP_PAGE}`);
  return cursor;
}

async function load(bench: Bench, url: string, seconds = LOAD_SECONDS): Promise<{ latencies: number[]; rps: number }> {
  const options = {
    url: `${bench.base}/api${url}`,
    connections: CONNECTIONS,
    headers: { authorization: `Bearer ${bench.token}` },
  };
  await autocannon({ ...options, duration: WARMUP_SECONDS });
  const latencies: number[] = [];
  let failures = 0;
  let finish!: (result: autocannon.Result) => void;
  let fail!: (error: unknown) => void;
  const finished = new Promise<autocannon.Result>((resolve, reject) => ((finish = resolve), (fail = reject)));
  const instance = autocannon({ ...options, pipelining: 1, duration: seconds }, (error, result) =>
    error ? fail(error) : finish(result),
  );
  instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
    if (status !== 200) failures += 1;
    latencies.push(ms);
  });
  const result = await finished;
  if (failures > 0 || result.errors > 0)
    throw new Error(`${url}: ${failures} non-200 answers and ${result.errors} errors`);
  return { latencies, rps: latencies.length / seconds };
}

async function main() {
  console.log(`Missiva contacts benchmark: deep pages at ${fmt(CONTACTS)} contacts, ${CONNECTIONS} connections`);
  console.log(`machine: ${machineLine()}; load before: ${loadLine()}`);
  const bench = await startBench({ LOGIN_RATE_LIMIT: '100000' });
  const companyId = (await bench.call('GET', '/users/me')).body.memberOf.id as string;
  await seed(bench, companyId);
  const newestCursor = await deepCursor(bench, companyId, '-createdAt');
  const nameCursor = await deepCursor(bench, companyId, 'lastName');

  const first = await load(bench, `/contacts?perPage=${PER_PAGE}`);
  const deep = await load(bench, `/contacts?perPage=${PER_PAGE}&page=${DEEP_PAGE}&cursor=${newestCursor}`);
  const firstByName = await load(bench, `/contacts?perPage=${PER_PAGE}&sort=lastName`);
  const deepByName = await load(
    bench,
    `/contacts?perPage=${PER_PAGE}&sort=lastName&page=${DEEP_PAGE}&cursor=${nameCursor}`,
  );
  const byNumber = await load(bench, `/contacts?perPage=${PER_PAGE}&page=${DEEP_PAGE}`, 5);

  const p99 = (l: { latencies: number[] }) => percentile(l.latencies, 99);
  const row = (label: string, l: { latencies: number[]; rps: number }, reference?: { latencies: number[] }) => {
    const ratio = reference ? p99(l) / p99(reference) : undefined;
    const pass = reference ? p99(l) <= TARGET.p99 && ratio! <= TARGET.ratio : undefined;
    return [
      label,
      `${fmt(p99(l))} ms`,
      `${fmt(l.rps)}`,
      ratio === undefined ? '—' : `${fmt(ratio, 2)}×`,
      pass === undefined ? 'reference' : pass ? 'PASS' : 'FAIL',
    ];
  };
  console.log(
    `\n${table([
      ['page of 50', 'p99', 'req/s', 'p99 / first page', `target ≤ ${TARGET.p99} ms and ≤ ${TARGET.ratio}×`],
      row('first page, newest first', first),
      row(`page ${fmt(DEEP_PAGE)} by cursor, newest first`, deep, first),
      row('first page, by last name', firstByName),
      row(`page ${fmt(DEEP_PAGE)} by cursor, by last name`, deepByName, firstByName),
      [
        `page ${fmt(DEEP_PAGE)} by number (page=${DEEP_PAGE}), newest first, 5 s`,
        `${fmt(p99(byNumber))} ms`,
        fmt(byNumber.rps),
        `${fmt(p99(byNumber) / p99(first), 2)}×`,
        'info',
      ],
    ])}`,
  );
  console.log(`\nload after: ${loadLine()}`);
  const failed = p99(deep) > TARGET.p99 || p99(deepByName) > TARGET.p99;
  await bench.sql.end();
  await stop(bench.server.child);
  process.exit(failed && process.argv.includes('--strict') ? 2 : 0);
}

main();
