/**
 * An authenticated read with an API key against the same read with a session's access token, in the same run, on the
 * real server (`server/main.ts`, embedded PostgreSQL, role all): autocannon, 50 connections, `GET /api/contacts?
 * perPage=1` (whole stack: authentication, tenant binding, one page query). The session is measured before and after
 * the key (the machine is shared; the reference is the mean). Target: key ≥ 0.8× session.
 *
 *   npm run bench:apikey
 */
import autocannon from 'autocannon';
import {
  freePort,
  installGuards,
  loadLine,
  machineLine,
  makeDataDir,
  removeDataDir,
  startMissiva,
  stop,
  table,
} from '../platform/harness.ts';

const CONNECTIONS = 50;
const DURATION_S = 10;
const TARGET = 0.8;

installGuards('apikey-read', 110_000);

async function rps(url: string, headers: Record<string, string>, seconds = DURATION_S): Promise<number> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx and ${result.errors} errors of ${result.requests.total}`);
  }
  return result['2xx'] / result.duration;
}

async function main(): Promise<number> {
  console.log('Missiva API key benchmark: a read with an API key against the same read with a session token');
  console.log(`machine: ${machineLine()}`);
  console.log(`date:    ${new Date().toISOString()}`);
  console.log(`load:    ${loadLine()} (1/5/15 min) before the run`);
  const dataDir = makeDataDir();
  const port = await freePort();
  const server = await startMissiva({
    dataDir,
    port,
    pgPort: await freePort(),
    env: { LOGIN_RATE_LIMIT: '100000', API_KEY_RATE_LIMIT: '100000000' },
  });
  const base = `http://127.0.0.1:${port}`;
  const login = await fetch(`${base}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@missiva.local', password: server.demoPassword }),
  });
  const { token } = (await login.json()) as { token: string };
  const session = { authorization: `Bearer ${token}` };
  const created = await fetch(`${base}/api/api-keys`, {
    method: 'POST',
    headers: { ...session, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'bench', access: 'read' }),
  });
  const { secret } = (await created.json()) as { secret: string };
  const key = { 'api-key': secret };
  const url = `${base}/api/contacts?perPage=1`;

  await rps(url, session, 2);
  const before = await rps(url, session);
  await rps(url, key, 2);
  const withKey = await rps(url, key);
  const after = await rps(url, session);
  await stop(server.child);
  removeDataDir(dataDir);

  const reference = (before + after) / 2;
  const ratio = withKey / reference;
  const n0 = (n: number) => Math.round(n).toLocaleString('en-US');
  console.log('');
  console.log(
    table([
      ['measure', 'API key', 'session token (reference)', 'ratio', 'target', 'result'],
      [
        `GET /api/contacts?perPage=1, ${CONNECTIONS} conn, ${DURATION_S} s`,
        `${n0(withKey)} req/s`,
        `${n0(reference)} req/s (${n0(before)} before, ${n0(after)} after)`,
        `${ratio.toFixed(2)}×`,
        `≥ ${TARGET}×`,
        ratio >= TARGET ? 'PASS' : 'FAIL',
      ],
    ]),
  );
  console.log(`load:    ${loadLine()} (1/5/15 min) after the run`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
