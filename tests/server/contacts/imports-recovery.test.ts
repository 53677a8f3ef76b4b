import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reclaimDeadWorkers } from '../../../server/jobs/recovery.ts';
import { startWorker } from '../../../server/jobs/worker.ts';
import { IMPORT_BATCH_ROWS } from '../../../server/services/contacts/imports/run.ts';
import type { TestEnv } from '../helpers.ts';
import { makeList, setupTwoCompanies, upload, type Caller } from './fixtures.ts';

// A node lost mid-job (SIGKILL of the whole process) leaves its jobs locked; the surviving workers notice the missing
// heartbeat and hand the jobs back, and the import resumes where it stopped.
let env: TestEnv;
let a: Caller;
beforeAll(async () => {
  ({ env, a } = await setupTwoCompanies());
});
afterAll(() => env.close());

const workerScript = path.join(path.dirname(fileURLToPath(import.meta.url)), 'support', 'run-worker.ts');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function lockedJob(workerId: string, lockedSecondsAgo: number): Promise<string> {
  const { rows } = await env.pool.query<{ id: string }>(
    `select id from graphile_worker.add_job('recovery_probe', '{}'::json, job_key => $1)`,
    [`probe-${workerId}`],
  );
  const id = rows[0]!.id;
  await env.pool.query(
    `update graphile_worker._private_jobs set locked_by = $2, locked_at = now() - make_interval(secs => $3) where id = $1`,
    [id, workerId, lockedSecondsAgo],
  );
  return id;
}

const lockOf = async (id: string) =>
  (
    await env.pool.query<{ locked_by: string | null }>(
      'select locked_by from graphile_worker._private_jobs where id = $1',
      [id],
    )
  ).rows[0]!.locked_by;

describe('jobs of dead workers', () => {
  it('unlocks only workers that are silent and have held their lock long enough', async () => {
    const dead = await lockedJob('worker-dead', 120);
    const alive = await lockedJob('worker-alive', 120);
    const fresh = await lockedJob('worker-just-started', 1);
    await env.pool.query(`insert into job_worker_heartbeats (worker_id, seen_at) values ('worker-alive', now())`);
    expect(await reclaimDeadWorkers(env.pool, 60_000)).toEqual(['worker-dead']);
    expect(await lockOf(dead)).toBeNull();
    expect(await lockOf(alive)).toBe('worker-alive');
    expect(await lockOf(fresh)).toBe('worker-just-started');
    // An old heartbeat is no proof of life.
    await env.pool.query(
      `update job_worker_heartbeats set seen_at = now() - interval '2 minutes' where worker_id = 'worker-alive'`,
    );
    expect(await reclaimDeadWorkers(env.pool, 60_000)).toEqual(['worker-alive']);
    expect(await lockOf(alive)).toBeNull();
    await env.pool.query('delete from graphile_worker._private_jobs where id = any($1::bigint[])', [
      [dead, alive, fresh],
    ]);
  });

  it('takes a worker for dead at once when the session lock of its process is gone, however fresh its heartbeat', async () => {
    const ended = await lockedJob('worker-ended', 1);
    const live = await lockedJob('worker-live', 1);
    const session = await env.pool.connect();
    try {
      await session.query('select pg_advisory_lock(4242)');
      await env.pool.query(
        `insert into job_worker_heartbeats (worker_id, seen_at, session_lock) values ('worker-ended', now(), 4141), ('worker-live', now(), 4242)`,
      );
      expect(await reclaimDeadWorkers(env.pool, 60_000)).toEqual(['worker-ended']);
      expect(await lockOf(ended)).toBeNull();
      expect(await lockOf(live)).toBe('worker-live');
      await session.query('select pg_advisory_unlock(4242)');
      expect(await reclaimDeadWorkers(env.pool, 60_000)).toEqual(['worker-live']);
    } finally {
      session.release();
      await env.pool.query('delete from graphile_worker._private_jobs where id = any($1::bigint[])', [[ended, live]]);
      await env.pool.query(`delete from job_worker_heartbeats where worker_id in ('worker-ended', 'worker-live')`);
    }
  });

  it('a killed worker process: its import is picked up by another worker and finishes without duplicates', async () => {
    const { listId } = await makeList(a);
    const ROWS = 40_000;
    const lines = ['email,first name'];
    for (let i = 0; i < ROWS; i++) lines.push(`lost${i}@example.com,Name${i}`);
    const uploaded = (await upload(env, a, 'lost.csv', lines.join('\n'))).body;

    const child = fork(workerScript, [env.databaseUrl, env.ctx.config.dataDir], {
      execArgv: ['--import', 'tsx'],
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    await new Promise((resolve) => child.once('message', resolve));
    await a.call('POST', `/contact-imports/${uploaded.id}/start`, {
      mapping: [{ target: 'email' }, { target: 'firstName' }],
      listIds: [listId],
    });

    let done = 0;
    for (let i = 0; i < 3000 && done < IMPORT_BATCH_ROWS; i++) {
      await sleep(10);
      done = (
        await env.pool.query<{ rows_done: number }>('select rows_done from contact_imports where id = $1', [
          uploaded.id,
        ])
      ).rows[0]!.rows_done;
    }
    child.kill('SIGKILL');
    await exited;
    const crashed = (await a.call('GET', `/contact-imports/${uploaded.id}`)).body;
    expect(crashed.status).toBe('running');
    expect(crashed.processed).toBeLessThan(ROWS);
    const held = await env.pool.query<{ locked_by: string | null }>(
      `select locked_by from graphile_worker._private_jobs where key = $1`,
      [`contact-import:${uploaded.id}`],
    );
    expect(held.rows[0]!.locked_by).not.toBeNull();

    const worker = await startWorker(env.ctx, {
      pollInterval: 50,
      concurrency: 1,
      recovery: { heartbeatMs: 200, staleAfterMs: 1500 },
    });
    try {
      let status = 'running';
      for (let i = 0; i < 600 && status === 'running'; i++) {
        await sleep(100);
        status = (await a.call('GET', `/contact-imports/${uploaded.id}`)).body.status;
      }
      const finished = (await a.call('GET', `/contact-imports/${uploaded.id}`)).body;
      expect(finished).toMatchObject({ status: 'finished', processed: ROWS, created: ROWS, updated: 0, failed: 0 });
      const contacts = await env.pool.query<{ n: number; distinct: number }>(
        `select count(*)::int as n, count(distinct lower(email))::int as distinct from contacts where company_id = $1 and email like 'lost%'`,
        [a.companyId],
      );
      expect(contacts.rows[0]).toEqual({ n: ROWS, distinct: ROWS });
    } finally {
      await worker.stop();
    }
  }, 120_000);
});
