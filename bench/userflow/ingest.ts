/**
 * Throughput of the website tracker's ingest (`POST /api/public/track/{siteKey}`) of the real server
 * (`node --import tsx server/main.ts`, embedded PostgreSQL, role all) against a Fastify 5 hello-world in its own
 * process, in the same run:
 *   - SITES sites of the demo company (allowed domain shop.example.org, no consent step), so the per-site rate limit
 *     is not what is measured; every request carries a batch of a page view and a custom event (about 400 bytes), with
 *     the Origin and a browser's User-Agent, from VISITORS visitors;
 *   - autocannon, 50 connections, 10 s each (after a 2 s warm-up): hello-world `GET /`, then the ingest, then the
 *     hello-world again for 5 s (the machine is shared: the reference is the mean of both); target ≥ 0.5×;
 *   - every accepted request (204) must be stored: the events in tracker_events are counted after the last write;
 *   - TRACKER_ACK=buffered (the default: 204 at once, the events written right after), or written with --written
 *     (204 once the batch holding the events has committed).
 *
 *   npm run bench:tracker        (npx tsx bench/userflow/ingest.ts [--written] [--strict])
 *
 * Exits 1 when a server fails to start or answers wrongly; a missed target is reported, not an error, unless --strict
 * is given (then exit 2).
 */
import autocannon from 'autocannon';
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
const SITES = 200;
const VISITORS = 5_000;
const EVENTS_PER_REQUEST = 2;
const TARGET_RATIO = 0.5;
const ORIGIN = 'https://shop.example.org';
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

installGuards('tracker', 150_000);

interface Load {
  rps: number;
  p50: number;
  p99: number;
  accepted: number;
}

async function cannon(url: string, seconds: number, requests?: { path: string; body: string }[]): Promise<Load> {
  let next = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    ...(requests
      ? {
          method: 'POST',
          headers: { origin: ORIGIN, 'user-agent': UA, 'content-type': 'application/json' },
          requests: [
            {
              setupRequest: (request) => {
                const r = requests[next++ % requests.length]!;
                return { ...request, path: r.path, body: r.body };
              },
            },
          ],
        }
      : {}),
  });
  const accepted = requests ? (result.statusCodeStats?.['204']?.count ?? 0) : result['2xx'];
  const wrong = result.requests.total - accepted;
  if (wrong > 0 || result.errors > 0) {
    throw new Error(
      `${url}: ${wrong} wrong answers and ${result.errors} errors out of ${result.requests.total} ` +
        JSON.stringify(result.statusCodeStats),
    );
  }
  return { rps: accepted / result.duration, p50: result.latency.p50, p99: result.latency.p99, accepted };
}

const n0 = (n: number) => Math.round(n).toLocaleString('en-US');

async function main(): Promise<number> {
  console.log('Missiva tracker ingest benchmark: POST /api/public/track/{siteKey} against a Fastify hello-world');
  console.log(`machine: ${machineLine()}`);
  console.log(`date:    ${new Date().toISOString()}`);
  console.log(`load:    ${loadLine()} (1/5/15 min) before the run`);

  // TRACKER_ACK: the server's default (`buffered`: 204 at once, written right after) unless --written is given.
  const ack = process.argv.includes('--written') ? 'written' : 'buffered';
  console.log(`ack:     TRACKER_ACK=${ack}`);
  const bench = await startBench({ TRACKER_ACK: ack });
  const helloPort = await freePort();
  const hello = await startHello(helloPort);
  const keys: string[] = [];
  for (let i = 0; i < SITES; i++) {
    const res = await bench.call<{ siteKey: string }>('POST', '/userflow/tracker/sites', {
      name: `Bench ${i}`,
      allowedDomains: ['shop.example.org'],
      consentMode: 'none',
    });
    if (res.status !== 201) throw new Error(`site: ${res.status} ${JSON.stringify(res.body)}`);
    keys.push(res.body.siteKey);
  }
  const requests = Array.from({ length: 10_000 }, (_, i) => ({
    path: `/api/public/track/${keys[i % SITES]}`,
    body: JSON.stringify({
      visitorId: `visitor${i % VISITORS}`,
      events: [
        { type: 'page_view', url: `${ORIGIN}/products/${i % 97}`, referrer: 'https://search.example/' },
        {
          type: 'event',
          name: 'added_to_cart',
          url: `${ORIGIN}/products/${i % 97}`,
          properties: { sku: `S${i % 97}`, qty: 1 },
        },
      ],
    }),
  }));
  const helloUrl = `http://127.0.0.1:${helloPort}/`;

  await cannon(helloUrl, WARMUP_S);
  const refBefore = await cannon(helloUrl, DURATION_S);
  console.log(`hello-world GET /:        ${n0(refBefore.rps)} req/s`);
  const warm = await cannon(bench.base, WARMUP_S, requests);
  const ingest = await cannon(bench.base, DURATION_S, requests);
  console.log(`Missiva tracker ingest:   ${n0(ingest.rps)} req/s (${n0(ingest.rps * EVENTS_PER_REQUEST)} events/s)`);
  const refAfter = await cannon(helloUrl, REFERENCE_AGAIN_S);
  console.log(`hello-world GET /, again: ${n0(refAfter.rps)} req/s`);
  const ref = (refBefore.rps + refAfter.rps) / 2;

  // Let the recorder's last write land, then count what was stored against what was accepted.
  const expected = (warm.accepted + ingest.accepted) * EVENTS_PER_REQUEST;
  let stored = 0;
  for (let i = 0; i < 100; i++) {
    stored = (await bench.sql.query<{ n: number }>('select count(*)::int as n from tracker_events')).rows[0]!.n;
    if (stored >= expected) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await bench.sql.end();
  const stopped = await stop(bench.server.child);
  await stop(hello.child);
  removeDataDir(bench.dataDir);
  if (!stopped.clean)
    throw new Error(`Missiva did not stop cleanly on SIGTERM:\n${bench.server.output().slice(-3000)}`);

  const ratio = ingest.rps / ref;
  console.log('');
  console.log(
    table([
      ['endpoint', 'Missiva', 'hello-world', 'ratio', 'target', 'result'],
      [
        'POST /api/public/track/{siteKey} (204)',
        `${n0(ingest.rps)} req/s (p50 ${ingest.p50} ms, p99 ${ingest.p99} ms)`,
        `${n0(ref)} req/s (${n0(refBefore.rps)} before, ${n0(refAfter.rps)} after)`,
        `${ratio.toFixed(3)}×`,
        `≥ ${TARGET_RATIO}×`,
        ratio >= TARGET_RATIO ? 'PASS' : 'FAIL',
      ],
    ]),
  );
  console.log(`stored:  ${n0(stored)} events of ${n0(expected)} accepted (warm-up included)`);
  console.log(`load:    ${loadLine()} (1/5/15 min) after the run`);
  // autocannon counts the requests answered within the duration; those in flight at its end are stored too.
  const allStored = stored >= expected;
  if (!allStored) console.log('NOT EVERY ACCEPTED EVENT WAS STORED');
  return (ratio >= TARGET_RATIO && allStored) || !process.argv.includes('--strict') ? 0 : 2;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
