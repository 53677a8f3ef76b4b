/**
 * Campaign sending throughput and crash safety, against a loopback smtp-server that counts what it receives.
 *
 *   1. Reference: a bare loop over a pooled nodemailer transport (as many connections as the engine's pool, maxMessages
 *      Infinity) sending the same campaign HTML to N addresses, DKIM-signed by nodemailer with the same 2048-bit key,
 *      50 sends at a time; run before and after the engine, the ratio uses the mean of both.
 *   2. Missiva: the real server (`node --import tsx server/main.ts`, role all, embedded PostgreSQL) sends a campaign to
 *      N contacts of a list: recipients frozen, one job per batch, per-recipient Liquid render, tracked links, pixel,
 *      DKIM, a state, event and timeline row per recipient. Timed from `POST …/send` to status `sent`; the server's
 *      peak RSS from /proc. Target: ≥ 0.8× the reference's messages/s, RSS ≤ 300 MB.
 *   3. Kill mid-send: a second campaign of N/5 recipients, the server SIGKILLed after a fifth of it arrived, started
 *      again on the same DATA_DIR; lost recipients and duplicates counted from what the SMTP server received.
 *
 *   npm run bench:send -- [--recipients 100000]
 *
 * With `--cluster` it sends the campaign through a cluster instead (scripts/cluster/cluster.ts: Debian's PostgreSQL,
 * 1 API node and 2 workers behind nginx), with the same reference before and after, and prints each process's CPU per
 * message and peak RSS: what docs/operations.md sizes workers from. No kill phase (the cluster tests cover that).
 *
 *   npm run bench:send -- --cluster [--recipients 20000]
 */
import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { CLUSTER_SECRET, startCluster } from '../../scripts/cluster/cluster.ts';
import { SEND_POOL_CONNECTIONS } from '../../server/channels/email/adapter.ts';
import { createPool } from '../../server/db/pool.ts';
import { createCompanyWithOwner } from '../../server/services/accounts/accounts.ts';
import { encrypt } from '../../server/services/security/crypto.ts';
import { startBench, fmt, mb, memoryOf } from '../contacts/shared.ts';
import {
  cpuDelta,
  cpuSnapshot,
  installGuards,
  loadLine,
  machineLine,
  startMissiva,
  stop,
} from '../platform/harness.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const CLUSTER = process.argv.includes('--cluster');
const N = arg('recipients', CLUSTER ? 20_000 : 100_000);
const KILL_N = Math.max(1000, Math.floor(N / 5));
installGuards('send', 60 * 60_000);

const HTML = `<!doctype html><html><body>
<h1>Hello {{ contact.first_name | default: "there" }}</h1>
<p>Our <a href="https://shop.example/sale?utm=1">sale</a>, the <a href="https://shop.example/new">news</a> and the
<a href="https://shop.example/blog">blog</a>. ${'Autumn is here and everything is new. '.repeat(40)}</p>
<p><a href="{{ unsubscribe_url }}">Unsubscribe</a> · <a href="{{ mirror_url }}">Web version</a></p>
</body></html>`;

/** The SMTP peer: counts messages and remembers each recipient's Message-IDs (for the kill phase). */
async function smtpPeer() {
  const seen = new Map<string, string[]>();
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      let head = '';
      stream.on('data', (chunk: Buffer) => {
        if (head.length < 8192) head += chunk.toString('latin1');
      });
      stream.on('end', () => {
        count++;
        const id = /^Message-ID:\s*(<[^>]+>)/im.exec(head)?.[1] ?? '';
        for (const r of session.envelope.rcptTo) seen.set(r.address, [...(seen.get(r.address) ?? []), id]);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}?tls=off`,
    seen,
    count: () => count,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const keys = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'der' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});

async function reference(url: string, n: number): Promise<number> {
  const u = new URL(url);
  const transport = nodemailer.createTransport({
    host: u.hostname,
    port: Number(u.port),
    secure: false,
    ignoreTLS: true,
    pool: true,
    maxConnections: SEND_POOL_CONNECTIONS,
    maxMessages: Infinity,
    dkim: { domainName: 'shop.example', keySelector: 'mx1', privateKey: keys.privateKey },
  });
  const html = HTML.replace(/\{\{[^}]*\}\}/g, 'Ada');
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < n) {
      const i = next++;
      await transport.sendMail({
        from: 'Shop <news@shop.example>',
        to: `ref${i}@example.com`,
        subject: 'Hi Ada, autumn is here',
        html,
      });
    }
  };
  await Promise.all(Array.from({ length: 50 }, worker));
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  // This process runs both the loop and the SMTP peer.
  console.log(`  reference CPU (loop + SMTP peer): ${fmt((cpu.user + cpu.system) / 1000 / n, 2)} ms/msg`);
  transport.close();
  return n / seconds;
}

/** A verified sender on a DKIM domain, a list of `n` new contacts and a campaign to it; answers the campaign's id. */
async function seedCampaign(sql: pg.Pool, companyId: string, secret: string, prefix: string, n: number) {
  await sql.query(`set missiva.system = 'on'`);
  const domain = await sql.query<{ id: number }>(
    `insert into sending_domains (company_id, domain, dkim_selector, dkim_private_key, dkim_public_key,
                                  return_path_host)
     values ($1, 'shop.example', 'mx1', $2, $3, 'bounce.shop.example')
     on conflict (company_id, domain) do update set dkim_selector = 'mx1' returning id`,
    [companyId, encrypt(secret, keys.privateKey), keys.publicKey.toString('base64')],
  );
  const sender = await sql.query<{ id: number }>(
    `insert into senders (company_id, channel, name, address, domain_id, verified_at)
     values ($1, 'email', 'Shop', 'news@shop.example', $2, now())
     on conflict (company_id, channel, address) do update set name = 'Shop' returning id`,
    [companyId, domain.rows[0]!.id],
  );
  const folder = await sql.query<{ id: number }>(
    `insert into folders (company_id, name) values ($1, $2) returning id`,
    [companyId, prefix],
  );
  const list = await sql.query<{ id: number }>(
    `insert into lists (company_id, folder_id, name) values ($1, $2, $3) returning id`,
    [companyId, folder.rows[0]!.id, prefix],
  );
  await sql.query(
    `with c as (insert into contacts (company_id, email, first_name)
                select $1, $2 || i || '@example.com', 'Name' || i from generate_series(1, $3) i returning id)
     insert into list_members (company_id, list_id, contact_id) select $1, $4, id from c`,
    [companyId, prefix, n, list.rows[0]!.id],
  );
  const message = await sql.query<{ id: number }>(
    `insert into messages (company_id, channel, name, subject, preview_text, sender_id, html, include_lists)
     values ($1, 'email', $2, 'Hi {{ contact.first_name }}, autumn is here', 'All new this autumn', $3, $4,
             array[$5::bigint]) returning id`,
    [companyId, prefix, sender.rows[0]!.id, HTML, list.rows[0]!.id],
  );
  return Number(message.rows[0]!.id);
}

async function main() {
  console.log('Missiva messaging benchmark: campaign sending');
  console.log(`machine: ${machineLine()}`);
  console.log(`date:    ${new Date().toISOString()}`);
  console.log(`load:    ${loadLine()} (1/5/15 min) before the run`);
  console.log(`recipients: ${fmt(N)}`);
  const smtp = await smtpPeer();

  // The reference runs before and after the engine (the machine's load drifts); the ratio uses their mean.
  const refBefore = await reference(smtp.url, N);
  console.log(`reference before (bare pooled nodemailer + DKIM): ${fmt(refBefore)} msgs/s`);

  const bench = await startBench({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://mail.missiva.test' });
  const secret = readFileSync(path.join(bench.dataDir, 'secret-key'), 'utf8').trim();
  const { rows } = await bench.sql.query<{ company_id: string }>(
    `select company_id from users where email = 'demo@missiva.local'`,
  );
  const companyId = rows[0]!.company_id;
  const seed = (prefix: string, n: number) => seedCampaign(bench.sql, companyId, secret, prefix, n);
  const waitSent = async (id: number, pid: () => number, timeoutMs: number) => {
    let peak = 0;
    const t0 = performance.now();
    for (;;) {
      try {
        peak = Math.max(peak, memoryOf(pid()).rss);
      } catch {
        /* the process is being replaced */
      }
      const r = await bench.sql.query<{ status: string }>('select status from messages where id = $1', [id]);
      if (r.rows[0]!.status !== 'sending') return { status: r.rows[0]!.status, peak };
      if (performance.now() - t0 > timeoutMs) return { status: 'timeout', peak };
      await new Promise((r) => setTimeout(r, 250));
    }
  };

  const id = await seed('bench', N);
  const before = smtp.count();
  const cpuServer0 = cpuSnapshot(bench.server.child.pid!, bench.dataDir);
  const cpuPeer0 = process.cpuUsage();
  const t0 = performance.now();
  const sent = await bench.call('POST', `/channels/email/messages/${id}/send`);
  if (sent.status !== 200) throw new Error(`send: ${sent.status} ${JSON.stringify(sent.body)}`);
  const done = await waitSent(id, () => bench.server.child.pid!, 45 * 60_000);
  const seconds = (performance.now() - t0) / 1000;
  const received = smtp.count() - before;
  const rate = received / seconds;
  const hwm = memoryOf(bench.server.child.pid!).hwm;
  const cpu = cpuDelta(cpuServer0, cpuSnapshot(bench.server.child.pid!, bench.dataDir));
  const peer = process.cpuUsage(cpuPeer0);
  console.log(
    `  missiva CPU: server ${fmt(cpu.node / received, 2)} ms/msg, ` +
      `PostgreSQL ${fmt(cpu.postgres / received, 2)} ms/msg, ` +
      `SMTP peer ${fmt((peer.user + peer.system) / 1000 / received, 2)} ms/msg`,
  );
  console.log(
    `missiva: ${fmt(received)} received in ${fmt(seconds, 1)} s (status ${done.status}): ${fmt(rate)} msgs/s; ` +
      `server RSS peak sampled ${mb(done.peak)}, VmHWM ${mb(hwm)}`,
  );
  const refAfter = await reference(smtp.url, N);
  const refRate = (refBefore + refAfter) / 2;
  console.log(`reference after: ${fmt(refAfter)} msgs/s`);
  console.log(`ratio: ${fmt(rate / refRate, 2)}× the reference's mean (target ≥ 0.8×); RSS target ≤ 300 MB`);
  console.log(`load:    ${loadLine()} (1/5/15 min) after the send`);

  // Kill mid-send.
  const killId = await seed('kill', KILL_N);
  await bench.call('POST', `/channels/email/messages/${killId}/send`);
  const addressesBefore = () => [...smtp.seen.keys()].filter((a) => a.startsWith('kill')).length;
  while (addressesBefore() < KILL_N / 5) await new Promise((r) => setTimeout(r, 20));
  bench.server.child.kill('SIGKILL');
  await new Promise((r) => bench.server.child.once('exit', r));
  const atKill = addressesBefore();
  const restarted = await startMissiva({
    dataDir: bench.dataDir,
    port: Number(new URL(bench.base).port),
    pgPort: Number(new URL(bench.databaseUrl.replace('postgres://', 'http://')).port),
    env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://mail.missiva.test' },
    timeoutMs: 60_000,
  });
  const after = await waitSent(killId, () => restarted.child.pid!, 20 * 60_000);
  let lost = 0;
  let duplicates = 0;
  let sameId = true;
  for (let i = 1; i <= KILL_N; i++) {
    const ids = smtp.seen.get(`kill${i}@example.com`) ?? [];
    if (ids.length === 0) lost++;
    duplicates += Math.max(0, ids.length - 1);
    if (new Set(ids).size > 1) sameId = false;
  }
  console.log(
    `kill mid-send: ${fmt(KILL_N)} recipients, killed after ${fmt(atKill)}; status ${after.status}; lost ${lost}, ` +
      `duplicates ${duplicates} (target ≤ ${SEND_POOL_CONNECTIONS}, the pool's connections), ` +
      `duplicates share the Message-ID: ${sameId}`,
  );
  await stop(restarted.child);
  await bench.sql.end();
  await smtp.close();
  console.log(`load:    ${loadLine()} (1/5/15 min) after the run`);
}

/** The campaign through a cluster of 1 API node and 2 workers: throughput, and CPU and RSS per process. */
async function clusterMain() {
  console.log('Missiva messaging benchmark: campaign sending through a cluster (1 API node, 2 workers)');
  console.log(`machine: ${machineLine()}`);
  console.log(`date:    ${new Date().toISOString()}`);
  console.log(`load:    ${loadLine()} (1/5/15 min) before the run`);
  console.log(`recipients: ${fmt(N)}`);
  const smtp = await smtpPeer();
  const refBefore = await reference(smtp.url, N);
  console.log(`reference before (bare pooled nodemailer + DKIM): ${fmt(refBefore)} msgs/s`);

  const dir = path.resolve('.tmp/bench-send-cluster');
  const cluster = await startCluster({
    api: 1,
    workers: 2,
    basePort: 5720,
    dir,
    env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://mail.missiva.test', LOG_LEVEL: 'warn' },
  });
  const sql = createPool(cluster.databaseUrl, 2, { system: true });
  const email = `bench.${Date.now()}@example.com`;
  const { companyId } = await createCompanyWithOwner(sql, {
    company: 'Shop',
    email,
    password: 'secret-pass',
    firstName: 'Ada',
    lastName: 'Lovelace',
    // Credits for every send of the run: campaigns pay per batch before SMTP, as in production.
    startingCredits: 100_000_000,
  });
  const login = await fetch(`${cluster.url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'secret-pass' }),
  });
  const { token } = (await login.json()) as { token: string };
  const id = await seedCampaign(sql, companyId, CLUSTER_SECRET, 'bench', N);

  const nodes = cluster.nodes.map((n) => ({ name: n.name, pid: n.process.pid!, peak: 0 }));
  // PostgreSQL's CPU: its postmaster and backends, found from its data directory (dir/postgres).
  const before = nodes.map((n, i) => cpuSnapshot(n.pid, i === 0 ? dir : '/nonexistent'));
  const countBefore = smtp.count();
  const t0 = performance.now();
  const sent = await fetch(`${cluster.url}/api/channels/email/messages/${id}/send`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  if (sent.status !== 200) throw new Error(`send: ${sent.status} ${await sent.text()}`);
  let status = 'sending';
  while (status === 'sending' && performance.now() - t0 < 45 * 60_000) {
    for (const n of nodes) n.peak = Math.max(n.peak, memoryOf(n.pid).rss);
    status = (await sql.query<{ status: string }>('select status from messages where id = $1', [id])).rows[0]!.status;
    if (status === 'sending') await new Promise((r) => setTimeout(r, 250));
  }
  const seconds = (performance.now() - t0) / 1000;
  const received = smtp.count() - countBefore;
  const after = nodes.map((n, i) => cpuSnapshot(n.pid, i === 0 ? dir : '/nonexistent'));
  const rate = received / seconds;
  console.log(
    `missiva (cluster): ${fmt(received)} received in ${fmt(seconds, 1)} s (status ${status}): ${fmt(rate)} msgs/s`,
  );
  let workersMs = 0;
  nodes.forEach((n, i) => {
    const cpu = cpuDelta(before[i]!, after[i]!);
    if (n.name.startsWith('worker')) workersMs += cpu.node;
    console.log(
      `  ${n.name}: CPU ${fmt(cpu.node / received, 2)} ms/msg (${fmt(cpu.node / 1000, 1)} s), ` +
        `RSS peak ${mb(n.peak)}, VmHWM ${mb(memoryOf(n.pid).hwm)}`,
    );
  });
  const postgres = cpuDelta(before[0]!, after[0]!).postgres;
  console.log(`  PostgreSQL: CPU ${fmt(postgres / received, 2)} ms/msg (${fmt(postgres / 1000, 1)} s)`);
  // 100,000 messages an hour is 27.8 a second: the share of one core each part needs for it.
  const perHour = (ms: number) => `${fmt(((ms / received) * 100_000) / 3_600_000, 2)} cores`;
  console.log(`  per 100k sends/hour: workers ${perHour(workersMs)}, PostgreSQL ${perHour(postgres)}`);
  const refAfter = await reference(smtp.url, N);
  console.log(`reference after: ${fmt(refAfter)} msgs/s`);
  console.log(`ratio: ${fmt(rate / ((refBefore + refAfter) / 2), 2)}× the reference's mean`);
  console.log(`load:    ${loadLine()} (1/5/15 min) after the run`);
  await sql.end();
  await cluster.stop();
  await smtp.close();
}

(CLUSTER ? clusterMain() : main()).then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
