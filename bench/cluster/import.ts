// `npx tsx bench/cluster/import.ts [--rows 100000]`: the contacts import on one node against the same import through
// nginx on a cluster of 2 API nodes and 2 workers, in the same run, both over Debian's PostgreSQL 15
// (scripts/cluster/cluster.ts). Prints rows/s of each, their ratio (target ≥ 0.9: on one machine a cluster cannot add
// cores, so the target is no loss), and the CPU each process and PostgreSQL spent per 1,000 rows (from /proc), which
// docs/operations.md sizes nodes from.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startCluster, type Cluster } from '../../scripts/cluster/cluster.ts';
import {
  contactsCsv,
  newOwner,
  signIn,
  startCsvImport,
  systemPool,
  until,
} from '../../tests/server/cluster/support.ts';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '100000' } } });
const ROWS = Number(values.rows);
const TICK_MS = 10; // /proc/<pid>/stat counts CPU in clock ticks of 1/100 s (USER_HZ on Linux)

/** CPU time (user + system, ms) of a process and its threads, from /proc. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/** PostgreSQL's CPU: every process of the server (postmaster and backends), found by their data directory. */
function postgresCpuMs(dir: string): number {
  const postmaster = Number(readFileSync(path.join(dir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
  let total = 0;
  const children = readFileSync(`/proc/${postmaster}/task/${postmaster}/children`, 'utf8').trim().split(/\s+/);
  for (const pid of [postmaster, ...children.filter(Boolean).map(Number)]) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      // utime, stime, and the times of waited-for children (cutime, cstime): backends that ended during the run
      total += (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * TICK_MS;
    } catch {
      // a backend that ended between the listing and the read
    }
  }
  return total;
}

interface Run {
  label: string;
  rowsPerSecond: number;
  cpuPer1000: Record<string, number>;
}

async function measure(label: string, cluster: Cluster, base: string, dir: string): Promise<Run> {
  const pool = systemPool(cluster);
  try {
    const owner = await newOwner(pool);
    const token = await signIn(base, owner);
    const csv = contactsCsv(ROWS, `bench${Date.now()}-`);
    // A warm-up import, so both runs measure warm processes (code loaded, JIT, connections open).
    await waitFinished(pool, await startCsvImport(base, token, contactsCsv(2000, `warm${Date.now()}-`)));
    const before = Object.fromEntries(cluster.nodes.map((n) => [n.name, cpuMs(n.process.pid!)]));
    const pgBefore = postgresCpuMs(dir);
    const started = performance.now();
    await waitFinished(pool, await startCsvImport(base, token, csv));
    const seconds = (performance.now() - started) / 1000;
    const cpuPer1000: Record<string, number> = {};
    for (const n of cluster.nodes) cpuPer1000[n.name] = ((cpuMs(n.process.pid!) - before[n.name]!) / ROWS) * 1000;
    cpuPer1000.postgres = ((postgresCpuMs(dir) - pgBefore) / ROWS) * 1000;
    return { label, rowsPerSecond: ROWS / seconds, cpuPer1000 };
  } finally {
    await pool.end();
  }
}

async function waitFinished(pool: ReturnType<typeof systemPool>, importId: number): Promise<void> {
  await until(
    `import ${importId}`,
    async () => {
      const { rows } = await pool.query('select status from contact_imports where id = $1', [importId]);
      if (rows[0]?.status === 'failed') throw new Error(`import ${importId} failed`);
      return rows[0]?.status === 'finished';
    },
    600_000,
  );
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
console.log(`load before: ${load()}  (rows: ${ROWS})`);
const runs: Run[] = [];
{
  const dir = path.resolve('.tmp/bench-cluster/single');
  // One process with ROLE=all, as `npm start` runs, called directly (no proxy).
  const single = await startCluster({
    api: 1,
    workers: 0,
    basePort: 5640,
    dir,
    env: { ROLE: 'all', LOG_LEVEL: 'warn' },
  });
  try {
    runs.push(await measure('1 node (ROLE=all), direct', single, `http://127.0.0.1:${single.api[0]!.port}`, dir));
  } finally {
    await single.stop();
  }
}
{
  const dir = path.resolve('.tmp/bench-cluster/cluster');
  const cluster = await startCluster({ api: 2, workers: 2, basePort: 5676, dir, env: { LOG_LEVEL: 'warn' } });
  try {
    runs.push(await measure('2 API + 2 workers, through nginx', cluster, cluster.url, dir));
  } finally {
    await cluster.stop();
  }
}
for (const run of runs) {
  const cpu = Object.entries(run.cpuPer1000)
    .map(([name, ms]) => `${name} ${ms.toFixed(1)}`)
    .join(', ');
  console.log(`${run.label}: ${Math.round(run.rowsPerSecond)} rows/s; CPU ms per 1,000 rows: ${cpu}`);
}
const ratio = runs[1]!.rowsPerSecond / runs[0]!.rowsPerSecond;
console.log(`ratio cluster / single: ${ratio.toFixed(2)}  (target ≥ 0.90: ${ratio >= 0.9 ? 'ok' : 'FAIL'})`);
console.log(`load after: ${load()}`);
