import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASKS } from '../../shared/jobs.ts';
import { withTransaction } from '../../server/db/pool.ts';
import { enqueue } from '../../server/jobs/enqueue.ts';
import { taskList } from '../../server/jobs/worker.ts';
import { forJob } from '../../server/services/scope.ts';
import { createTestEnv, type TestEnv } from './helpers.ts';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

const jobs = async () =>
  (
    await env.pool.query<{ task_identifier: string; key: string; max_attempts: number; payload: unknown }>(
      `select t.identifier as task_identifier, j.key, j.max_attempts, j.payload
         from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id order by j.id`,
    )
  ).rows;

describe('background jobs', () => {
  it('has a task for every job name', () => {
    expect(Object.keys(taskList(env.ctx, undefined)).sort()).toEqual(Object.values(TASKS).sort());
  });

  it('queues each job under its name and key, one job per key, with its attempts', async () => {
    const companyId = '00000000-0000-4000-8000-000000000001';
    await enqueue(env.pool, TASKS.deliverMail, { id: 7 });
    // A company's jobs are queued on its bound role, which refuses a payload naming another company.
    const scope = forJob(env.ctx, companyId);
    await enqueue(scope.db, TASKS.importContacts, { companyId, importId: 8 });
    await enqueue(scope.db, TASKS.exportContacts, { companyId, exportId: 9 });
    await enqueue(scope.db, TASKS.exportContacts, { companyId, exportId: 9 });
    const other = '00000000-0000-4000-8000-000000000002';
    await expect(enqueue(scope.db, TASKS.exportContacts, { companyId: other, exportId: 10 })).rejects.toThrow();
    expect(await jobs()).toEqual([
      { task_identifier: 'deliver_mail', key: 'mail:7', max_attempts: 10, payload: { id: 7 } },
      {
        task_identifier: 'import_contacts',
        key: 'contact-import:8',
        max_attempts: 5,
        payload: { companyId, importId: 8 },
      },
      {
        task_identifier: 'export_contacts',
        key: 'contact-export:9',
        max_attempts: 3,
        payload: { companyId, exportId: 9 },
      },
    ]);
  });

  it('queues nothing when the caller’s transaction rolls back', async () => {
    const before = (await jobs()).length;
    await expect(
      withTransaction(env.pool, async (db) => {
        await enqueue(db, TASKS.deliverMail, { id: 99 });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await jobs()).toHaveLength(before);
  });
});
