/**
 * Contact import at scale, end to end through the API, against `psql \copy` of the same file in the same run.
 *
 *   npx tsx bench/contacts/import.ts            (BENCH_ROWS=100000 for a quicker run)
 *
 * The file: BENCH_ROWS rows (1,000,000 by default), 10 columns (email, first and last name, phone prefix and number,
 * country, language and three custom attributes: a category, a number, a date), 10% of the emails repeated.
 * Reference: psql's \copy of that file into a table shaped like contacts, with the same indexes, read from the
 * catalogue (the unique ones made plain, since COPY cannot skip the repeated emails; the search trigram index too),
 * the same foreign key, three typed columns for the attributes.
 * Ours: upload (multipart, streamed), start with the suggested mapping into one list, poll until finished; rows/s
 * over the whole span. Meanwhile two clients browse the API (contacts page, lists, the import, the user) with 100 ms
 * pauses: their p95 latency. The server's peak RSS comes from /proc (VmHWM). BENCH_WAITS=1 also samples the busy
 * PostgreSQL backends every 100 ms (wait event and statement) and names browse pages slower than 500 ms.
 * Targets: rows/s ≥ 0.4× the reference; peak RSS ≤ 400 MB; other requests p95 ≤ 200 ms.
 */
import { execFileSync } from 'node:child_process';
import { createReadStream, createWriteStream, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { once } from 'node:events';
import { installGuards, loadLine, machineLine, makeDataDir, percentile, stop, table } from '../platform/harness.ts';
import {
  COUNTRIES,
  FIRST,
  fmt,
  LANGUAGES,
  LAST,
  mb,
  memoryOf,
  PLANS,
  random,
  startBench,
  type Bench,
} from './shared.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const DUPLICATE_SHARE = 0.1;
const TARGET_RATIO = 0.4;
const TARGET_RSS = 400 * 1024 * 1024;
const TARGET_P95_MS = 200;

installGuards('contacts-import', 40 * 60_000);

async function writeCsv(file: string): Promise<{ unique: number }> {
  const rnd = random(20261121);
  const out = createWriteStream(file);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write('email,first_name,last_name,phone_prefix,phone_number,country,language,plan,score,signup_date\n');
  let unique = 0;
  let chunk = '';
  for (let i = 0; i < ROWS; i++) {
    const n = unique > 0 && rnd() < DUPLICATE_SHARE ? Math.floor(rnd() * unique) : unique++;
    const first = FIRST[n % FIRST.length]!;
    const last = LAST[(n * 7) % LAST.length]!;
    const day = 1 + (n % 28);
    const month = 1 + (n % 12);
    chunk += `${first.toLowerCase()}.${last.toLowerCase()}.${n}@example.com,${first},${last},39,${3_000_000_000 + n},${COUNTRIES[n % COUNTRIES.length]},${LANGUAGES[n % LANGUAGES.length]},${PLANS[n % PLANS.length]},${(n % 1000) / 10},${2015 + (n % 10)}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}\n`;
    if (chunk.length > 1 << 20) {
      await write(chunk);
      chunk = '';
    }
  }
  await write(chunk);
  out.end();
  await once(out, 'finish');
  return { unique };
}

async function reference(bench: Bench, companyId: string, file: string): Promise<number> {
  await bench.sql.query('drop table if exists bench_reference');
  await bench.sql.query(
    `create table bench_reference (like contacts including defaults including constraints including identity)`,
  );
  await bench.sql.query(
    `alter table bench_reference add column plan text, add column score numeric, add column signup date, alter column company_id set default '${companyId}'`,
  );
  await bench.sql.query(
    `alter table bench_reference add primary key (company_id, id), add foreign key (company_id) references companies (id)`,
  );
  // Every index contacts has besides its primary key, read from the catalogue so the reference follows the schema;
  // unique ones made plain.
  const { rows: indexes } = await bench.sql.query<{ def: string }>(
    `select pg_get_indexdef(i.indexrelid) as def from pg_index i where i.indrelid = 'contacts'::regclass and not i.indisprimary`,
  );
  for (const { def } of indexes) {
    await bench.sql.query(
      def.replace(/^CREATE (UNIQUE )?INDEX \S+ ON (\S+\.)?contacts /, 'CREATE INDEX ON bench_reference '),
    );
  }
  console.log(`reference indexes: ${indexes.length} besides the primary key`);
  await bench.sql.query('checkpoint');
  const t0 = performance.now();
  execFileSync('/usr/bin/psql', [
    bench.databaseUrl,
    '-v',
    'ON_ERROR_STOP=1',
    '-c',
    `\\copy bench_reference (email, first_name, last_name, phone_prefix, phone_number, country, language, plan, score, signup) from '${file}' with (format csv, header true)`,
  ]);
  const seconds = (performance.now() - t0) / 1000;
  const { rows } = await bench.sql.query<{ n: string }>('select count(*) as n from bench_reference');
  if (Number(rows[0]!.n) !== ROWS) throw new Error(`reference loaded ${rows[0]!.n} rows`);
  await bench.sql.query('drop table bench_reference');
  await bench.sql.query('checkpoint');
  return ROWS / seconds;
}

function uploadFile(bench: Bench, file: string): Promise<{ status: number; body: any }> {
  const boundary = `----missivabench${Date.now()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="contacts.csv"\r\nContent-Type: text/csv\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  const length = Buffer.byteLength(head) + statSync(file).size + Buffer.byteLength(tail);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${bench.base}/api/contact-imports`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${bench.token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': length,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.write(head);
    const stream = createReadStream(file);
    stream.pipe(req, { end: false });
    stream.on('end', () => req.end(tail));
    stream.on('error', reject);
  });
}

async function main() {
  console.log(`Missiva contacts benchmark: import of ${fmt(ROWS)} rows end to end, against psql \\copy`);
  console.log(`machine: ${machineLine()}; load before: ${loadLine()}`);
  const work = makeDataDir('missiva-bench-csv-');
  const file = path.join(work, 'contacts.csv');
  let t0 = performance.now();
  const { unique } = await writeCsv(file);
  console.log(
    `file: ${mb(statSync(file).size)}, ${fmt(unique)} distinct emails, written in ${fmt((performance.now() - t0) / 1000, 1)} s`,
  );

  const bench = await startBench({ UPLOAD_MAX_BYTES: String(1024 * 1024 * 1024) });
  const pid = bench.server.child.pid!;
  const me = await bench.call('GET', '/users/me');
  const companyId = me.body.memberOf.id as string;
  for (const [name, type, options] of [
    ['plan', 'category', PLANS],
    ['score', 'number'],
    ['signup date', 'date'],
  ] as const) {
    const res = await bench.call('POST', '/contact-attributes', { name, type, ...(options ? { options } : {}) });
    if (res.status !== 201) throw new Error(`attribute: ${JSON.stringify(res.body)}`);
  }
  const folder = await bench.call('POST', '/contact-folders', { name: 'Imports' });
  const list = await bench.call('POST', '/contact-lists', { name: 'Imported', folderId: folder.body.id });

  const refBefore = await reference(bench, companyId, file);
  console.log(`reference (psql \\copy), before: ${fmt(refBefore)} rows/s`);

  const rssBefore = memoryOf(pid).rss;
  let rssPeakSampled = rssBefore;
  const sampler = setInterval(() => (rssPeakSampled = Math.max(rssPeakSampled, memoryOf(pid).rss)), 200);
  const latencies: number[] = [];
  let importId = 0;
  let browsing = true;
  const browse = async (offset: number) => {
    const urls = () => [
      '/contacts?perPage=50',
      '/contact-lists',
      '/users/me',
      importId ? `/contact-imports/${importId}` : '/contact-imports',
      `/contacts?perPage=50&listId=${list.body.id}`,
    ];
    for (let i = offset; browsing; i++) {
      const all = urls();
      const res = await bench.call('GET', all[i % all.length]!);
      if (res.status !== 200) throw new Error(`browse ${all[i % all.length]}: ${res.status}`);
      latencies.push(res.ms);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const browsers = [browse(0), browse(2)];
  // Where the database's time goes during the import: sampled states and wait events of busy backends.
  const waits = new Map<string, number>();
  const slowQueries = new Map<string, number>();
  let sampling = true;
  const sampleWaits = async () => {
    while (sampling) {
      const { rows } = await bench.sql.query<{ w: string }>(
        `select coalesce(wait_event_type || ':' || wait_event, 'cpu') || ' ' || left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 28) as w
           from pg_stat_activity where backend_type = 'client backend' and state = 'active' and pid <> pg_backend_pid()`,
      );
      for (const { w } of rows) waits.set(w, (waits.get(w) ?? 0) + 1);
      const slow = await bench.sql.query<{ q: string; ms: number }>(
        `select left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 900) as q, extract(epoch from now() - query_start) * 1000 as ms
           from pg_stat_activity where state = 'active' and query like '%json_agg%' and now() - query_start > interval '500 ms'`,
      );
      for (const { q, ms } of slow.rows)
        slowQueries.set(q.replace(/json_build_object\(.*?\) as j /, 'json_build_object(…) as j '), ms);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const sampler2 = process.env.BENCH_WAITS ? sampleWaits() : Promise.resolve();

  t0 = performance.now();
  const uploaded = await uploadFile(bench, file);
  if (uploaded.status !== 201) throw new Error(`upload: ${uploaded.status} ${JSON.stringify(uploaded.body)}`);
  const uploadMs = performance.now() - t0;
  importId = uploaded.body.id;
  const mapping = uploaded.body.suggestedMapping as { target: string }[];
  if (mapping.some((m) => m.target === 'skip')) throw new Error(`unmatched columns: ${JSON.stringify(mapping)}`);
  const started = await bench.call('POST', `/contact-imports/${importId}/start`, { mapping, listIds: [list.body.id] });
  if (started.status !== 202) throw new Error(`start: ${JSON.stringify(started.body)}`);
  let state: any;
  for (;;) {
    await new Promise((r) => setTimeout(r, 250));
    state = (await bench.call('GET', `/contact-imports/${importId}`)).body;
    if (state.status === 'finished' || state.status === 'failed') break;
  }
  const totalMs = performance.now() - t0;
  browsing = false;
  sampling = false;
  await Promise.all([...browsers, sampler2]);
  for (const [q, ms] of slowQueries) console.log(`slow browse query (${Math.round(ms)} ms): ${q}`);
  if (waits.size)
    console.log(
      [...waits]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 12)
        .map(([w, n]) => `${String(n).padStart(5)} ${w}`)
        .join('\n'),
    );
  clearInterval(sampler);
  const { hwm } = memoryOf(pid);
  if (state.status !== 'finished') throw new Error(`import ${state.status}: ${state.error}`);
  if (state.created !== unique || state.created + state.updated !== ROWS)
    throw new Error(`counts: ${JSON.stringify(state)}`);
  const jobMs = new Date(state.finishedAt).getTime() - new Date(state.startedAt).getTime();

  const refAfter = await reference(bench, companyId, file);
  console.log(`reference (psql \\copy), after: ${fmt(refAfter)} rows/s`);
  const ours = ROWS / (totalMs / 1000);
  const ref = Math.max(refBefore, refAfter);
  const ratio = ours / ref;
  const p95 = percentile(latencies, 95);
  console.log(
    `\n${table([
      ['measure', 'ours', 'reference', 'ratio / target', 'result'],
      [
        `import ${fmt(ROWS)} rows, rows/s end to end`,
        fmt(ours),
        fmt(ref),
        `${ratio.toFixed(2)}× (≥ ${TARGET_RATIO}×)`,
        ratio >= TARGET_RATIO ? 'PASS' : 'FAIL',
      ],
      ['server peak RSS (VmHWM)', mb(hwm), '—', `≤ ${mb(TARGET_RSS)}`, hwm <= TARGET_RSS ? 'PASS' : 'FAIL'],
      [
        `other requests during the import, p95 (n=${latencies.length})`,
        `${fmt(p95)} ms`,
        '—',
        `≤ ${TARGET_P95_MS} ms`,
        p95 <= TARGET_P95_MS ? 'PASS' : 'FAIL',
      ],
    ])}`,
  );
  console.log(
    `\ndetail: upload ${fmt(uploadMs / 1000, 1)} s, job ${fmt(jobMs / 1000, 1)} s (${fmt(ROWS / (jobMs / 1000))} rows/s), whole span ${fmt(totalMs / 1000, 1)} s;` +
      ` counts created ${fmt(state.created)}, updated ${fmt(state.updated)}, failed ${state.failed};` +
      ` RSS before ${mb(rssBefore)}, sampled peak ${mb(rssPeakSampled)}; browse p50 ${fmt(percentile(latencies, 50))} ms, max ${fmt(Math.max(...latencies))} ms;` +
      ` reference before ${fmt(refBefore)}, after ${fmt(refAfter)} rows/s; load after: ${loadLine()}`,
  );
  await bench.sql.end();
  await stop(bench.server.child);
  process.exit(
    ratio >= TARGET_RATIO && hwm <= TARGET_RSS && p95 <= TARGET_P95_MS ? 0 : process.argv.includes('--strict') ? 2 : 0,
  );
}

main();
