/**
 * Contacts queries at a million contacts, through the API of the real server (embedded PostgreSQL):
 *   - a 3-condition segment count (a custom attribute, a list membership, a field): POST /segments/count, the live
 *     count of the segment editor; target ≤ 300 ms;
 *   - its first page of 50: GET /contacts?segmentId=…&withTotal=false (the count comes from the segment); ≤ 100 ms;
 *   - the contacts page, 50 rows sorted by last name and filtered by a list, 20 concurrent clients for 10 s (after 2 s
 *     of the same load, not measured);
 *     target p95 ≤ 50 ms (the default order, newest first, is measured too);
 *   - for information: a search over a million contacts, and the segment page with its exact total.
 * The million contacts are written by SQL (generate_series), then VACUUM ANALYZE, as autovacuum would leave them.
 *
 *   npx tsx bench/contacts/queries.ts            (BENCH_CONTACTS=200000 for a quicker run)
 *   BENCH_HOLD=1 npx tsx bench/contacts/queries.ts   seeds, prints the database URL and a token, and keeps the server
 *                                                    running for EXPLAIN and manual requests (Ctrl-C ends it)
 */
import autocannon from 'autocannon';
import {
  cpuDelta,
  cpuSnapshot,
  installGuards,
  loadLine,
  machineLine,
  median,
  percentile,
  stop,
  table,
} from '../platform/harness.ts';
import { COUNTRIES, FIRST, fmt, LANGUAGES, LAST, PLANS, startBench, type Bench } from './shared.ts';

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 1_000_000);
const RUNS = 15;
const CLIENTS = 20;
const LOAD_SECONDS = 10;
const WARMUP_SECONDS = 2;
const TARGETS = { count: 300, firstPage: 100, listPageP95: 50 };

installGuards('contacts-queries', 30 * 60_000);

const sqlArray = (values: string[]) => `array[${values.map((v) => `'${v}'`).join(',')}]`;

async function seed(
  bench: Bench,
  companyId: string,
  attrs: Record<string, number>,
): Promise<{ listId: number; bigListId: number }> {
  const t0 = performance.now();
  const chunk = 200_000;
  for (let from = 1; from <= CONTACTS; from += chunk) {
    const to = Math.min(CONTACTS, from + chunk - 1);
    await bench.sql.query(
      `insert into contacts (company_id, email, first_name, last_name, phone_prefix, phone_number, country, language, attributes, created_at)
       select $1, 'c' || g || '@example.com', (${sqlArray(FIRST)})[1 + g % ${FIRST.length}], (${sqlArray(LAST)})[1 + (g * 7) % ${LAST.length}], '39', (3000000000 + g)::text,
              (${sqlArray(COUNTRIES)})[1 + g % ${COUNTRIES.length}], (${sqlArray(LANGUAGES)})[1 + g % ${LANGUAGES.length}],
              jsonb_build_object($2::text, (${sqlArray(PLANS)})[1 + (g / 7) % 4], $3::text, (g % 1000) / 10.0, $4::text, to_char(date '2015-01-01' + (g % 3650), 'YYYY-MM-DD')),
              now() - (${CONTACTS} - g) * interval '1 second'
         from generate_series($5::int, $6::int) g`,
      [companyId, String(attrs.plan), String(attrs.score), String(attrs.signup), from, to],
    );
  }
  const folder = await bench.call('POST', '/contact-folders', { name: 'Bench' });
  const list = await bench.call('POST', '/contact-lists', { name: 'Thirty percent', folderId: folder.body.id });
  const big = await bench.call('POST', '/contact-lists', { name: 'Ninety percent', folderId: folder.body.id });
  await bench.sql.query(
    `insert into list_members (company_id, list_id, contact_id) select company_id, $2, id from contacts where company_id = $1 and (id * 7919) % 100 < 30`,
    [companyId, list.body.id],
  );
  await bench.sql.query(
    `insert into list_members (company_id, list_id, contact_id) select company_id, $2, id from contacts where company_id = $1 and (id * 104729) % 100 < 90`,
    [companyId, big.body.id],
  );
  await bench.sql.query('vacuum analyze contacts');
  await bench.sql.query('vacuum analyze list_members');
  console.log(
    `seeded ${fmt(CONTACTS)} contacts and two lists (30% and 90%) in ${fmt((performance.now() - t0) / 1000, 1)} s`,
  );
  return { listId: list.body.id, bigListId: big.body.id };
}

async function timed(bench: Bench, method: string, url: string, body?: unknown): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < RUNS + 2; i++) {
    const res = await bench.call(method, url, body);
    if (res.status !== 200) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
    if (i >= 2) times.push(res.ms);
  }
  return times;
}

/**
 * CLIENTS closed-loop clients (keep-alive connections, one request in flight each) for LOAD_SECONDS: every request's
 * latency. The clients are autocannon's, as in the platform benchmarks: the load generator shares the server's two
 * cores, and autocannon costs it a fraction of what `fetch` does per request.
 */
async function load(bench: Bench, url: string): Promise<{ latencies: number[]; rps: number; cpu: string }> {
  // Warm-up, not measured: the pool's connections, their prepared statements and the JIT, as after a few minutes of use.
  await autocannon({
    url: `${bench.base}/api${url}`,
    connections: CLIENTS,
    duration: WARMUP_SECONDS,
    headers: { authorization: `Bearer ${bench.token}` },
  });
  const latencies: number[] = [];
  let failures = 0;
  const before = cpuSnapshot(bench.server.child.pid!, bench.dataDir);
  let finish!: (result: autocannon.Result) => void;
  let fail!: (error: unknown) => void;
  const finished = new Promise<autocannon.Result>((resolve, reject) => ((finish = resolve), (fail = reject)));
  const instance = autocannon(
    {
      url: `${bench.base}/api${url}`,
      connections: CLIENTS,
      pipelining: 1,
      duration: LOAD_SECONDS,
      headers: { authorization: `Bearer ${bench.token}` },
    },
    (error, result) => (error ? fail(error) : finish(result)),
  );
  instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
    if (status !== 200) failures += 1;
    latencies.push(ms);
  });
  const result = await finished;
  if (failures > 0 || result.errors > 0)
    throw new Error(`${url}: ${failures} non-200 answers and ${result.errors} errors`);
  const used = cpuDelta(before, cpuSnapshot(bench.server.child.pid!, bench.dataDir));
  const per = (ms: number) => `${fmt((ms * 1000) / latencies.length)} µs`;
  return {
    latencies,
    rps: latencies.length / LOAD_SECONDS,
    cpu: `${url}: server node ${per(used.node)}/req, PostgreSQL ${per(used.postgres)}/req`,
  };
}

async function main() {
  console.log(`Missiva contacts benchmark: queries at ${fmt(CONTACTS)} contacts`);
  console.log(`machine: ${machineLine()}; load before: ${loadLine()}`);
  const bench = await startBench();
  const companyId = (await bench.call('GET', '/users/me')).body.memberOf.id as string;
  const attrs: Record<string, number> = {};
  for (const [key, name, type, options] of [
    ['plan', 'Plan', 'category', PLANS],
    ['score', 'Score', 'number'],
    ['signup', 'Signup date', 'date'],
  ] as const) {
    attrs[key] = (
      await bench.call('POST', '/contact-attributes', { name, type, ...(options ? { options } : {}) })
    ).body.id;
  }
  const { listId, bigListId } = await seed(bench, companyId, attrs);

  const conditions = {
    kind: 'group',
    operator: 'and',
    conditions: [
      { kind: 'attribute', attributeId: attrs.plan, operator: 'equals', value: 'gold' },
      { kind: 'list', operator: 'in', listId },
      { kind: 'field', field: 'country', operator: 'equals', value: 'IT' },
    ],
  };
  const segment = await bench.call('POST', '/segments', { name: 'Gold Italians in the list', conditions });
  const counted = await bench.call('POST', '/segments/count', { conditions });
  if (process.env.BENCH_HOLD) {
    console.log(
      `holding: ${bench.base}  database ${bench.databaseUrl}\ntoken ${bench.token}\nsegment ${segment.body.id} list ${listId} big list ${bigListId} attributes ${JSON.stringify(attrs)}`,
    );
    console.log(`conditions ${JSON.stringify(conditions)}`);
    await new Promise(() => undefined);
  }
  const count = await timed(bench, 'POST', '/segments/count', { conditions });
  const savedCount = await timed(bench, 'GET', `/segments/${segment.body.id}/count`);
  const firstPage = await timed(bench, 'GET', `/contacts?segmentId=${segment.body.id}&perPage=50&withTotal=false`);
  const firstPageTotal = await timed(bench, 'GET', `/contacts?segmentId=${segment.body.id}&perPage=50`);
  const search = await timed(bench, 'GET', `/contacts?q=${encodeURIComponent('giulia.rossi')}&perPage=50`);
  const searchUncounted = await timed(
    bench,
    'GET',
    `/contacts?q=${encodeURIComponent('c12345@')}&perPage=50&withTotal=false`,
  );

  const byName = await load(bench, `/contacts?listId=${listId}&perPage=50&sort=lastName`);
  const newest = await load(bench, `/contacts?listId=${listId}&perPage=50`);
  const bigByName = await load(bench, `/contacts?listId=${bigListId}&perPage=50&sort=lastName`);
  // The same load on the lightest authenticated read of the stack, for scale: what is left for the contacts query.
  const me = await load(bench, '/users/me');

  const ms = (n: number) => `${fmt(n)} ms`;
  const row = (label: string, value: number, target: number | undefined, what = 'median') => [
    label,
    `${ms(value)} (${what})`,
    target === undefined ? '—' : `≤ ${target} ms`,
    target === undefined ? 'info' : value <= target ? 'PASS' : 'FAIL',
  ];
  console.log(
    `\n${table([
      ['measure', 'ours', 'target', 'result'],
      row(
        `segment count, 3 conditions (POST /segments/count, ${fmt(counted.body.count)} of ${fmt(CONTACTS)})`,
        median(count),
        TARGETS.count,
      ),
      row('same, saved segment (GET /segments/{id}/count)', median(savedCount), TARGETS.count),
      row('segment first page of 50 (withTotal=false)', median(firstPage), TARGETS.firstPage),
      row('segment first page of 50 with its exact total', median(firstPageTotal), undefined),
      row(
        `contacts page, list (30%), sorted by last name, ${CLIENTS} clients (${fmt(byName.rps)} req/s)`,
        percentile(byName.latencies, 95),
        TARGETS.listPageP95,
        'p95',
      ),
      row(
        `contacts page, list (30%), newest first, ${CLIENTS} clients (${fmt(newest.rps)} req/s)`,
        percentile(newest.latencies, 95),
        TARGETS.listPageP95,
        'p95',
      ),
      row(
        `contacts page, list (90%), sorted by last name, ${CLIENTS} clients (${fmt(bigByName.rps)} req/s)`,
        percentile(bigByName.latencies, 95),
        TARGETS.listPageP95,
        'p95',
      ),
      row(
        `for scale: GET /users/me, ${CLIENTS} clients (${fmt(me.rps)} req/s)`,
        percentile(me.latencies, 95),
        undefined,
        'p95',
      ),
      row('search "giulia.rossi" (email contains), page with total', median(search), undefined),
      row('search "c12345@", page without total', median(searchUncounted), undefined),
    ])}`,
  );
  console.log(`\nCPU per request: ${[byName, newest, bigByName, me].map((l) => l.cpu).join('; ')}`);
  console.log(
    `\ndetail: count p95 ${ms(percentile(count, 95))}; first page p95 ${ms(percentile(firstPage, 95))};` +
      ` list page by name p50 ${ms(percentile(byName.latencies, 50))}, p99 ${ms(percentile(byName.latencies, 99))}; load after: ${loadLine()}`,
  );
  const failed =
    median(count) > TARGETS.count ||
    median(firstPage) > TARGETS.firstPage ||
    percentile(byName.latencies, 95) > TARGETS.listPageP95;
  await bench.sql.end();
  await stop(bench.server.child);
  process.exit(failed && process.argv.includes('--strict') ? 2 : 0);
}

main();
