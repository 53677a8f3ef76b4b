/**
 * Throughput of the open pixel and tracked-link endpoints of the real server (`node --import tsx server/main.ts`,
 * embedded PostgreSQL, role all), against a Fastify 5 hello-world in its own process, in the same run:
 *   - a sent campaign of 2,000 recipients and 3 links is written into the demo company;
 *   - autocannon, 50 connections, 10 s each (after a 2 s warm-up): hello-world `GET /`, then `GET /t/o/<token>.gif`
 *     and `GET /t/c/<token>` cycling over every recipient (and link), then the hello-world again for 5 s (the machine
 *     is shared: the reference is the mean of both); target: each endpoint ≥ 0.5× the reference's requests/s;
 *   - diagnostic, 4 s: the pixel route with a token that does not verify (404: the route without recording);
 *   - every request answered must be recorded: the events in message_events are counted after the buffer's last flush.
 *
 *   npm run bench:tracking        (npx tsx bench/messaging/tracking.ts [--strict])
 *
 * Exits 1 when a server fails to start or answers wrongly; a missed target is reported, not an error, unless --strict
 * is given (then exit 2).
 */
import autocannon from 'autocannon';
import { signTracking, TRACKING_PATHS } from '../../server/services/messaging/tokens.ts';
import { startBench } from '../contacts/shared.ts';
import {
  freePort,
  installGuards,
  loadLine,
  machineLine,
  removeDataDir,
  startHello,
  stop,
  table,
} from '../platform/harness.ts';

const CONNECTIONS = 50;
const DURATION_S = 10;
const WARMUP_S = 2;
const REFERENCE_AGAIN_S = 5;
const DIAGNOSTIC_S = 4;
const RECIPIENTS = 2_000;
const LINKS = ['https://example.com/a', 'https://example.com/b', 'https://example.com/c'];
const TARGET_RATIO = 0.5;
const SECRET = 'bench-tracking-secret-key-of-at-least-32-chars';

installGuards('tracking', 150_000);

interface Load {
  rps: number;
  p50: number;
  p99: number;
  answered: number;
}

async function cannon(url: string, seconds: number, paths?: string[], status = 200): Promise<Load> {
  let next = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    ...(paths
      ? { requests: [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length]! }) }] }
      : {}),
  });
  const answeredAs = { 200: result['2xx'], 302: result['3xx'], 404: result['4xx'] }[status] ?? 0;
  const wrong = result.requests.total - answeredAs;
  if (wrong > 0 || result.errors > 0) {
    throw new Error(`${url}: ${wrong} wrong answers and ${result.errors} errors out of ${result.requests.total}`);
  }
  const answered = result.requests.total - result.errors;
  return { rps: answered / result.duration, p50: result.latency.p50, p99: result.latency.p99, answered };
}

const n0 = (n: number) => Math.round(n).toLocaleString('en-US');

async function main(): Promise<number> {
  console.log('Missiva tracking benchmark: open pixel and tracked links against a Fastify hello-world');
  console.log(`machine: ${machineLine()}`);
  console.log(`date:    ${new Date().toISOString()}`);
  console.log(`load:    ${loadLine()} (1/5/15 min) before the run`);

  const bench = await startBench({ SECRET_KEY: SECRET });
  const helloPort = await freePort();
  const hello = await startHello(helloPort);
  const { rows } = await bench.sql.query<{ company_id: string }>(
    `select company_id from users where email = 'demo@missiva.local'`,
  );
  const companyId = rows[0]!.company_id;
  const message = await bench.sql.query<{ id: string }>(
    `insert into messages (company_id, channel, name, status, subject, html, sent_at)
     values ($1, 'email', 'Tracking bench', 'sent', 'Bench', '<p>bench</p>', now()) returning id`,
    [companyId],
  );
  const messageId = Number(message.rows[0]!.id);
  const recipients = await bench.sql.query<{ id: string }>(
    `insert into message_recipients (company_id, message_id, address, state, sent_at)
     select $1, $2, 'bench' || g || '@example.com', 'sent', now() - interval '1 hour' from generate_series(1, $3) g
     returning id`,
    [companyId, messageId, RECIPIENTS],
  );
  for (const [idx, url] of LINKS.entries()) {
    await bench.sql.query('insert into message_links (company_id, message_id, idx, url) values ($1, $2, $3, $4)', [
      companyId,
      messageId,
      idx,
      url,
    ]);
  }
  const ids = recipients.rows.map((r) => Number(r.id));
  const token = (kind: 'open' | 'click', recipientId: number, linkIdx = 0) =>
    signTracking(SECRET, { kind, companyId, messageId, recipientId, linkIdx });
  const opens = ids.map((id) => TRACKING_PATHS.open(token('open', id)));
  const clicks = ids.map((id, i) => TRACKING_PATHS.click(token('click', id, i % LINKS.length)));
  const helloUrl = `http://127.0.0.1:${helloPort}/`;

  await cannon(helloUrl, WARMUP_S);
  const refBefore = await cannon(helloUrl, DURATION_S);
  console.log(`hello-world GET /:        ${n0(refBefore.rps)} req/s`);
  await cannon(bench.base, WARMUP_S, opens);
  const open = await cannon(bench.base, DURATION_S, opens);
  console.log(`Missiva open pixel:       ${n0(open.rps)} req/s`);
  const click = await cannon(bench.base, DURATION_S, clicks, 302);
  console.log(`Missiva tracked link:     ${n0(click.rps)} req/s`);
  // Diagnostic: the same route with a token that does not verify (404, nothing recorded, no database).
  const refused = await cannon(bench.base, DIAGNOSTIC_S, [TRACKING_PATHS.open('x'.repeat(59))], 404);
  console.log(`Missiva refused token:    ${n0(refused.rps)} req/s (diagnostic: the route without recording)`);
  const refAfter = await cannon(helloUrl, REFERENCE_AGAIN_S);
  console.log(`hello-world GET /, again: ${n0(refAfter.rps)} req/s`);
  const ref = (refBefore.rps + refAfter.rps) / 2;

  // Let the buffer's last flush land, then count what was recorded against what was answered.
  let recorded = { opened: 0, clicked: 0 };
  const expected = { opened: 0, clicked: click.answered };
  for (let i = 0; i < 50; i++) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const counts = await bench.sql.query<{ opened: number; clicked: number }>(
      `select count(*) filter (where type = 'opened' and not detail ? 'fromClick')::int as opened,
              count(*) filter (where type = 'clicked')::int as clicked
         from message_events where message_id = $1`,
      [messageId],
    );
    recorded = counts.rows[0]!;
    if (recorded.clicked >= expected.clicked) break;
  }
  await bench.sql.end();
  const stopped = await stop(bench.server.child);
  await stop(hello.child);
  removeDataDir(bench.dataDir);
  if (!stopped.clean)
    throw new Error(`Missiva did not stop cleanly on SIGTERM:\n${bench.server.output().slice(-3000)}`);

  const rows2 = [open, click].map((load, i) => {
    const ratio = load.rps / ref;
    return {
      ok: ratio >= TARGET_RATIO,
      row: [
        i === 0 ? 'GET /t/o/<token>.gif' : 'GET /t/c/<token> (302)',
        `${n0(load.rps)} req/s (p50 ${load.p50} ms, p99 ${load.p99} ms)`,
        `${n0(ref)} req/s (${n0(refBefore.rps)} before, ${n0(refAfter.rps)} after)`,
        `${ratio.toFixed(3)}×`,
        `≥ ${TARGET_RATIO}×`,
        ratio >= TARGET_RATIO ? 'PASS' : 'FAIL',
      ],
    };
  });
  console.log('');
  console.log(table([['endpoint', 'Missiva', 'hello-world', 'ratio', 'target', 'result'], ...rows2.map((r) => r.row)]));
  console.log(
    `recorded: ${n0(recorded.opened)} opens (${n0(open.answered)} answered incl. warm-up not counted), ` +
      `${n0(recorded.clicked)} clicks of ${n0(click.answered)} answered`,
  );
  console.log(`load:    ${loadLine()} (1/5/15 min) after the run`);
  // autocannon counts the requests answered within the duration; those in flight at its end are recorded too.
  const allRecorded = recorded.clicked >= click.answered && recorded.opened >= open.answered;
  if (!allRecorded) console.log('NOT EVERY ANSWERED REQUEST WAS RECORDED');
  const pass = rows2.every((r) => r.ok) && allRecorded;
  return pass || !process.argv.includes('--strict') ? 0 : 2;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
