import type { Task } from 'graphile-worker';
import type { TASKS } from '../../shared/jobs.ts';
import type { AppContext } from '../context.ts';
import type { TaskPayloads } from './enqueue.ts';
import { failExport, runExport } from '../services/contacts/exports.ts';
import { forJob } from '../services/scope.ts';

/** Writes one contacts download file; retried on failure (from the start), marked failed after the last attempt. */
export function exportContactsTask(ctx: AppContext): Task {
  return async (payload, helpers) => {
    const { companyId, exportId } = payload as TaskPayloads[typeof TASKS.exportContacts];
    const scope = forJob(ctx, companyId);
    try {
      await runExport(scope, Number(exportId));
    } catch (error) {
      if (helpers.job.attempts >= helpers.job.max_attempts) await failExport(scope, Number(exportId), error);
      throw error;
    }
  };
}
