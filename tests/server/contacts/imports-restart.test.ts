import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_BATCH_ROWS } from '../../../server/services/contacts/imports/run.ts';
import type { TestEnv } from '../helpers.ts';
import { makeList, setupTwoCompanies, upload, type Caller } from './fixtures.ts';

// The real server process (ROLE=worker, as `npm start` runs it) killed with SIGKILL mid-import and started again:
// the new process hands the dead one's job back at start and resumes the import within seconds, with its default
// recovery timings, and every row lands exactly once.
let env: TestEnv;
let a: Caller;
const started: ChildProcess[] = [];
beforeAll(async () => {
  ({ env, a } = await setupTwoCompanies());
});
afterAll(async () => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await env.close();
});

// Timed from spawning the new process, so its boot (tsx, the database checks) is included: several seconds on a
// loaded 2-core CI host (10.9 s once). What it guards is resumption at start, not after the dead worker's job lock
// expires (graphile-worker's default is 4 hours).
const RESUME_WITHIN_MS = 20_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function startServer(): { child: ChildProcess; exited: Promise<unknown>; output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      ROLE: 'worker',
      DATABASE_URL: env.databaseUrl,
      DATA_DIR: env.ctx.config.dataDir,
      SECRET_KEY: env.ctx.config.secret,
      SEED: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  started.push(child);
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return { child, exited: new Promise((resolve) => child.once('exit', resolve)), output: () => stderr };
}

const jobLock = async (importId: number) =>
  (
    await env.pool.query<{ locked_by: string | null }>(
      'select locked_by from graphile_worker._private_jobs where key = $1',
      [`contact-import:${importId}`],
    )
  ).rows[0]?.locked_by ?? null;
const rowsDone = async (importId: number) =>
  (await env.pool.query<{ rows_done: number }>('select rows_done from contact_imports where id = $1', [importId]))
    .rows[0]!.rows_done;

describe('restart after a crash', () => {
  it('a SIGKILLed server resumes its import within 20 s of being started again, nothing lost or doubled', async () => {
    const { listId } = await makeList(a);
    const ROWS = 60_000;
    const lines = ['email,first name'];
    for (let i = 0; i < ROWS; i++) lines.push(`restart${i}@example.com,Name${i}`);
    const uploaded = (await upload(env, a, 'restart.csv', lines.join('\n'))).body;
    const importId = uploaded.id as number;
    await a.call('POST', `/contact-imports/${importId}/start`, {
      mapping: [{ target: 'email' }, { target: 'firstName' }],
      listIds: [listId],
    });

    const first = startServer();
    let done = 0;
    for (let i = 0; i < 6000 && done < IMPORT_BATCH_ROWS; i++) {
      await sleep(10);
      done = await rowsDone(importId);
    }
    expect(done, first.output()).toBeGreaterThanOrEqual(IMPORT_BATCH_ROWS);
    first.child.kill('SIGKILL');
    await first.exited;
    const crashed = (await a.call('GET', `/contact-imports/${importId}`)).body;
    expect(crashed.status).toBe('running');
    expect(crashed.processed).toBeLessThan(ROWS);
    const deadWorker = await jobLock(importId);
    expect(deadWorker).not.toBeNull();

    const restartedAt = Date.now();
    const second = startServer();
    let resumedAfter: number | undefined;
    for (let i = 0; i < 300 && resumedAfter === undefined; i++) {
      const lock = await jobLock(importId);
      if ((lock !== null && lock !== deadWorker) || (await rowsDone(importId)) > crashed.processed)
        resumedAfter = Date.now() - restartedAt;
      else await sleep(50);
    }
    expect(resumedAfter, second.output()).toBeDefined();
    expect(resumedAfter!).toBeLessThanOrEqual(RESUME_WITHIN_MS);

    let status = 'running';
    for (let i = 0; i < 1200 && status === 'running'; i++) {
      await sleep(100);
      status = (await a.call('GET', `/contact-imports/${importId}`)).body.status;
    }
    const finished = (await a.call('GET', `/contact-imports/${importId}`)).body;
    expect(finished).toMatchObject({
      status: 'finished',
      processed: ROWS,
      created: ROWS,
      updated: 0,
      skipped: 0,
      failed: 0,
    });
    const contacts = await env.pool.query<{ n: number; distinct: number }>(
      `select count(*)::int as n, count(distinct lower(email))::int as distinct from contacts where company_id = $1 and email like 'restart%'`,
      [a.companyId],
    );
    expect(contacts.rows[0]).toEqual({ n: ROWS, distinct: ROWS });
    expect((await a.call('GET', `/contact-lists/${listId}`)).body.memberCount).toBe(ROWS);
    second.child.kill('SIGTERM');
    await second.exited;
  }, 180_000);
});
