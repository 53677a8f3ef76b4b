import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster } from '../../../scripts/cluster/cluster.ts';
import type { Pool } from '../../../server/db/pool.ts';
import { call, contactsCsv, newOwner, nodeUrl, signIn, sleep, startCsvImport, systemPool, until } from './support.ts';

// A graceful drain through the proxy: an API node sent SIGTERM answers /api/ready with 503 for SHUTDOWN_DELAY_MS while
// it still serves, finishes the request it has in flight (a slow upload), then closes; the proxy's next requests go to
// the other node, and no request through the proxy fails meanwhile (the proxy's health check on /api/ready leaves the
// node out once it answers 503, as a load balancer's would). A worker sent SIGTERM mid-import finishes its
// batch in hand and hands the rest to the other worker. Two API nodes and two workers over PostgreSQL 15 behind nginx.
const DELAY_MS = 1500;
let cluster: Cluster;
let pool: Pool;

beforeAll(async () => {
  cluster = await startCluster({
    api: 2,
    workers: 2,
    basePort: 5700,
    dir: path.resolve('.tmp/cluster-tests/drain'),
    env: { SHUTDOWN_DELAY_MS: String(DELAY_MS) },
    upstreamHeader: true,
    healthCheck: true,
  });
  pool = systemPool(cluster);
}, 240_000);
afterAll(async () => {
  await pool?.end();
  await cluster?.stop();
}, 60_000);

interface Answer {
  status: number;
  upstream: string;
}

/** One call through the proxy; answers its status and the node that answered (the last one nginx tried). */
async function through(method: string, apiPath: string, token: string, body?: unknown): Promise<Answer> {
  const res = await fetch(`${cluster.url}/api${apiPath}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  await res.arrayBuffer();
  return { status: res.status, upstream: (res.headers.get('x-upstream') ?? '').split(', ').at(-1)! };
}

/**
 * A multipart upload to POST /api/contact-imports through the proxy, sent in two parts: `send` writes the rest and
 * resolves with the answer. The first part is on its way when it resolves.
 */
async function slowUpload(token: string, csv: string) {
  const boundary = `----drain${Date.now()}`;
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="drain.csv"\r\n` +
    `Content-Type: text/csv\r\n\r\n`;
  const half = Math.floor(csv.length / 2);
  const proxy = new URL(cluster.url);
  const req = httpRequest({
    host: proxy.hostname,
    port: proxy.port,
    method: 'POST',
    path: '/api/contact-imports',
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  const answer = new Promise<Answer & { body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, upstream: String(res.headers['x-upstream'] ?? ''), body }),
      );
    });
    req.on('error', reject);
  });
  req.write(head + csv.slice(0, half));
  return {
    send: async () => {
      req.end(`${csv.slice(half)}\r\n--${boundary}--\r\n`);
      return answer;
    },
  };
}

describe('graceful drain', () => {
  it('SIGTERM: readiness 503 first, the upload in flight answers 201, then the other node takes every request', async () => {
    const owner = await newOwner(pool);
    const token = await signIn(cluster.url, owner);
    const upload = await slowUpload(token, contactsCsv(2000, 'drain'));
    // The node that took the upload: the one that logged its start.
    const victim = await until('a node with the upload', async () =>
      cluster.api.find((n) => n.output.some((l) => l.includes('incoming request') && l.includes('/contact-imports'))),
    );
    const survivor = cluster.api.find((n) => n !== victim)!;
    const victimAddress = `127.0.0.1:${victim.port}`;

    // Calls through the proxy all along the drain: every one must answer 200 or 201.
    const during: Answer[] = [];
    let busy = true;
    const traffic = (async () => {
      for (let i = 0; busy; i++) {
        during.push(await through('GET', '/users/me', token));
        during.push(await through('POST', '/contact-folders', token, { name: `Drain ${i}` }));
      }
    })();

    const exited = victim.kill('SIGTERM');
    const ready = await until('readiness 503 on the draining node', async () => {
      const res = await fetch(`${nodeUrl(victim.port)}/api/ready`);
      return res.status === 503 ? ((await res.json()) as { code: string }) : undefined;
    });
    expect(ready.code).toBe('draining');
    // The node still serves during its pause: the rest of the upload arrives after the listener would have closed.
    await sleep(DELAY_MS + 500);
    const uploaded = await upload.send();
    expect(uploaded.status, uploaded.body).toBe(201);
    expect(uploaded.upstream).toBe(victimAddress);
    await exited;
    expect(victim.process.exitCode).toBe(0);

    busy = false;
    await traffic;
    expect(during.length).toBeGreaterThan(4);
    expect(during.filter((a) => a.status !== 200 && a.status !== 201)).toEqual([]);
    const after: Answer[] = [];
    for (let i = 0; i < 6; i++) after.push(await through('GET', '/users/me', token));
    expect(after).toEqual(Array(6).fill({ status: 200, upstream: `127.0.0.1:${survivor.port}` }));

    // The upload is there, whole, read by the survivor.
    const { id } = JSON.parse(uploaded.body) as { id: number };
    const imported = await fetch(`${cluster.url}/api/contact-imports/${id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(imported.status).toBe(200);
    await victim.start();
  }, 120_000);

  it('SIGTERM to the worker running an import: it writes its batch in hand and exits, the other worker finishes', async () => {
    const owner = await newOwner(pool);
    const token = await signIn(cluster.url, owner);
    const ROWS = 150_000;
    const importId = await startCsvImport(cluster.url, token, contactsCsv(ROWS, 'pause'));
    const runner = await until('a worker on the import', () => nodeRunning(`contact-import:${importId}`), 30_000);
    await until('a first committed batch', async () => (await importRow(importId)).rows_done > 0, 60_000);
    const victim = cluster.workers.find((w) => w.name === runner)!;
    const signalled = Date.now();
    await victim.kill('SIGTERM');
    const exitMs = Date.now() - signalled;
    // Stopped at a batch boundary well before the 15 s cut, cleanly, and said so.
    expect(victim.process.exitCode).toBe(0);
    expect(exitMs).toBeLessThan(10_000);
    expect(victim.output.some((l) => l.includes('contact import paused for shutdown'))).toBe(true);
    const paused = await importRow(importId);
    expect(paused.rows_done % 10_000).toBe(0);
    expect(paused.rows_done).toBeLessThan(ROWS);

    await until('the other worker on the import', async () => {
      const node = await nodeRunning(`contact-import:${importId}`);
      return node && node !== runner ? node : (await importRow(importId)).status === 'finished';
    });
    await until('the import finished', async () => (await importRow(importId)).status === 'finished', 120_000);
    const imported = await call(cluster.url, 'GET', `/contact-imports/${importId}`, { token });
    expect(imported.body).toMatchObject({ status: 'finished', processed: ROWS, created: ROWS, failed: 0 });
    const { rows } = await pool.query<{ n: number; distinct: number }>(
      `select count(*)::int as n, count(distinct lower(email))::int as distinct
         from contacts where company_id = $1 and email like 'pause%'`,
      [owner.companyId],
    );
    expect(rows[0]).toEqual({ n: ROWS, distinct: ROWS });
    await victim.start();
  }, 240_000);
});

/** The node (the application_name of its connections) whose worker holds the job under `key`. */
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
