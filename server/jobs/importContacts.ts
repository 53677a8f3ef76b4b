import type { Task } from 'graphile-worker';
import type { AppContext } from '../context.ts';
import { giveUpImport, runImport } from '../services/contacts/imports/run.ts';

/**
 * Runs or resumes one contact import. A database failure rethrows so graphile-worker retries with backoff, and the
 * retry resumes after the last committed batch; after the last attempt the import is marked failed.
 */
export function importContactsTask(ctx: AppContext): Task {
  return async (payload, helpers) => {
    const { companyId, importId } = payload as { companyId: string; importId: number };
    try {
      await runImport(ctx, companyId, Number(importId));
    } catch (error) {
      if (helpers.job.attempts >= helpers.job.max_attempts) await giveUpImport(ctx, companyId, Number(importId), error);
      throw error;
    }
  };
}
