// `npx tsx bench/cluster/latency.ts [--events 300]`: how long a realtime event takes from a process without socket.io
// (what a worker runs: server/realtime/publisher.ts, through PostgreSQL NOTIFY) to a socket on an API node, on a
// cluster of 2 API nodes and 1 worker over Debian's PostgreSQL 15. One socket on each API node; events are published
// 20 a second; prints p50/p95/p99 per node and p95 against the 200 ms target (the same-run ratio).
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startCluster } from '../../scripts/cluster/cluster.ts';
import { publishEvent } from '../../server/realtime/publisher.ts';
import { companyRoom } from '../../server/realtime/socket.ts';
import { newOwner, nodeUrl, openSocket, signIn, sleep, systemPool } from '../../tests/server/cluster/support.ts';

const { values } = parseArgs({ options: { events: { type: 'string', default: '300' } } });
const EVENTS = Number(values.events);
const TARGET_P95_MS = 200;

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)]!;

console.log(`load before: ${load()}  (events: ${EVENTS})`);
const dir = path.resolve('.tmp/bench-cluster/latency');
const cluster = await startCluster({ api: 2, workers: 1, basePort: 5644, dir, env: { LOG_LEVEL: 'warn' } });
const pool = systemPool(cluster);
try {
  const owner = await newOwner(pool);
  const token = await signIn(cluster.url, owner);
  const sent = new Map<number, number>();
  const latencies = cluster.api.map(() => [] as number[]);
  const sockets = await Promise.all(cluster.api.map((node) => openSocket(nodeUrl(node.port), token)));
  sockets.forEach((socket, i) =>
    socket.on('contact.timeline', ({ contactId }) => {
      const at = sent.get(contactId);
      if (at !== undefined) latencies[i]!.push(performance.now() - at);
    }),
  );
  for (let id = 1; id <= EVENTS; id++) {
    sent.set(id, performance.now());
    await publishEvent(pool, [companyRoom(owner.companyId)], 'contact.timeline', { contactId: id });
    await sleep(50);
  }
  await sleep(1000);
  let worst = 0;
  cluster.api.forEach((node, i) => {
    const sorted = latencies[i]!.sort((a, b) => a - b);
    const [p50, p95, p99] = [0.5, 0.95, 0.99].map((p) => percentile(sorted, p));
    worst = Math.max(worst, p95!);
    console.log(
      `socket on ${node.name}: ${sorted.length}/${EVENTS} received; ms p50 ${p50!.toFixed(1)}, p95 ${p95!.toFixed(1)}, ` +
        `p99 ${p99!.toFixed(1)}, max ${sorted.at(-1)!.toFixed(1)}`,
    );
  });
  console.log(
    `worst p95 / target: ${worst.toFixed(1)} / ${TARGET_P95_MS} ms = ${(worst / TARGET_P95_MS).toFixed(2)} ` +
      `(${worst <= TARGET_P95_MS ? 'ok' : 'FAIL'})`,
  );
  for (const s of sockets) s.disconnect();
} finally {
  await pool.end();
  await cluster.stop();
}
console.log(`load after: ${load()}`);
