/**
 * Webhook fan-out: N events to 5 endpoints (5·N signed deliveries) through the real server against a bare undici loop
 * posting the same signed bodies to the same receivers, in the same run; then a SIGKILL of the server mid-fan-out and
 * a restart on the same DATA_DIR, counting what the receivers heard.
 *
 *   1. Receivers: 5 HTTP servers on loopback in a child process of their own (both runs share it), answering 204 and
 *      counting each (endpoint, webhook-id) they hear and how often.
 *   2. Reference: an undici Pool per receiver, 64 requests in flight in all (the worker's 4 drains × 16), each body
 *      signed with `standardwebhooks` as Missiva signs it. Run before and after Missiva; the ratio uses the mean.
 *   3. Missiva: the real server (`server/main.ts`, role all, embedded PostgreSQL, WEBHOOK_ALLOW_HTTP/PRIVATE for the
 *      loopback receivers), 5 endpoints created through the API, N `contact.updated` events written to the outbox in
 *      transactions of 2,000 (as a bulk update does), timed from the first write until every delivery succeeded.
 *      Target: ≥ 0.5× the reference's deliveries/s.
 *   4. Kill: N/5 more events, the server SIGKILLed when a third of their deliveries arrived, started again: every
 *      (endpoint, event) must be heard at least once (duplicates are counted; receivers deduplicate on webhook-id).
 *
 *   npm run bench:webhooks -- [--events 100000]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { Webhook } from 'standardwebhooks';
import { Pool as UndiciPool } from 'undici';
import { emitWebhookEvents } from '../../server/services/integrations/outbox.ts';
import { fmt, startBench, type Bench } from '../contacts/shared.ts';
import { freePort, installGuards, loadLine, machineLine, startMissiva, stop, table } from '../platform/harness.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const N = arg('events', 100_000);
const ENDPOINTS = 5;
const IN_FLIGHT = 64;
const CHUNK = 2_000;
const TARGET = 0.5;
installGuards('webhook-fanout', 90 * 60_000);

const RECEIVERS = `
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
  res.end(JSON.stringify({ total, unique }));
}).listen(Number(process.env.CONTROL), '127.0.0.1', () => console.log('receivers ready'));
`;

async function startReceivers() {
  const ports = await Promise.all(Array.from({ length: ENDPOINTS }, () => freePort()));
  const control = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['-e', RECEIVERS], {
    env: { ...process.env, PORTS: JSON.stringify(ports), CONTROL: String(control) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()));
  const read = async (path = '/') =>
    (await (await fetch(`http://127.0.0.1:${control}${path}`)).json()) as { total: number; unique: number };
  return { ports, child, counts: () => read(), reset: () => read('/reset') };
}

async function reference(ports: number[], n: number): Promise<number> {
  const pools = ports.map((p) => new UndiciPool(`http://127.0.0.1:${p}`, { connections: IN_FLIGHT / ENDPOINTS + 1 }));
  const signer = new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`);
  let next = 0;
  const total = n * ENDPOINTS;
  const t0 = performance.now();
  const worker = async () => {
    while (next < total) {
      const i = next++;
      const event = Math.floor(i / ENDPOINTS);
      const id = `evt_ref${event}`;
      const body = JSON.stringify({
        type: 'contact.updated',
        timestamp: new Date().toISOString(),
        data: { id: event, fields: ['first_name'] },
      });
      const at = new Date();
      const res = await pools[i % ENDPOINTS]!.request({
        path: '/',
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'webhook-id': id,
          'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
          'webhook-signature': signer.sign(id, at, body),
        },
        body,
      });
      await res.body.dump();
      if (res.statusCode >= 300) throw new Error(`reference: ${res.statusCode}`);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  const seconds = (performance.now() - t0) / 1000;
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

async function succeeded(bench: Bench): Promise<number> {
  const { rows } = await bench.sql.query<{ n: number }>(
    `select count(*)::int as n from webhook_deliveries where status = 'succeeded'`,
  );
  return rows[0]!.n;
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, label: string) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out: ${label}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function main() {
  console.log('Missiva webhook benchmark: fan-out of signed deliveries, and a SIGKILL mid-fan-out');
  console.log(`machine: ${machineLine()}`);
  console.log(`date:    ${new Date().toISOString()}`);
  console.log(`load:    ${loadLine()} (1/5/15 min) before the run`);
  console.log(`events: ${fmt(N)} × ${ENDPOINTS} endpoints = ${fmt(N * ENDPOINTS)} deliveries`);
  const receivers = await startReceivers();

  const refBefore = await reference(receivers.ports, N);
  console.log(`reference before (bare undici, signed): ${fmt(refBefore)} deliveries/s`);
  await receivers.reset();

  const env = { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE: 'true', LOG_LEVEL: 'error' };
  const bench = await startBench(env);
  const { rows } = await bench.sql.query<{ company_id: string }>(
    `select company_id from users where email = 'demo@missiva.local'`,
  );
  const companyId = rows[0]!.company_id;
  for (const port of receivers.ports) {
    const res = await bench.call('POST', '/webhooks', {
      url: `http://127.0.0.1:${port}/hook`,
      eventTypes: ['contact.updated'],
    });
    if (res.status !== 201) throw new Error(`endpoint: ${res.status} ${JSON.stringify(res.body)}`);
  }
  const t0 = performance.now();
  await emit(bench, companyId, 0, N);
  const emitted = (performance.now() - t0) / 1000;
  await waitUntil(async () => (await succeeded(bench)) >= N * ENDPOINTS, 60 * 60_000, 'fan-out');
  const seconds = (performance.now() - t0) / 1000;
  const ours = (N * ENDPOINTS) / seconds;
  const heard = await receivers.counts();
  console.log(
    `Missiva: ${fmt(ours)} deliveries/s (${fmt(seconds, 1)} s; outbox writes took ${fmt(emitted, 1)} s; ` +
      `receivers heard ${fmt(heard.unique)} distinct of ${fmt(heard.total)})`,
  );

  // Kill mid-fan-out, start again on the same data directory.
  await receivers.reset();
  const killN = Math.max(1_000, Math.floor(N / 5));
  const base = await succeeded(bench);
  await emit(bench, companyId, N, killN);
  await waitUntil(
    async () => (await receivers.counts()).unique >= (killN * ENDPOINTS) / 3,
    30 * 60_000,
    'a third of the kill run',
  );
  bench.server.child.kill('SIGKILL');
  await new Promise((r) => bench.server.child.once('exit', r));
  const atKill = await receivers.counts();
  const port = Number(new URL(bench.base).port);
  const pgPort = Number(new URL(bench.databaseUrl.replace('postgres://', 'http://')).port);
  await bench.sql.end();
  const again = await startMissiva({ dataDir: bench.dataDir, port, pgPort, env, timeoutMs: 60_000 });
  const { default: pg } = await import('pg');
  const sql = new pg.Pool({ connectionString: bench.databaseUrl, max: 2 });
  await waitUntil(
    async () =>
      (await sql.query<{ n: number }>(`select count(*)::int as n from webhook_deliveries where status = 'succeeded'`))
        .rows[0]!.n >=
      base + killN * ENDPOINTS,
    30 * 60_000,
    'the kill run after restart',
  );
  const after = await receivers.counts();
  await sql.end();
  await stop(again.child);

  const refAfter = await reference(receivers.ports, N);
  console.log(`reference after: ${fmt(refAfter)} deliveries/s`);
  receivers.child.kill();

  const ref = (refBefore + refAfter) / 2;
  const ratio = ours / ref;
  const lost = killN * ENDPOINTS - after.unique;
  console.log('');
  console.log(
    table([
      ['measure', 'Missiva', 'reference', 'ratio', 'target', 'result'],
      ['deliveries/s', fmt(ours), fmt(ref), `${ratio.toFixed(2)}×`, `≥ ${TARGET}×`, ratio >= TARGET ? 'met' : 'missed'],
      ['kill run: lost', String(lost), '0', '', '0', lost === 0 ? 'met' : 'MISSED'],
      ['kill run: duplicates', fmt(after.total - after.unique), '', '', 'counted', ''],
      ['kill run: heard at kill', fmt(atKill.unique), fmt(killN * ENDPOINTS), '', '', ''],
    ]),
  );
  process.exit(lost === 0 ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
