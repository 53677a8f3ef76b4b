import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster } from '../../../scripts/cluster/cluster.ts';
import { publishEvent } from '../../../server/realtime/publisher.ts';
import { companyRoom } from '../../../server/realtime/socket.ts';
import type { Pool } from '../../../server/db/pool.ts';
import { VERSION } from '../../../server/version.ts';
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

// What a cluster lives through: a worker killed mid-import, an API node killed, PostgreSQL restarted, a node of an
// older version started against a newer database. Two API nodes and two workers over PostgreSQL 15 behind nginx.
let cluster: Cluster;
let pool: Pool;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  cluster = await startCluster({
    api: 2,
    workers: 2,
    basePort: 5660,
    dir: path.resolve('.tmp/cluster-tests/failures'),
  });
  pool = systemPool(cluster);
}, 240_000);
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await pool?.end();
  await cluster?.stop();
}, 60_000);

/** The node (its name, the application_name of its connections) whose worker holds the job under `key`. */
async function nodeRunning(key: string): Promise<string | undefined> {
  const { rows } = await pool.query<{ node: string }>(
    `select a.application_name as node
       from graphile_worker._private_jobs j
       join job_worker_heartbeats h on h.worker_id = j.locked_by
       join pg_locks l on l.locktype = 'advisory' and l.objsubid = 1 and l.granted
                      and ((l.classid::bigint << 32) | l.objid::bigint) = h.session_lock
       join pg_stat_activity a on a.pid = l.pid
      where j.key = $1`,
    [key],
  );
  return rows[0]?.node;
}

const importRow = async (id: number) =>
  (await pool.query('select status, rows_done from contact_imports where id = $1', [id])).rows[0] as {
    status: string;
    rows_done: number;
  };

describe('failures a cluster lives through', () => {
  it('a worker killed mid-import (SIGKILL): the other resumes it within 10 s, nothing lost or doubled', async () => {
    const owner = await newOwner(pool);
    const token = await signIn(cluster.url, owner);
    const ROWS = 80_000;
    const importId = await startCsvImport(cluster.url, token, contactsCsv(ROWS, 'kill'));
    const key = `contact-import:${importId}`;
    const runner = await until('a worker on the import', () => nodeRunning(key), 30_000);
    await until('a first committed batch', async () => (await importRow(importId)).rows_done > 0, 30_000);
    const victim = cluster.workers.find((w) => w.name === runner)!;
    const killedAt = Date.now();
    await victim.kill('SIGKILL');
    const survivor = await until('another worker on the import', async () => {
      const node = await nodeRunning(key);
      return node && node !== runner ? node : undefined;
    });
    const resumedMs = Date.now() - killedAt;
    expect(survivor).not.toBe(runner);
    expect(resumedMs).toBeLessThan(10_000);
    await until('the import finished', async () => (await importRow(importId)).status === 'finished', 120_000);
    const imported = await call(cluster.url, 'GET', `/contact-imports/${importId}`, { token });
    expect(imported.body).toMatchObject({ status: 'finished', processed: ROWS, created: ROWS, failed: 0 });
    const { rows } = await pool.query<{ n: number; distinct: number }>(
      `select count(*)::int as n, count(distinct lower(email))::int as distinct
         from contacts where company_id = $1 and email like 'kill%'`,
      [owner.companyId],
    );
    expect(rows[0]).toEqual({ n: ROWS, distinct: ROWS });
    await victim.start();
  }, 180_000);

  it('an API node killed: the proxy serves from the other, and a reconnecting socket comes back', async () => {
    const owner = await newOwner(pool);
    const token = await signIn(cluster.url, owner);
    const socket = await openSocket(cluster.url, token, { reconnection: true });
    sockets.push(socket);
    const [gone, kept] = cluster.api;
    await gone!.kill('SIGKILL');
    const answers: number[] = [];
    for (let i = 0; i < 10; i++) answers.push((await call(cluster.url, 'GET', '/users/me', { token })).status);
    expect(answers).toEqual(Array(10).fill(200));
    // Whichever node the socket was on, it is connected (again) through the proxy and receives events.
    let arrived = false;
    socket.on('contact.timeline', () => (arrived = true));
    await until('an event on the socket', async () => {
      if (socket.connected)
        await publishEvent(pool, [companyRoom(owner.companyId)], 'contact.timeline', { contactId: 1 });
      await sleep(200);
      return arrived;
    });
    expect(kept!.process.exitCode).toBeNull();
    await gone!.start();
  }, 120_000);

  it('PostgreSQL restarted: every node reconnects without restarting and says so in one line', async () => {
    const owner = await newOwner(pool);
    const token = await signIn(cluster.url, owner);
    const socket = await openSocket(nodeUrl(cluster.api[0]!.port), token);
    sockets.push(socket);
    const pids = cluster.nodes.map((n) => n.process.pid);
    const restoredBefore = cluster.nodes.map(
      (n) => n.output.filter((l) => l.includes('database connection restored')).length,
    );
    await cluster.restartDatabase();
    await until(
      'the API through the proxy',
      async () => (await call(cluster.url, 'GET', '/users/me', { token })).status === 200,
    );
    // A worker's event reaches the socket again once the node's adapter has listened again.
    let arrived = false;
    socket.on('contact.timeline', () => (arrived = true));
    await until('an event after the restart', async () => {
      await publishEvent(pool, [companyRoom(owner.companyId)], 'contact.timeline', { contactId: 2 }).catch(
        () => undefined,
      );
      await sleep(300);
      return arrived;
    });
    await sleep(1000);
    expect(cluster.nodes.map((n) => n.process.pid)).toEqual(pids);
    expect(cluster.nodes.map((n) => n.process.exitCode)).toEqual(cluster.nodes.map(() => null));
    const restored = cluster.nodes.map(
      (n, i) => n.output.filter((l) => l.includes('database connection restored')).length - restoredBefore[i]!,
    );
    expect(restored).toEqual(cluster.nodes.map(() => 1));
  }, 120_000);

  it('migrated once by nodes that started together, and a database newer than the code is refused', async () => {
    const { rows } = await pool.query<{ name: string; n: number }>(
      'select name, count(*)::int as n from schema_migrations group by name having count(*) > 1',
    );
    expect(rows).toEqual([]);
    await pool.query(`insert into schema_migrations (name) values ('999_from_a_newer_version.sql')`);
    try {
      const refused = await cluster.addNode('api').then(
        () => 'started',
        (error: Error) => error.message,
      );
      expect(refused).toContain(
        `The database is newer than this Missiva ${VERSION}: it has migration 999_from_a_newer_version.sql`,
      );
    } finally {
      await pool.query(`delete from schema_migrations where name = '999_from_a_newer_version.sql'`);
    }
  }, 60_000);
});
