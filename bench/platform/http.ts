/**
 * HTTP throughput and login latency of the real server (`node --import tsx server/main.ts`, embedded PostgreSQL,
 * role all), against a Fastify 5 hello-world in its own process, measured in the same run:
 *   - autocannon, 50 connections, 10 s (after a 2 s warm-up) against the hello-world `GET /` and against
 *     `GET /api/users/me` with a bearer token, then 5 s against the hello-world again (the machine is shared: the
 *     reference is the mean of both); target: ours ≥ 0.25× the reference's requests/s;
 *   - diagnostics, 4 s each: `GET /api/health` (whole stack + one `select 1`) and `GET /api/users/me` without a token
 *     (whole stack and its 401 error path, no JWT, no database), to show where the time of /users/me goes;
 *   - POST /api/users/login: 200 sequential, then 100 at 4 concurrent; target: sequential p95 ≤ 150 ms.
 *
 *   npx tsx bench/platform/http.ts
 *
 * Exits 1 when a server fails to start or answers wrongly (or the run passes its 2-minute bound); a missed target is
 * reported, not an error, unless --strict is given (then exit 2).
 */
import os from 'node:os';
import autocannon from 'autocannon';
import {
  cpuDelta,
  cpuSnapshot,
  freePort,
  installGuards,
  loadLine,
  machineLine,
  makeDataDir,
  percentile,
  removeDataDir,
  startHello,
  startMissiva,
  stop,
  table,
} from './harness.ts';

const CONNECTIONS = 50;
const DURATION_S = 10;
const WARMUP_S = 2;
const REFERENCE_AGAIN_S = 5;
const DIAGNOSTIC_S = 4;
const SEQUENTIAL_LOGINS = 200;
const CONCURRENT_LOGINS = 100;
const LOGIN_CONCURRENCY = 4;
const LOGIN_PHASE_LIMIT_MS = 20_000;
const TARGET_RATIO = 0.25;
const TARGET_LOGIN_P95_MS = 150;

installGuards('http', 115_000);

interface Load {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function cannon(
  url: string,
  seconds: number,
  headers: Record<string, string> = {},
  expect2xx = true,
): Promise<Load> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  const ok = result['2xx'];
  if (expect2xx && (result.non2xx > 0 || result.errors > 0 || ok === 0)) {
    throw new Error(
      `${url}: ${result.non2xx} non-2xx and ${result.errors} errors out of ${result.requests.total} requests`,
    );
  }
  const answered = expect2xx ? ok : result.requests.total - result.errors;
  return {
    rps: answered / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function login(base: string, email: string, password: string): Promise<{ ms: number; token: string }> {
  const t0 = performance.now();
  const res = await fetch(`${base}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { token?: string };
  const ms = performance.now() - t0;
  if (res.status !== 200 || !body.token) throw new Error(`login answered ${res.status}: ${JSON.stringify(body)}`);
  return { ms, token: body.token };
}

/** `count` logins, `concurrency` at a time, stopping early at `limitMs`; returns each one's latency. */
async function logins(
  base: string,
  email: string,
  password: string,
  count: number,
  concurrency: number,
  limitMs: number,
): Promise<number[]> {
  const times: number[] = [];
  const deadline = performance.now() + limitMs;
  let issued = 0;
  const lane = async () => {
    while (issued < count && performance.now() < deadline) {
      issued++;
      times.push((await login(base, email, password)).ms);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return times;
}

const n0 = (n: number) => Math.round(n).toLocaleString('en-US');
const ms1 = (n: number) => `${n.toFixed(1)} ms`;

async function main(): Promise<number> {
  console.log('Missiva platform benchmark: HTTP throughput and login latency');
  console.log(`machine: ${machineLine()}`);
  console.log(`date:    ${new Date().toISOString()}`);
  console.log(`load:    ${loadLine()} (1/5/15 min) before the run`);

  const dataDir = makeDataDir();
  const port = await freePort();
  const server = await startMissiva({ dataDir, port, pgPort: await freePort(), env: { LOGIN_RATE_LIMIT: '100000' } });
  if (!server.demoPassword) throw new Error('no demo account was seeded');
  const helloPort = await freePort();
  const hello = await startHello(helloPort);

  const base = `http://127.0.0.1:${port}`;
  const helloUrl = `http://127.0.0.1:${helloPort}/`;
  const email = 'demo@missiva.local';
  const { token } = await login(base, email, server.demoPassword);
  const auth = { authorization: `Bearer ${token}` };
  const me = await fetch(`${base}/api/users/me`, { headers: auth });
  if (me.status !== 200) throw new Error(`/api/users/me answered ${me.status}`);
  console.log(
    `servers up: Missiva on :${port} (ready in ${(server.wallMs / 1000).toFixed(1)} s), hello-world on :${helloPort}`,
  );

  // Throughput: reference, ours, reference again (the machine is shared: the second figure shows drift).
  await cannon(helloUrl, WARMUP_S);
  const refBefore = await cannon(helloUrl, DURATION_S);
  console.log(`hello-world GET /:         ${n0(refBefore.rps)} req/s`);

  await cannon(`${base}/api/users/me`, WARMUP_S, auth);
  const cpuBefore = cpuSnapshot(server.child.pid!, dataDir);
  const benchBefore = process.cpuUsage();
  const ours = await cannon(`${base}/api/users/me`, DURATION_S, auth);
  const benchCpu = process.cpuUsage(benchBefore);
  const cpu = cpuDelta(cpuBefore, cpuSnapshot(server.child.pid!, dataDir));
  console.log(`Missiva GET /api/users/me: ${n0(ours.rps)} req/s`);

  const refAfter = await cannon(helloUrl, REFERENCE_AGAIN_S);
  console.log(`hello-world GET /, again:  ${n0(refAfter.rps)} req/s`);
  const ref: Load = {
    rps: (refBefore.rps + refAfter.rps) / 2,
    p50: refBefore.p50,
    p99: refBefore.p99,
    non2xx: 0,
    errors: 0,
  };
  const drift = Math.abs(refBefore.rps - refAfter.rps) / Math.max(refBefore.rps, refAfter.rps);

  const health = await cannon(`${base}/api/health`, DIAGNOSTIC_S);
  const noToken = await cannon(`${base}/api/users/me`, DIAGNOSTIC_S, {}, false);
  if (noToken.non2xx === 0) throw new Error('/api/users/me without a token did not answer 401');

  // Login latency (argon2id verify + session insert + audit + refresh token + JWT).
  const sequential = await logins(base, email, server.demoPassword, SEQUENTIAL_LOGINS, 1, LOGIN_PHASE_LIMIT_MS);
  const concurrent = await logins(
    base,
    email,
    server.demoPassword,
    CONCURRENT_LOGINS,
    LOGIN_CONCURRENCY,
    LOGIN_PHASE_LIMIT_MS,
  );

  const stopped = await stop(server.child);
  await stop(hello.child);
  removeDataDir(dataDir);
  if (!stopped.clean) throw new Error('Missiva did not stop cleanly on SIGTERM');

  const ratio = ours.rps / ref.rps;
  const ratioOk = ratio >= TARGET_RATIO;
  const p95 = percentile(sequential, 95);
  const loginOk = p95 <= TARGET_LOGIN_P95_MS;

  console.log('');
  console.log(
    table([
      ['measure', 'Missiva', 'reference', 'ratio', 'target', 'result'],
      [
        `GET /api/users/me, bearer, ${CONNECTIONS} conn, ${DURATION_S} s`,
        `${n0(ours.rps)} req/s (p50 ${ours.p50} ms, p99 ${ours.p99} ms)`,
        `${n0(ref.rps)} req/s hello-world (mean of ${n0(refBefore.rps)} before, ${n0(refAfter.rps)} after; p50 ${ref.p50} ms, p99 ${ref.p99} ms)`,
        `${ratio.toFixed(3)}×`,
        `≥ ${TARGET_RATIO}×`,
        ratioOk ? 'PASS' : 'FAIL',
      ],
      [
        `POST /api/users/login, sequential (n=${sequential.length})`,
        `p50 ${ms1(percentile(sequential, 50))}, p95 ${ms1(p95)}, p99 ${ms1(percentile(sequential, 99))}`,
        '—',
        '—',
        `p95 ≤ ${TARGET_LOGIN_P95_MS} ms`,
        loginOk ? 'PASS' : 'FAIL',
      ],
      [
        `POST /api/users/login, ${LOGIN_CONCURRENCY} concurrent (n=${concurrent.length})`,
        `p50 ${ms1(percentile(concurrent, 50))}, p95 ${ms1(percentile(concurrent, 95))}, p99 ${ms1(percentile(concurrent, 99))}`,
        '—',
        '—',
        '(information)',
        '',
      ],
    ]),
  );
  console.log('');
  if (drift > 0.2)
    console.log(
      `warning: the reference moved by ${(drift * 100).toFixed(0)}% during the run (other load on the machine); treat the ratio as approximate`,
    );
  console.log(
    `Where /api/users/me time goes (same run, ${CONNECTIONS} connections, ${DIAGNOSTIC_S} s each for the two diagnostics; ratio to hello-world):`,
  );
  console.log(
    table([
      ['request', 'req/s', 'ratio', 'what it does'],
      ['hello-world GET /', n0(ref.rps), '1.000×', 'bare Fastify'],
      [
        'GET /api/users/me, no token (401)',
        n0(noToken.rps),
        `${(noToken.rps / ref.rps).toFixed(3)}×`,
        'our stack (helmet, hooks, openapi-glue security handler, error path), no JWT, no DB',
      ],
      ['GET /api/health', n0(health.rps), `${(health.rps / ref.rps).toFixed(3)}×`, 'our stack + 1 query (select 1)'],
      [
        'GET /api/users/me, bearer',
        n0(ours.rps),
        `${ratio.toFixed(3)}×`,
        'our stack + JWT verify + 2 queries (session check, user join)',
      ],
    ]),
  );
  const served = ours.rps * DURATION_S;
  const benchMs = (benchCpu.user + benchCpu.system) / 1000;
  const perReq = (ms: number) => `${Math.round((ms * 1000) / served)} µs/req`;
  console.log(
    `CPU during the ${DURATION_S} s /users/me run: server node ${(cpu.node / 1000).toFixed(1)} s (${perReq(cpu.node)}), ` +
      `PostgreSQL ${(cpu.postgres / 1000).toFixed(1)} s (${perReq(cpu.postgres)}), autocannon ${(benchMs / 1000).toFixed(1)} s (${perReq(benchMs)}); ` +
      `${os.cpus().length} cores = ${os.cpus().length * DURATION_S} CPU-s available, the rest went to other processes`,
  );
  console.log(`load:    ${loadLine()} (1/5/15 min) after the run`);

  return (ratioOk && loginOk) || !process.argv.includes('--strict') ? 0 : 2;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`http: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
