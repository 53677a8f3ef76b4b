import type { Task } from 'graphile-worker';
import type { AppContext } from '../context.ts';
import { failExport, runExport } from '../services/contacts/exports.ts';

/** Writes one contacts download file; retried on failure (from the start), marked failed after the last attempt. */
export function exportContactsTask(ctx: AppContext): Task {
  return async (payload, helpers) => {
    const { companyId, exportId } = payload as { companyId: string; exportId: number };
    try {
      await runExport(ctx, companyId, Number(exportId));
    } catch (error) {
      if (helpers.job.attempts >= helpers.job.max_attempts) await failExport(ctx, companyId, Number(exportId), error);
      throw error;
    }
  };
}
