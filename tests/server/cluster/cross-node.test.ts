import path from 'node:path';
import { Emitter } from '@socket.io/postgres-emitter';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster } from '../../../scripts/cluster/cluster.ts';
import { publishEvent } from '../../../server/realtime/publisher.ts';
import { companyRoom } from '../../../server/realtime/socket.ts';
import type { Pool } from '../../../server/db/pool.ts';
import type { JobProgressPayload } from '../../../shared/realtime-events.ts';
import {
  call,
  contactsCsv,
  newOwner,
  nodeUrl,
  openSocket,
  signIn,
  sleep,
  startCsvImport,
  systemPool,
  until,
  type ClientSocket,
} from './support.ts';

// Three API nodes and two workers over Debian's PostgreSQL 15 behind nginx (scripts/cluster/cluster.ts): what one node
// does, every other node sees.
let cluster: Cluster;
let pool: Pool;
const sockets: ClientSocket[] = [];
const LOGIN_RATE_LIMIT = 6;

beforeAll(async () => {
  cluster = await startCluster({
    api: 3,
    workers: 2,
    basePort: 5620,
    dir: path.resolve('.tmp/cluster-tests/cross-node'),
    env: { LOGIN_RATE_LIMIT: String(LOGIN_RATE_LIMIT) },
  });
  pool = systemPool(cluster);
}, 240_000);
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await pool?.end();
  await cluster?.stop();
}, 60_000);

const first = () => nodeUrl(cluster.api[0]!.port);
const second = () => nodeUrl(cluster.api[1]!.port);
const third = () => nodeUrl(cluster.api[2]!.port);

describe('a cluster of API nodes and workers', () => {
  it('signs in on one node, serves the session on another, and a logout there ends it on every node', async () => {
    const owner = await newOwner(pool);
    const token = await signIn(first(), owner);
    expect((await call(second(), 'GET', '/users/me', { token })).body.email).toBe(owner.email);
    const socket = await openSocket(third(), token);
    sockets.push(socket);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    expect((await call(second(), 'POST', '/users/logout', { token })).status).toBe(204);
    for (const node of [first(), second(), third(), cluster.url]) {
      expect((await call(node, 'GET', '/users/me', { token })).status).toBe(401);
    }
    expect(await closed).toBe('io server disconnect');
  });

  it("delivers a worker's import progress to a socket on a third node", async () => {
    const owner = await newOwner(pool);
    const token = await signIn(first(), owner);
    const socket = await openSocket(third(), token);
    sockets.push(socket);
    const events: JobProgressPayload[] = [];
    socket.on('job.progressed', (payload) => events.push(payload));
    const ROWS = 25_000;
    const importId = await startCsvImport(second(), token, contactsCsv(ROWS, 'live'));
    const last = await until('the finished event', async () => events.find((e) => e.status === 'finished'), 60_000);
    expect(last).toMatchObject({ jobId: `contact-import:${importId}`, processed: ROWS, total: ROWS });
    // Progress arrived while it ran, not only at the end.
    expect(events.filter((e) => e.status === 'running').length).toBeGreaterThan(0);
  });

  it('drops what @socket.io/postgres-emitter 0.1.1 publishes, and delivers what the publisher does', async () => {
    const owner = await newOwner(pool);
    const socket = await openSocket(first(), await signIn(first(), owner));
    sockets.push(socket);
    const got: string[] = [];
    socket.on('contact.timeline', (payload) => got.push(`timeline ${payload.contactId}`));
    new Emitter(pool).to(companyRoom(owner.companyId)).emit('contact.timeline', { contactId: 1 });
    await publishEvent(pool, [companyRoom(owner.companyId)], 'contact.timeline', { contactId: 2 });
    // A payload over NOTIFY's 8,000 bytes travels through the attachments table.
    const big = { messageId: 3, channel: 'email', status: 'sending', counts: { [`k${'x'.repeat(9000)}`]: 1 } } as const;
    let bigArrived = false;
    socket.on('message.updated', (payload) => (bigArrived = payload.messageId === 3));
    await publishEvent(pool, [companyRoom(owner.companyId)], 'message.updated', big);
    await until('the published events', async () => got.includes('timeline 2') && bigArrived);
    await sleep(500);
    expect(got).toEqual(['timeline 2']);
  });

  it('counts the sign-in flood guard once across nodes (the remaining allowance falls by one per call, any node)', async () => {
    // Its own client address (the nodes trust the proxy's X-Forwarded-For), so no other test's logins count here.
    const headers = { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.23' };
    const remaining: number[] = [];
    for (let i = 0; i < 6; i++) {
      const node = [first(), second(), third()][i % 3]!;
      const body = JSON.stringify({ email: `nobody${i}@example.com`, password: 'wrong-password' });
      const res = await fetch(`${node}/api/users/login`, { method: 'POST', headers, body });
      expect(res.status).toBe(401);
      remaining.push(Number(res.headers.get('x-ratelimit-remaining')));
    }
    // The guard allows LOGIN_RATE_LIMIT × 10 calls a minute per address (server/app.ts).
    const max = LOGIN_RATE_LIMIT * 10;
    expect(remaining).toEqual([1, 2, 3, 4, 5, 6].map((n) => max - n));
  });

  it('counts wrong passwords of one account once across nodes', async () => {
    const owner = await newOwner(pool);
    const answers: number[] = [];
    // The account's limit is LOGIN_RATE_LIMIT failures; each attempt from another address and node.
    for (let i = 0; i <= LOGIN_RATE_LIMIT; i++) {
      const node = [first(), second(), third()][i % 3]!;
      const headers = { 'x-forwarded-for': `203.0.113.${i + 1}` };
      const body = { email: owner.email, password: 'wrong-password' };
      answers.push((await call(node, 'POST', '/users/login', { body, headers })).status);
    }
    expect(answers).toEqual([...Array(LOGIN_RATE_LIMIT).fill(401), 429]);
  });

  it('runs each minute of the digest cron once, not once per worker', async () => {
    const ranAt = () =>
      cluster.workers.flatMap((w) =>
        w.output
          .filter((l) => l.includes('send_digests') && l.includes('with success'))
          .map((l) => String(JSON.parse(l).jobs?.job?.payload?._cron?.ts)),
      );
    // Both workers are up a full minute boundary before this looks: wait for the next one to pass.
    const before = ranAt().length;
    await until('a digest run', async () => ranAt().length > before, 70_000);
    await sleep(3000);
    const runs = ranAt();
    expect(runs.length).toBeGreaterThan(0);
    expect(new Set(runs).size).toBe(runs.length);
  }, 90_000);
});
