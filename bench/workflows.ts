/**
 * Workflow engine: enrolment and first send at scale, and the cost of runs that wait.
 *
 *   (a) N contacts of a list get a campaign (reference, same run, same contacts, same SMTP peer), then all N are
 *       enrolled at once (as the list trigger enrols: one transaction of `enrol`) in
 *       trigger → email → wait 1 day → opened? → email / exit. Timed from the enrolment's commit until the SMTP peer
 *       has the first email of every contact. Target: the workflow's rate ≥ 0.7× the campaign's.
 *   (b) W runs waiting (wait 1 day) on a workflow: the server's and PostgreSQL's CPU and the reads of workflow_runs
 *       (pg_stat_user_tables) over a window, against the same window before those runs existed. Target: no work per
 *       waiting run (CPU within noise of the idle window, no reads of workflow_runs).
 *
 *   npm run bench:workflows -- [--contacts 100000] [--waiting 1000000] [--seconds 60]
 *
 * The real server (`node --import tsx server/main.ts`, role all, embedded PostgreSQL) and a loopback smtp-server.
 */
import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { enrol } from '../server/services/workflows/engine.ts';
import { startBench, fmt } from './contacts/shared.ts';
import { cpuDelta, cpuSnapshot, installGuards, loadLine, machineLine, stop } from './platform/harness.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const N = arg('contacts', 100_000);
const WAITING = arg('waiting', 1_000_000);
const WINDOW_S = arg('seconds', 60);
installGuards('workflows', 90 * 60_000);

const MJML = `<mjml><mj-body><mj-section><mj-column>
<mj-text>Hello {{ contact.first_name | default: "there" }}, welcome to the <a href="https://shop.example/new">shop</a>.
${'Everything new this autumn. '.repeat(30)}</mj-text>
<mj-text><a href="{{ unsubscribe_url }}">Unsubscribe</a></mj-text></mj-column></mj-section></mj-body></mjml>`;

/** The SMTP peer: counts messages per recipient prefix. */
async function smtpPeer() {
  const counts = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        for (const r of session.envelope.rcptTo) {
          const prefix = r.address.replace(/\d+@.*$/, '');
          counts.set(prefix, (counts.get(prefix) ?? 0) + 1);
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}?tls=off`,
    count: (prefix: string) => counts.get(prefix) ?? 0,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function untilReceived(count: () => number, n: number, timeoutMs: number) {
  const t0 = performance.now();
  while (count() < n && performance.now() - t0 < timeoutMs) await sleep(200);
  return (performance.now() - t0) / 1000;
}

/** Reads of workflow_runs so far (sequential and index scans), from PostgreSQL's statistics. */
async function runReads(sql: pg.Pool): Promise<number> {
  await sql.query('select pg_stat_clear_snapshot()');
  const { rows } = await sql.query<{ n: string }>(
    `select coalesce(seq_scan, 0) + coalesce(idx_scan, 0) as n from pg_stat_user_tables where relname = 'workflow_runs'`,
  );
  return Number(rows[0]?.n ?? 0);
}

async function main() {
  console.log('Missiva workflow benchmark: enrolment and first send, waiting runs');
  console.log(`machine: ${machineLine()}`);
  console.log(`date:    ${new Date().toISOString()}`);
  console.log(`load:    ${loadLine()} (1/5/15 min) before the run`);
  console.log(`contacts: ${fmt(N)}, waiting runs: ${fmt(WAITING)}, window: ${WINDOW_S} s`);
  const smtp = await smtpPeer();
  const bench = await startBench({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://mail.missiva.test' });
  const { sql } = bench;
  const { rows } = await sql.query<{ company_id: string }>(
    `select company_id from users where email = 'demo@missiva.local'`,
  );
  const companyId = rows[0]!.company_id;

  // A verified sender (DKIM is not what is measured here: both sides sign or neither), one list of N contacts.
  await sql.query(
    `insert into senders (company_id, channel, name, address, verified_at)
     values ($1, 'email', 'Shop', 'news@shop.example', now())
     on conflict (company_id, channel, address) do update set verified_at = now()`,
    [companyId],
  );
  const folder = await sql.query<{ id: number }>(
    `insert into folders (company_id, name) values ($1, 'bench') returning id::int`,
    [companyId],
  );
  const list = await sql.query<{ id: number }>(
    `insert into lists (company_id, folder_id, name) values ($1, $2, 'Signups') returning id::int`,
    [companyId, folder.rows[0]!.id],
  );
  const listId = list.rows[0]!.id;
  await sql.query(
    `with c as (insert into contacts (company_id, email, first_name)
                select $1, 'p' || i || '@example.com', 'Name' || i from generate_series(1, $2) i returning id)
     insert into list_members (company_id, list_id, contact_id) select $1, $3, id from c`,
    [companyId, N, listId],
  );
  const template = (await bench.call('POST', '/channels/email/templates', { name: 'Welcome letter' })).body;
  const saved = await bench.call('PUT', `/channels/email/templates/${template.id}`, {
    subject: 'Welcome',
    source: MJML,
  });
  if (saved.status !== 200) throw new Error(`template: ${saved.status} ${JSON.stringify(saved.body)}`);

  // (a) Reference: a campaign with the template's content to the list, through the same server and SMTP peer.
  const html = (await sql.query<{ html: string }>('select html from templates where id = $1', [template.id])).rows[0]!
    .html;
  const sender = await sql.query<{ id: number }>(
    `select id::int from senders where company_id = $1 and address = 'news@shop.example'`,
    [companyId],
  );
  // The same contacts as the workflow: the peer counts each phase as the difference from its start.
  const camp = await sql.query<{ id: number }>(
    `insert into messages (company_id, channel, name, subject, sender_id, html, include_lists)
     values ($1, 'email', 'Welcome campaign', 'Welcome', $2, $3, array[$4::bigint]) returning id::int`,
    [companyId, sender.rows[0]!.id, html, listId],
  );
  const c0 = smtp.count('p');
  const tc = performance.now();
  const sent = await bench.call('POST', `/channels/email/messages/${camp.rows[0]!.id}/send`);
  if (sent.status !== 200) throw new Error(`send: ${sent.status} ${JSON.stringify(sent.body)}`);
  await untilReceived(() => smtp.count('p') - c0, N, 45 * 60_000);
  const campSeconds = (performance.now() - tc) / 1000;
  const campRate = (smtp.count('p') - c0) / campSeconds;
  console.log(`campaign: ${fmt(smtp.count('p') - c0)} received in ${fmt(campSeconds, 1)} s: ${fmt(campRate)} msgs/s`);
  console.log(`load:    ${loadLine()} (1/5/15 min) after the campaign`);

  const workflow = (await bench.call('POST', '/workflows', { name: 'Welcome' })).body;
  const graph = {
    nodes: [
      { id: 'n1', kind: 'trigger', position: { x: 0, y: 0 }, config: { type: 'listAdded', listId } },
      { id: 'n2', kind: 'sendEmail', position: { x: 0, y: 100 }, config: { templateId: template.id } },
      { id: 'n3', kind: 'wait', position: { x: 0, y: 200 }, config: { mode: 'duration', amount: 1, unit: 'days' } },
      { id: 'n4', kind: 'branch', position: { x: 0, y: 300 }, config: { mode: 'previousEmail', event: 'opened' } },
      { id: 'n5', kind: 'sendEmail', position: { x: 0, y: 400 }, config: { templateId: template.id } },
      { id: 'n6', kind: 'exit', position: { x: 0, y: 500 }, config: {} },
    ],
    edges: [
      { id: 'e1', source: 'n1', handle: 'next', target: 'n2' },
      { id: 'e2', source: 'n2', handle: 'next', target: 'n3' },
      { id: 'e3', source: 'n3', handle: 'next', target: 'n4' },
      { id: 'e4', source: 'n4', handle: 'yes', target: 'n5' },
      { id: 'e5', source: 'n4', handle: 'no', target: 'n6' },
      { id: 'e6', source: 'n5', handle: 'next', target: 'n6' },
    ],
  };
  const put = await bench.call('PUT', `/workflows/${workflow.id}`, { name: 'Welcome', graph });
  if (put.status !== 200) throw new Error(`workflow: ${put.status} ${JSON.stringify(put.body)}`);
  await bench.call('POST', `/workflows/${workflow.id}/status`, { status: 'active' });

  // Enrolled as a list trigger enrols: every member in one transaction bound to the company, then the job runs.
  const w0 = smtp.count('p');
  const tw = performance.now();
  const client = await sql.connect();
  let enrolled = 0;
  try {
    await client.query('begin');
    await client.query(`select set_config('missiva.company_id', $1, true)`, [companyId]);
    const ids = await client.query<{ id: number }>(
      'select contact_id::int as id from list_members where company_id = $1 and list_id = $2',
      [companyId, listId],
    );
    enrolled = await enrol(
      client,
      companyId,
      workflow.id,
      ids.rows.map((r) => r.id),
    );
    await client.query('commit');
  } finally {
    client.release();
  }
  const enrolSeconds = (performance.now() - tw) / 1000;
  await untilReceived(() => smtp.count('p') - w0, N, Math.max(60_000, N * 30));
  const wfSeconds = (performance.now() - tw) / 1000;
  const wfReceived = smtp.count('p') - w0;
  const wfRate = wfReceived / wfSeconds;
  const states = await sql.query<{ status: string; node_id: string; n: number }>(
    `select status, node_id, count(*)::int as n from workflow_runs where company_id = $1 and workflow_id = $2
      group by 1, 2 order by 1, 2`,
    [companyId, workflow.id],
  );
  const messages = await sql.query<{ status: string; n: number }>(
    `select m.status || ' ' || coalesce(r.state, '-') as status, count(*)::int as n from messages m
       left join message_recipients r on r.company_id = m.company_id and r.message_id = m.id
      where m.company_id = $1 and m.type = 'automated' group by 1`,
    [companyId],
  );
  console.log(`step message: ${messages.rows.map((r) => `${r.status} ${fmt(r.n)}`).join(', ')}`);
  console.log(
    `workflow: ${fmt(enrolled)} enrolled in ${fmt(enrolSeconds, 1)} s; ${fmt(wfReceived)} first emails received ` +
      `${fmt(wfSeconds, 1)} s after the enrolment began: ${fmt(wfRate)} msgs/s; runs: ` +
      states.rows.map((r) => `${r.status}@${r.node_id} ${fmt(r.n)}`).join(', '),
  );
  console.log(`ratio (a): ${fmt(wfRate / campRate, 2)}× the campaign's rate (target ≥ 0.7×)`);
  console.log(`load:    ${loadLine()} (1/5/15 min) after the workflow send`);

  // (b) The idle window first (the N runs above wait a day, so they are part of both windows), then W more runs.
  const pid = bench.server.child.pid!;
  const measure = async () => {
    const reads0 = await runReads(sql);
    const cpu0 = cpuSnapshot(pid, bench.dataDir);
    await sleep(WINDOW_S * 1000);
    const cpu = cpuDelta(cpu0, cpuSnapshot(pid, bench.dataDir));
    return { ...cpu, reads: (await runReads(sql)) - reads0 };
  };
  const idle = await measure();
  const version = await sql.query<{ version_id: number }>(
    'select version_id::int from workflows where company_id = $1 and id = $2',
    [companyId, workflow.id],
  );
  const ti = performance.now();
  await sql.query(
    `insert into workflow_runs (company_id, workflow_id, version_id, contact_id, node_id, status, next_at)
     select $1, $2, $3, 10000000 + i, 'n3', 'waiting', now() + interval '1 day' from generate_series(1, $4) i`,
    [companyId, workflow.id, version.rows[0]!.version_id, WAITING],
  );
  await sql.query('analyze workflow_runs');
  console.log(`waiting runs: ${fmt(WAITING)} inserted in ${fmt((performance.now() - ti) / 1000, 1)} s`);
  const waiting = await measure();
  const line = (name: string, m: typeof idle) =>
    `${name}: server CPU ${fmt(m.node)} ms, PostgreSQL CPU ${fmt(m.postgres)} ms, reads of workflow_runs ${m.reads}`;
  console.log(line(`idle window (${fmt(N)} runs waiting)`, idle));
  console.log(line(`window with ${fmt(WAITING + N)} runs waiting`, waiting));
  console.log(
    `ratio (b): ${fmt((waiting.node + waiting.postgres) / Math.max(1, idle.node + idle.postgres), 2)}× the idle ` +
      `window's CPU (target ≈ 1×, no reads of workflow_runs)`,
  );
  console.log(`load:    ${loadLine()} (1/5/15 min) after the run`);
  await sql.end();
  await stop(bench.server.child);
  await smtp.close();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
