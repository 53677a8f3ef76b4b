import type { Task } from 'graphile-worker';
import type { TASKS } from '../../shared/jobs.ts';
import type { AppContext } from '../context.ts';
import type { TaskPayloads } from './enqueue.ts';
import { failExport, runExport } from '../services/contacts/exports.ts';

/** Writes one contacts download file; retried on failure (from the start), marked failed after the last attempt. */
export function exportContactsTask(ctx: AppContext): Task {
  return async (payload, helpers) => {
    const { companyId, exportId } = payload as TaskPayloads[typeof TASKS.exportContacts];
    try {
      await runExport(ctx, companyId, Number(exportId));
    } catch (error) {
      if (helpers.job.attempts >= helpers.job.max_attempts) await failExport(ctx, companyId, Number(exportId), error);
      throw error;
    }
  };
}
