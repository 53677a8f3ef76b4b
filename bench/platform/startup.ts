/**
 * Start-to-ready of the real server (`node --import tsx server/main.ts`, embedded PostgreSQL), wall time from spawn to
 * the "Missiva is ready" line:
 *   - first start on an empty DATA_DIR (initdb + migrations + demo seed), target ≤ 10 s;
 *   - 3 restarts on the existing DATA_DIR, median, target ≤ 3 s.
 * Reference in the same run: a Fastify 5 hello-world started with `node -e`, spawn to listening (median of 3).
 *
 *   npx tsx bench/platform/startup.ts
 *
 * Exits 1 when the server fails to start (or the run passes its 2-minute bound); a missed target is reported, not
 * an error, unless --strict is given (then exit 2).
 */
import {
  freePort,
  installGuards,
  loadLine,
  machineLine,
  makeDataDir,
  median,
  removeDataDir,
  startHello,
  startMissiva,
  stop,
  table,
} from './harness.ts';

const RESTARTS = 3;
const REFERENCE_RUNS = 3;
const TARGET_FIRST_MS = 10_000;
const TARGET_RESTART_MS = 3_000;

installGuards('startup', 110_000);

const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main(): Promise<number> {
  console.log('Missiva platform benchmark: start to ready');
  console.log(`machine: ${machineLine()}`);
  console.log(`date:    ${new Date().toISOString()}`);
  console.log(`load:    ${loadLine()} (1/5/15 min) before the run`);

  // Reference first, so it does not run on a machine still busy with PostgreSQL's shutdown.
  const reference: number[] = [];
  for (let i = 0; i < REFERENCE_RUNS; i++) {
    const hello = await startHello(await freePort());
    reference.push(hello.wallMs);
    await stop(hello.child);
  }

  const dataDir = makeDataDir();
  const port = await freePort();
  const pgPort = await freePort();

  const first = await startMissiva({ dataDir, port, pgPort, timeoutMs: 30_000 });
  if (!first.demoPassword) throw new Error('first start did not seed the demo account: was the data dir really empty?');
  const firstStop = await stop(first.child);
  if (!firstStop.clean) throw new Error('server did not stop cleanly on SIGTERM after the first start');
  console.log(
    `first start: ${fmt(first.wallMs)} (server's own figure ${first.reportedMs} ms); SIGTERM to exit ${fmt(firstStop.ms)}`,
  );

  const restarts: { wall: number; reported: number; stopMs: number }[] = [];
  for (let i = 0; i < RESTARTS; i++) {
    const run = await startMissiva({ dataDir, port, pgPort, timeoutMs: 20_000 });
    if (run.demoPassword) throw new Error('a restart seeded the demo account again');
    const stopped = await stop(run.child);
    if (!stopped.clean) throw new Error(`server did not stop cleanly on SIGTERM after restart ${i + 1}`);
    restarts.push({ wall: run.wallMs, reported: run.reportedMs ?? NaN, stopMs: stopped.ms });
    console.log(
      `restart ${i + 1}:   ${fmt(run.wallMs)} (server's own figure ${run.reportedMs} ms); SIGTERM to exit ${fmt(stopped.ms)}`,
    );
  }
  removeDataDir(dataDir);

  const ref = median(reference);
  const restart = median(restarts.map((r) => r.wall));
  const restartReported = median(restarts.map((r) => r.reported));
  const firstOk = first.wallMs <= TARGET_FIRST_MS;
  const restartOk = restart <= TARGET_RESTART_MS;

  console.log('');
  console.log(
    table([
      ['measure', 'Missiva', 'reference: Fastify hello-world (node -e)', 'ratio (ours / ref)', 'target', 'result'],
      [
        'first start (initdb + migrations + seed)',
        fmt(first.wallMs),
        fmt(ref),
        `${(first.wallMs / ref).toFixed(1)}×`,
        `≤ ${fmt(TARGET_FIRST_MS)}`,
        firstOk ? 'PASS' : 'FAIL',
      ],
      [
        `restart, existing data (median of ${RESTARTS})`,
        fmt(restart),
        fmt(ref),
        `${(restart / ref).toFixed(1)}×`,
        `≤ ${fmt(TARGET_RESTART_MS)}`,
        restartOk ? 'PASS' : 'FAIL',
      ],
    ]),
  );
  console.log('');
  console.log(
    `breakdown: of the restart median, ${fmt(restart - restartReported)} is node + tsx + module loading before server/main.ts runs, ` +
      `${fmt(restartReported)} is main.ts (PostgreSQL start, migrations check, app build, listen).`,
  );
  console.log(
    `reference runs: ${reference.map(fmt).join(', ')}; restarts: ${restarts.map((r) => fmt(r.wall)).join(', ')}`,
  );
  console.log(`load:    ${loadLine()} (1/5/15 min) after the run`);

  const allOk = firstOk && restartOk;
  return allOk || !process.argv.includes('--strict') ? 0 : 2;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`startup: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
