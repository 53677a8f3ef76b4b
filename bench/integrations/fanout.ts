/**
 * Webhook fan-out (issue 20, targets 1 and 2): N events to 5 endpoints (5·N signed deliveries) drained by the real
 * server against a bare undici loop posting the same signed bodies with the same concurrency, in the same run.
 *
 *   1. Receiver: a plain node:http server in a child process of its own (both sides share it), 5 ports on loopback,
 *      answering 204 and counting each (endpoint, webhook-id) it hears and how often.
 *   2. Reference: an undici Pool per port with as many requests in flight as the worker posts at once (its 4 drains ×
 *      DEFAULT_DELIVERY_LIMITS.concurrency), each body built and signed by Missiva's own `deliveryBody` and
 *      `signDelivery`. Run before and after Missiva; the ratio uses their mean.
 *   3. Missiva: the real server in a separate process (`server/main.ts`, role all: the worker runs in it, as on a
 *      one-node install; embedded PostgreSQL; WEBHOOK_ALLOW_HTTP/PRIVATE for the loopback receiver), 5 endpoints made
 *      through the API, N `contact.updated` events written to the outbox in transactions of 2,000 (as a bulk update
 *      does), timed from the first write until every delivery succeeded. Target: ≥ 0.5× the reference.
 *   4. `--kill`: the same N events, the server SIGKILLed when a third of the deliveries arrived and started again on
 *      the same data directory: every (endpoint, event) must be heard at least once; a duplicate is allowed only for
 *      a delivery that was in flight at the kill (claimed, its attempt not recorded).
 *
 *   npm run bench:webhooks:fanout -- [--events 100000] [--kill] [--cpu-prof]
 *
 * `--cpu-prof` writes the server's V8 CPU profile to $TMPDIR/missiva-fanout-profiles/ when it stops.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Pool as UndiciPool } from 'undici';
import { emitWebhookEvents } from '../../server/services/integrations/outbox.ts';
import { DEFAULT_DELIVERY_LIMITS } from '../../server/services/integrations/deliveryTypes.ts';
import { deliveryBody, newWebhookSecret, signDelivery } from '../../server/services/integrations/signing.ts';
import { fmt, startBench, type Bench } from '../contacts/shared.ts';
import {
  cpuDelta,
  cpuSnapshot,
  freePort,
  installGuards,
  loadLine,
  machineLine,
  startMissiva,
  stop,
  table,
} from '../platform/harness.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const N = arg('events', 100_000);
const KILL = process.argv.includes('--kill');
const PROFILE = process.argv.includes('--cpu-prof');
const ENDPOINTS = 5;
/** The worker's job concurrency (server/jobs/worker.ts) times what one drain posts at once. */
const WORKER_SLOTS = 4;
const IN_FLIGHT = Math.min(WORKER_SLOTS, ENDPOINTS) * DEFAULT_DELIVERY_LIMITS.concurrency;
const CHUNK = 2_000;
const TARGET = 0.5;
installGuards('webhook-fanout', 90 * 60_000);

const RECEIVER = `
const http = require('node:http');
const ports = JSON.parse(process.env.PORTS);
const heard = ports.map(() => new Map());
let total = 0;
ports.forEach((port, i) => {
  http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const id = req.headers['webhook-id'];
      heard[i].set(id, (heard[i].get(id) || 0) + 1);
      total++;
      res.statusCode = 204;
      res.end();
    });
  }).listen(port, '127.0.0.1');
});
http.createServer((req, res) => {
  if (req.url === '/reset') heard.forEach((m) => m.clear()), (total = 0);
  const unique = heard.reduce((n, m) => n + m.size, 0);
  // With ?ids, every (endpoint, webhook-id) heard, for the check that none is missing.
  const ids = req.url === '/ids' ? heard.map((m) => [...m.keys()]) : undefined;
  res.end(JSON.stringify({ total, unique, ids }));
}).listen(Number(process.env.CONTROL), '127.0.0.1', () => console.log('receiver ready'));
`;

interface Counts {
  total: number;
  unique: number;
  ids?: string[][];
}

async function startReceiver() {
  const ports = await Promise.all(Array.from({ length: ENDPOINTS }, () => freePort()));
  const control = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['-e', RECEIVER], {
    env: { ...process.env, PORTS: JSON.stringify(ports), CONTROL: String(control) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()));
  const read = async (p = '/') => (await (await fetch(`http://127.0.0.1:${control}${p}`)).json()) as Counts;
  return { ports, child, counts: () => read(), ids: () => read('/ids'), reset: () => read('/reset') };
}

/** CPU milliseconds a process has used (user + system), from /proc: where each side's time goes. */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // USER_HZ is 100 on Linux
}

/** CPU per 1,000 deliveries, in ms. */
const per1k = (ms: number, deliveries: number) => fmt((ms / deliveries) * 1000);

/** The bare loop: the same bodies, signed the same way, the same number in flight; nothing recorded. */
async function reference(ports: number[], n: number, receiverPid: number): Promise<number> {
  const cpu0 = process.cpuUsage();
  const receiver0 = cpuMs(receiverPid);
  const pools = ports.map(
    (p) => new UndiciPool(`http://127.0.0.1:${p}`, { connections: DEFAULT_DELIVERY_LIMITS.concurrency }),
  );
  const secrets = [newWebhookSecret()];
  let next = 0;
  const total = n * ENDPOINTS;
  const t0 = performance.now();
  const lane = async () => {
    while (next < total) {
      const i = next++;
      const event = Math.floor(i / ENDPOINTS);
      const body = deliveryBody('contact.updated', new Date(), { id: event, fields: ['first_name'] });
      const res = await pools[i % ENDPOINTS]!.request({
        path: '/hook',
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Missiva-Webhooks/1',
          ...signDelivery(secrets, `evt_ref${event}`, new Date(), body),
        },
        body,
      });
      await res.body.dump();
      if (res.statusCode >= 300) throw new Error(`reference: ${res.statusCode}`);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  console.log(
    `  CPU per 1,000 deliveries: loop ${per1k((cpu.user + cpu.system) / 1000, total)} ms, ` +
      `receiver ${per1k(cpuMs(receiverPid) - receiver0, total)} ms`,
  );
  await Promise.all(pools.map((p) => p.close()));
  return total / seconds;
}

/** Writes `n` contact.updated events into the outbox, `CHUNK` per transaction bound to the company. */
async function emit(bench: Bench, companyId: string, from: number, n: number) {
  const client = await bench.sql.connect();
  try {
    for (let i = 0; i < n; i += CHUNK) {
      await client.query('begin');
      await client.query(`select set_config('missiva.company_id', $1, true)`, [companyId]);
      const payloads = Array.from({ length: Math.min(CHUNK, n - i) }, (_, k) => ({
        id: from + i + k,
        fields: ['first_name'],
      }));
      await emitWebhookEvents(client, companyId, 'contact.updated', payloads);
      await client.query('commit');
    }
  } finally {
    client.release();
  }
}

type Sql = Bench['sql'];
const count = async (sql: Sql, where: string) =>
  (await sql.query<{ n: number }>(`select count(*)::int as n from webhook_deliveries where ${where}`)).rows[0]!.n;

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, label: string) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out: ${label}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function main() {
  console.log(`Missiva webhook fan-out${KILL ? ', with a SIGKILL of the server mid-run' : ''}`);
  console.log(`machine: ${machineLine()}`);
  console.log(`date:    ${new Date().toISOString()}`);
  console.log(`load:    ${loadLine()} (1/5/15 min) before the run`);
  console.log(`events:  ${fmt(N)} × ${ENDPOINTS} endpoints = ${fmt(N * ENDPOINTS)} deliveries, ${IN_FLIGHT} in flight`);
  console.log('worker:  in the server process (role all), a separate process from this one and the receiver');
  const receiver = await startReceiver();

  const refBefore = KILL ? 0 : await reference(receiver.ports, N, receiver.child.pid!);
  if (!KILL) console.log(`reference before (bare undici, signed): ${fmt(refBefore)} deliveries/s`);
  await receiver.reset();

  const profileDir = path.join(os.tmpdir(), 'missiva-fanout-profiles');
  const env: Record<string, string> = {
    WEBHOOK_ALLOW_HTTP: 'true',
    WEBHOOK_ALLOW_PRIVATE: 'true',
    LOG_LEVEL: 'error',
    // NODE_OPTIONS refuses --cpu-prof: a preloaded module runs V8's profiler instead.
    ...(PROFILE
      ? { NODE_OPTIONS: `--import ${path.join(import.meta.dirname, 'cpu-profile.mjs')}`, CPU_PROFILE_DIR: profileDir }
      : {}),
  };
  const bench = await startBench(env);
  const { rows } = await bench.sql.query<{ company_id: string }>(
    `select company_id from users where email = 'demo@missiva.local'`,
  );
  const companyId = rows[0]!.company_id;
  for (const port of receiver.ports) {
    const res = await bench.call('POST', '/webhooks', {
      url: `http://127.0.0.1:${port}/hook`,
      eventTypes: ['contact.updated'],
    });
    if (res.status !== 201) throw new Error(`endpoint: ${res.status} ${JSON.stringify(res.body)}`);
  }
  const expected = N * ENDPOINTS;
  const cpu0 = cpuSnapshot(bench.server.child.pid!, bench.dataDir);
  const receiver0 = cpuMs(receiver.child.pid!);
  const t0 = performance.now();
  await emit(bench, companyId, 0, N);
  const emitted = (performance.now() - t0) / 1000;

  let sql: Sql = bench.sql;
  let server = bench.server.child;
  let atKill: Counts | undefined;
  let inFlightAtKill = 0;
  if (KILL) {
    await waitUntil(async () => (await receiver.counts()).unique >= expected / 3, 60 * 60_000, 'a third heard');
    server.kill('SIGKILL');
    await new Promise((r) => server.once('exit', r));
    atKill = await receiver.counts();
    // Claimed and not recorded: the attempts the kill cut off (their receipt, if any, was never written down).
    inFlightAtKill = await count(
      sql,
      `status = 'pending' and attempts > 0 and not exists (select 1 from webhook_attempts a
         where a.company_id = webhook_deliveries.company_id and a.delivery_id = webhook_deliveries.id
           and a.attempt = webhook_deliveries.attempts)`,
    );
    console.log(`killed at ${fmt(atKill.unique)} heard; ${fmt(inFlightAtKill)} deliveries in flight at the kill`);
    const port = Number(new URL(bench.base).port);
    const pgPort = Number(new URL(bench.databaseUrl.replace('postgres://', 'http://')).port);
    await bench.sql.end();
    const again = await startMissiva({ dataDir: bench.dataDir, port, pgPort, env, timeoutMs: 60_000 });
    server = again.child;
    const { default: pg } = await import('pg');
    sql = new pg.Pool({ connectionString: bench.databaseUrl, max: 2 });
  }
  // The receiver's count first (another process, no cost to the database): counting half a million rows five times a
  // second would take a share of the cores the worker and PostgreSQL are measured on. Then the database, which records
  // a batch just after its posts end.
  await waitUntil(async () => (await receiver.counts()).unique >= expected, 60 * 60_000, 'every delivery heard');
  await waitUntil(async () => (await count(sql, `status = 'succeeded'`)) >= expected, 60 * 60_000, 'fan-out');
  const seconds = (performance.now() - t0) / 1000;
  const ours = expected / seconds;
  if (!KILL) {
    const cpu = cpuDelta(cpu0, cpuSnapshot(server.pid!, bench.dataDir));
    console.log(
      `  CPU per 1,000 deliveries: server ${per1k(cpu.node, expected)} ms, ` +
        `PostgreSQL ${per1k(cpu.postgres, expected)} ms, receiver ${per1k(cpuMs(receiver.child.pid!) - receiver0, expected)} ms (outbox writes included)`,
    );
  }
  const retried = await count(sql, 'attempts > 1');
  const heard = await receiver.ids();
  const expectedIds = new Set(
    (await sql.query<{ event_uid: string }>('select event_uid from webhook_events')).rows.map((r) => r.event_uid),
  );
  const missing = heard.ids!.reduce(
    (n, ids) => n + expectedIds.size - ids.filter((id) => expectedIds.has(id)).length,
    0,
  );
  const duplicates = heard.total - heard.unique;
  await sql.end();
  await stop(server);
  console.log(
    `Missiva: ${fmt(ours)} deliveries/s (${fmt(seconds, 1)} s; outbox writes took ${fmt(emitted, 1)} s; ` +
      `receiver heard ${fmt(heard.unique)} distinct of ${fmt(heard.total)}; ${fmt(retried)} deliveries retried)`,
  );

  const refAfter = KILL ? 0 : await reference(receiver.ports, N, receiver.child.pid!);
  if (!KILL) console.log(`reference after: ${fmt(refAfter)} deliveries/s`);
  receiver.child.kill();

  const ref = (refBefore + refAfter) / 2;
  const ratio = ours / ref;
  // A duplicate is a delivery posted twice: allowed for an attempt the kill cut off or a retried time-out.
  const allowed = KILL ? inFlightAtKill : retried;
  const rowsOut = [['measure', 'Missiva', 'reference', 'ratio', 'target', 'result']];
  if (!KILL) {
    rowsOut.push([
      'deliveries/s',
      fmt(ours),
      fmt(ref),
      `${ratio.toFixed(2)}×`,
      `≥ ${TARGET}×`,
      ratio >= TARGET ? 'met' : 'missed',
    ]);
  }
  rowsOut.push(['lost (endpoint, event) pairs', String(missing), '', '', '0', missing === 0 ? 'met' : 'MISSED']);
  rowsOut.push([
    'duplicates',
    fmt(duplicates),
    '',
    '',
    KILL ? `≤ ${fmt(allowed)} in flight at the kill` : `≤ ${fmt(allowed)} retried`,
    duplicates <= allowed ? 'met' : 'MISSED',
  ]);
  if (KILL) rowsOut.push(['deliveries/s across the kill', fmt(ours), '', '', '', '']);
  console.log('');
  console.log(table(rowsOut));
  process.exit(missing === 0 && duplicates <= allowed ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
