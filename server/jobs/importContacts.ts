import { Worker } from 'node:worker_threads';
import type { Task } from 'graphile-worker';
import { TASKS } from '../../shared/jobs.ts';
import type { AppContext } from '../context.ts';
import { enqueue, type TaskPayloads } from './enqueue.ts';
import type { ImportThreadInput, ImportThreadMessage, ImportThreadStop } from '../services/contacts/imports/thread.ts';
import { giveUpImport } from '../services/contacts/imports/run.ts';
import { notify } from '../services/notifications/notifications.ts';
import { cleanAbandonedUploads } from '../services/contacts/imports/files.ts';
import { forJob } from '../services/scope.ts';

/**
 * The import thread's heap. A CSV streams, with a few batches alive at a time: a small heap is plenty and keeps the
 * process small. SheetJS reads a whole workbook into memory, so a spreadsheet gets room for that.
 */
const THREAD_LIMITS = {
  csv: { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16 },
  spreadsheet: { maxOldGenerationSizeMb: 1024, maxYoungGenerationSizeMb: 32 },
};

/**
 * Runs one import in a worker thread and relays its realtime events; rejects when the import stopped on an error.
 * When `stopping` aborts (the worker's graceful stop), the thread stops after the batch it is writing: `paused`.
 */
export async function runImportThread(
  ctx: AppContext,
  companyId: string,
  importId: number,
  stopping?: AbortSignal,
): Promise<string> {
  const input: ImportThreadInput = {
    config: ctx.config,
    databaseUrl: ctx.tenants.url,
    systemDatabaseUrl: String(ctx.pool.options.connectionString),
    companyId,
    importId,
  };
  const scope = forJob(ctx, companyId);
  const { rows } = await scope.db.query<{ format: string }>(
    'select format from contact_imports where company_id = $1 and id = $2',
    [companyId, importId],
  );
  const limits = rows[0]?.format === 'csv' ? THREAD_LIMITS.csv : THREAD_LIMITS.spreadsheet;
  const worker = new Worker(new URL('../services/contacts/imports/thread-entry.mjs', import.meta.url), {
    workerData: input,
    resourceLimits: limits,
  });
  const stop = () => worker.postMessage({ type: 'stop' } satisfies ImportThreadStop);
  if (stopping?.aborted) stop();
  else stopping?.addEventListener('abort', stop, { once: true });
  let outcome: ImportThreadMessage | undefined;
  worker.on('message', (message: ImportThreadMessage) => {
    if (message.type === 'realtime') ctx.realtime.toCompany(message.companyId, message.event, message.payload);
    else outcome = message;
  });
  let crash: Error | undefined;
  worker.on('error', (error) => (crash = error));
  await new Promise((resolve) => worker.once('exit', resolve));
  stopping?.removeEventListener('abort', stop);
  if (outcome?.type === 'done') return outcome.result;
  if (outcome?.type === 'failed')
    throw Object.assign(new Error(outcome.message), { code: outcome.code, severity: outcome.severity });
  throw crash ?? new Error('the import thread stopped without an answer');
}

/**
 * Runs or resumes one contact import. A failure rethrows so graphile-worker retries with backoff, and the retry
 * resumes after the last committed batch; after the last attempt the import is marked failed. When the worker stops
 * gracefully (`stopping`), the import pauses after its batch in hand and is queued again at once, so another worker
 * resumes it without waiting for this one's jobs to be taken for dead.
 */
export function importContactsTask(ctx: AppContext, stopping?: AbortSignal): Task {
  return async (payload, helpers) => {
    const { companyId, importId } = payload as TaskPayloads[typeof TASKS.importContacts];
    try {
      const result = await runImportThread(ctx, companyId, Number(importId), stopping);
      if (result === 'finished') await notifyImportEnded(ctx, companyId, Number(importId), 'import.finished');
      if (result === 'paused') {
        // This job is locked, so add_job leaves it to finish and queues a new one under the same key.
        await enqueue(forJob(ctx, companyId).db, TASKS.importContacts, { companyId, importId: Number(importId) });
        ctx.log.info({ importId }, 'contact import paused for shutdown; queued again');
      }
    } catch (error) {
      if (helpers.job.attempts >= helpers.job.max_attempts) {
        await giveUpImport(forJob(ctx, companyId), Number(importId), error);
        await notifyImportEnded(ctx, companyId, Number(importId), 'import.failed');
      }
      throw error;
    }
  };
}

/** The bell's notice to whoever started the import: finished (with the contacts it created or updated) or failed. */
async function notifyImportEnded(
  ctx: AppContext,
  companyId: string,
  importId: number,
  kind: 'import.finished' | 'import.failed',
): Promise<void> {
  const { rows } = await forJob(ctx, companyId).db.query<{ user_id: string | null; count: number }>(
    `select user_id, (created_count + updated_count)::int as count from contact_imports
      where company_id = $1 and id = $2`,
    [companyId, importId],
  );
  const row = rows[0];
  if (!row) return;
  await notify(ctx, {
    companyId,
    userId: row.user_id ?? undefined,
    kind,
    level: kind === 'import.finished' ? 'success' : 'error',
    values: kind === 'import.finished' ? { count: row.count } : {},
  });
}

/** Deletes imports never started (and stray upload files) past ABANDONED_AFTER_HOURS; hourly from the crontab. */
export function cleanImportUploadsTask(ctx: AppContext): Task {
  return async () => {
    const cleaned = await cleanAbandonedUploads(ctx);
    if (cleaned.imports + cleaned.files > 0) ctx.log.info(cleaned, 'abandoned contact import uploads deleted');
  };
}
