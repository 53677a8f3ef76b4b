import { TASKS, jobKeys } from '../../shared/jobs.ts';
import type { Queryable } from '../db/tenant.ts';

/** What each queued task receives. */
export interface TaskPayloads {
  /** companyId when queued in a company-bound transaction (see enqueueMail); the task reads only the id. */
  [TASKS.deliverMail]: { id: number; companyId?: string };
  [TASKS.importContacts]: { companyId: string; importId: number };
  [TASKS.exportContacts]: { companyId: string; exportId: number };
  [TASKS.startMessage]: { companyId: string; messageId: number };
  [TASKS.sendMessageBatch]: { companyId: string; messageId: number; batch: number };
  [TASKS.deliverWebhook]: { companyId: string; deliveryId: number };
  [TASKS.drainWebhookEndpoint]: { companyId: string; endpointId: number };
  /** `at`: a wait's end, so each time has its own job (queuing under one key would move the earlier one). */
  [TASKS.advanceWorkflow]: { companyId: string; workflowId: number; at?: string };
  [TASKS.workflowTrigger]: { companyId: string };
  [TASKS.trainUserflowModel]: { companyId: string; modelId: number };
  [TASKS.scoreUserflowModel]: { companyId: string; modelId: number; runId: number };
}
export type QueuedTask = keyof TaskPayloads;

/**
 * Per task: attempts before graphile-worker gives up, the key that keeps one job per piece of work, and whether it is
 * a company's job. A company's job is queued through `missiva_add_job` (migration 016) on the company-bound role,
 * which refuses a payload naming another company; system jobs (mail) are queued on the owner's pool.
 */
const JOBS: {
  [T in QueuedTask]: { maxAttempts: number; key: (payload: TaskPayloads[T]) => string; tenant: boolean };
} = {
  [TASKS.deliverMail]: { maxAttempts: 10, key: (p) => jobKeys.mail(p.id), tenant: false },
  [TASKS.importContacts]: { maxAttempts: 5, key: (p) => jobKeys.contactImport(p.importId), tenant: true },
  [TASKS.exportContacts]: { maxAttempts: 3, key: (p) => jobKeys.contactExport(p.exportId), tenant: true },
  [TASKS.startMessage]: { maxAttempts: 5, key: (p) => jobKeys.messageStart(p.messageId), tenant: true },
  [TASKS.sendMessageBatch]: {
    maxAttempts: 10,
    key: (p) => jobKeys.messageBatch(p.messageId, p.batch),
    tenant: true,
  },
  // Retries follow WEBHOOK_LIMITS.retryDelaysMs: the task queues the next attempt itself at its time.
  [TASKS.deliverWebhook]: { maxAttempts: 1, key: (p) => jobKeys.webhookDelivery(p.deliveryId), tenant: true },
  // A drain that fails (the database, not a receiver) is retried; the deliveries it had claimed come due again.
  [TASKS.drainWebhookEndpoint]: {
    maxAttempts: 25,
    key: (p) => jobKeys.webhookEndpoint(p.endpointId),
    tenant: true,
  },
  [TASKS.advanceWorkflow]: { maxAttempts: 10, key: (p) => jobKeys.workflowAdvance(p.workflowId, p.at), tenant: true },
  [TASKS.workflowTrigger]: { maxAttempts: 10, key: (p) => jobKeys.workflowTrigger(p.companyId), tenant: true },
  // Training and scoring record their own failure on the model or the run: a retry would only repeat it.
  [TASKS.trainUserflowModel]: { maxAttempts: 1, key: (p) => jobKeys.userflowTraining(p.modelId), tenant: true },
  [TASKS.scoreUserflowModel]: { maxAttempts: 1, key: (p) => jobKeys.userflowRun(p.runId), tenant: true },
};

/**
 * Queues a job with graphile-worker's `add_job`. Given the caller's transaction, the job commits (or not) with the
 * rows it concerns, and a worker never picks up a job for data it cannot see yet. `runAt` delays a company's job
 * (a scheduled campaign, a batch waiting for its sender's next minute or day, a retry). `keepRunAt` leaves the run time
 * of a job already queued under the key as it is (a drain scheduling its next look must not postpone one due now).
 */
export async function enqueue<T extends QueuedTask>(
  db: Queryable,
  task: T,
  payload: TaskPayloads[T],
  runAt?: Date,
  options: { keepRunAt?: boolean } = {},
): Promise<void> {
  const job = JOBS[task];
  // A system job queued inside a company-bound transaction names its company, and goes through missiva_add_job like
  // a company's job: the company-bound role cannot use graphile_worker's schema directly.
  const tenant = job.tenant || 'companyId' in payload;
  if (runAt && tenant) {
    const fn = options.keepRunAt ? 'missiva_add_job_keep' : 'missiva_add_job_at';
    await db.query(`select ${fn}($1, $2::json, $3, $4, $5)`, [
      task,
      JSON.stringify(payload),
      job.maxAttempts,
      job.key(payload),
      runAt,
    ]);
    return;
  }
  const sql = tenant
    ? 'select missiva_add_job($1, $2::json, $3, $4)'
    : 'select graphile_worker.add_job($1, $2::json, max_attempts => $3, job_key => $4)';
  await db.query(sql, [task, JSON.stringify(payload), job.maxAttempts, job.key(payload)]);
}
