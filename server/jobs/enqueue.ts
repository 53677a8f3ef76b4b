import { TASKS, jobKeys } from '../../shared/jobs.ts';
import type { Pool, PoolClient } from '../db/pool.ts';

/** What each queued task receives. */
export interface TaskPayloads {
  [TASKS.deliverMail]: { id: number };
  [TASKS.importContacts]: { companyId: string; importId: number };
  [TASKS.exportContacts]: { companyId: string; exportId: number };
}
export type QueuedTask = keyof TaskPayloads;

/** Per task: attempts before graphile-worker gives up, and the key that keeps one job per piece of work. */
const JOBS: { [T in QueuedTask]: { maxAttempts: number; key: (payload: TaskPayloads[T]) => string } } = {
  [TASKS.deliverMail]: { maxAttempts: 10, key: (p) => jobKeys.mail(p.id) },
  [TASKS.importContacts]: { maxAttempts: 5, key: (p) => jobKeys.contactImport(p.importId) },
  [TASKS.exportContacts]: { maxAttempts: 3, key: (p) => jobKeys.contactExport(p.exportId) },
};

/**
 * Queues a job with graphile-worker's `add_job`. Given the caller's transaction, the job commits (or not) with the
 * rows it concerns, and a worker never picks up a job for data it cannot see yet.
 */
export async function enqueue<T extends QueuedTask>(
  db: Pool | PoolClient,
  task: T,
  payload: TaskPayloads[T],
): Promise<void> {
  const job = JOBS[task];
  await db.query('select graphile_worker.add_job($1, $2::json, max_attempts => $3, job_key => $4)', [
    task,
    JSON.stringify(payload),
    job.maxAttempts,
    job.key(payload),
  ]);
}
