/**
 * What the x-permission check costs an authenticated read: the same API in one process on two ports, one with the
 * check and one with it bypassed (bench/permissions-server.ts), same run, alternating, autocannon with 50 connections
 * on `GET /api/contacts?perPage=1` with a session token (whole stack: authentication, permission, tenant binding, one
 * page query). Each side is measured three times, interleaved (on, off, on, off, …), and the medians compared: the
 * machine is shared, and another program's burst lowers one run, not the median. Target: the check adds ≤ 5 % (ratio
 * checked / bypassed ≥ 0.95).
 *
 *   npm run bench:permissions
 */
import autocannon from 'autocannon';
import type { FastifyRequest, RouteOptions } from 'fastify';
import { loadContract } from '../server/app.ts';
import { bindPermission, operationPermissions } from '../server/http/permissions.ts';
import {
  installGuards,
  loadLine,
  machineLine,
  makeDataDir,
  median,
  removeDataDir,
  spawnUntil,
  stop,
  table,
} from './platform/harness.ts';

const CONNECTIONS = 50;
const DURATION_S = 8;
const ROUNDS = 3;
const TARGET = 0.95;

installGuards('permissions', 150_000);

async function rps(url: string, headers: Record<string, string>, seconds = DURATION_S): Promise<number> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx and ${result.errors} errors of ${result.requests.total}`);
  }
  return result['2xx'] / result.duration;
}

/** The check alone, in this process: the hook bound to listContacts, called for a viewer; nanoseconds per call. */
async function hookNanoseconds(calls = 1_000_000): Promise<number> {
  const route = { method: 'GET', url: '/contacts', schema: { operationId: 'listContacts' } } as unknown as RouteOptions;
  bindPermission(route, operationPermissions(loadContract()));
  const [check] = [route.preValidation].flat() as unknown as ((request: FastifyRequest) => Promise<void>)[];
  const request = { auth: { userId: 'u', companyId: 'c', sessionId: 's', role: 'viewer' } } as FastifyRequest;
  for (let i = 0; i < 10_000; i += 1) await check!(request);
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < calls; i += 1) await check!(request);
  return Number(process.hrtime.bigint() - t0) / calls;
}

async function main(): Promise<number> {
  console.log('Missiva permissions benchmark: an authenticated read with the x-permission check and without it');
  console.log(`machine: ${machineLine()}`);
  console.log(`date:    ${new Date().toISOString()}`);
  console.log(`load:    ${loadLine()} (1/5/15 min) before the run`);
  const dataDir = makeDataDir();
  const ready = /permissions-bench ready (\d+) (\d+) (\S+)/;
  const server = await spawnUntil(
    process.execPath,
    ['--import', 'tsx', 'bench/permissions-server.ts'],
    { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', SMTP_URL: '', LOGIN_RATE_LIMIT: '100000' },
    ready,
    60_000,
  );
  const [, on, off, password] = ready.exec(server.output())!;
  const login = await fetch(`http://127.0.0.1:${on}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@missiva.local', password }),
  });
  const { token } = (await login.json()) as { token: string };
  const session = { authorization: `Bearer ${token}` };
  const url = (port: string) => `http://127.0.0.1:${port}/api/contacts?perPage=1`;

  await rps(url(on!), session, 2);
  await rps(url(off!), session, 2);
  const checked: number[] = [];
  const bypassed: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    checked.push(await rps(url(on!), session));
    bypassed.push(await rps(url(off!), session));
  }
  await stop(server.child);
  removeDataDir(dataDir);

  const ratio = median(checked) / median(bypassed);
  const ns = await hookNanoseconds();
  // The request's whole time on the server is at least 2 cores / throughput; the hook's share of it, at most.
  const share = (ns / 1e9) * (median(checked) / 2);
  const n0 = (n: number) => Math.round(n).toLocaleString('en-US');
  console.log('');
  console.log(
    table([
      ['measure', 'with the check', 'check bypassed', 'ratio', 'target', 'result'],
      [
        `GET /api/contacts?perPage=1, ${CONNECTIONS} conn, ${ROUNDS} × ${DURATION_S} s each`,
        `${n0(median(checked))} req/s (${checked.map(n0).join(', ')})`,
        `${n0(median(bypassed))} req/s (${bypassed.map(n0).join(', ')})`,
        `${ratio.toFixed(3)}×`,
        `≥ ${TARGET}×`,
        ratio >= TARGET ? 'PASS' : 'FAIL',
      ],
    ]),
  );
  console.log(
    `the check alone: ${ns.toFixed(0)} ns a call (1,000,000 calls, this process), about ` +
      `${(share * 100).toFixed(3)} % of a request's server time at the checked throughput on 2 cores`,
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
