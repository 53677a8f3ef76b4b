/**
 * The report of a 100,000-recipient campaign with 1,000,000 open and click events, through the API of the real server
 * (embedded PostgreSQL): the data is written set-based by the same generator the demo account uses, then each
 * operation is called one request at a time (a person opening a report), 30 times after 3 not measured:
 *   - the summary (getMessageReport), target p95 ≤ 300 ms;
 *   - a page of 50 recipients by state (listReportRecipients, filters opened, not_opened and complained, and the
 *     page after a cursor), target p95 ≤ 100 ms;
 *   - for information, the timeline and the clicks per link.
 * The reference in the same run is the same operations on a campaign of 1,000 recipients and 10,000 events; the last
 * column is the large campaign's p95 over it.
 *
 *   npm run bench:report          (BENCH_RECIPIENTS / BENCH_EVENTS for a smaller run)
 */
import { installGuards, loadLine, machineLine, percentile, removeDataDir, stop, table } from '../platform/harness.ts';
import { startBench, type Bench } from '../contacts/shared.ts';
import { sampleCampaign } from '../../server/services/messaging/reports/sample.ts';

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 100_000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const RUNS = 30;
const WARMUP = 3;
const TARGET = { summary: 300, page: 100 };

installGuards('messaging-report', 20 * 60_000);

const LINKS = ['https://shop.example/', 'https://shop.example/sale', 'https://blog.example/', 'https://help.example/'];

async function seed(bench: Bench, companyId: string, recipients: number, events: number, name: string) {
  const t0 = performance.now();
  const made = await sampleCampaign(bench.sql, {
    companyId,
    name,
    subject: 'Bench',
    html: '<p>Bench</p>',
    textBody: 'Bench',
    links: LINKS,
    sentAt: new Date(Date.now() - 5 * 86400_000),
    recipients,
    fromContacts: false,
    events,
  });
  console.log(
    `${name}: ${recipients} recipients, ${made.events} events in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  return made.id;
}

async function time(bench: Bench, url: string): Promise<{ p50: number; p95: number }> {
  const ms: number[] = [];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const res = await bench.call('GET', url);
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
    if (i >= WARMUP) ms.push(res.ms);
  }
  return { p50: percentile(ms, 50), p95: percentile(ms, 95) };
}

async function main() {
  const bench = await startBench();
  try {
    const { rows } = await bench.sql.query<{ company_id: string }>(
      `select company_id from users where email = 'demo@missiva.local'`,
    );
    const companyId = rows[0]!.company_id;
    const large = await seed(bench, companyId, RECIPIENTS, EVENTS, 'Large');
    const small = await seed(bench, companyId, 1_000, 10_000, 'Small');
    await bench.sql.query('vacuum analyze message_recipients, message_events, messages');
    const cursorOf = async (id: number) => {
      const res = await fetch(`${bench.base}/api/channels/email/reports/${id}/recipients?perPage=50&page=1`, {
        headers: { authorization: `Bearer ${bench.token}` },
      });
      return JSON.parse(res.headers.get('pagination') ?? '{}').nextCursor as string;
    };
    const ops: [string, (id: number, cursor: string) => string, number | null][] = [
      ['summary', (id) => `/channels/email/reports/${id}`, TARGET.summary],
      ['recipients opened', (id) => `/channels/email/reports/${id}/recipients?filter=opened&perPage=50`, TARGET.page],
      [
        'recipients not_opened',
        (id) => `/channels/email/reports/${id}/recipients?filter=not_opened&perPage=50`,
        TARGET.page,
      ],
      [
        'recipients complained',
        (id) => `/channels/email/reports/${id}/recipients?filter=complained&perPage=50`,
        TARGET.page,
      ],
      [
        'recipients after cursor',
        (id, c) => `/channels/email/reports/${id}/recipients?perPage=50&cursor=${c}`,
        TARGET.page,
      ],
      ['timeline', (id) => `/channels/email/reports/${id}/timeline`, null],
      ['links', (id) => `/channels/email/reports/${id}/links`, null],
    ];
    const out: string[][] = [['operation', 'p50 ms', 'p95 ms', 'target', 'reference p95', 'ratio']];
    let met = true;
    for (const [name, url, target] of ops) {
      const big = await time(bench, url(large, await cursorOf(large)));
      const ref = await time(bench, url(small, await cursorOf(small)));
      if (target !== null && big.p95 > target) met = false;
      out.push([
        name,
        big.p50.toFixed(1),
        big.p95.toFixed(1),
        target === null ? '—' : `≤ ${target}`,
        ref.p95.toFixed(1),
        `${(big.p95 / ref.p95).toFixed(2)}×`,
      ]);
    }
    console.log(table(out));
    console.log(`targets ${met ? 'met' : 'MISSED'} · ${machineLine()} · load ${loadLine()}`);
  } finally {
    await bench.sql.end();
    await stop(bench.server.child);
    removeDataDir(bench.dataDir);
  }
}

void main();
