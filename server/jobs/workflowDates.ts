import type { Task } from 'graphile-worker';
import type { TASKS } from '../../shared/jobs.ts';
import type { AppContext } from '../context.ts';
import type { TaskPayloads } from './enqueue.ts';
import { enrolDates } from '../services/workflows/dates.ts';
import { forJob } from '../services/scope.ts';

/** A company's date triggers at their hour; a failure is retried, and the enrolments of the day are kept once. */
export function workflowDatesTask(ctx: AppContext): Task {
  return async (payload) => {
    const { companyId } = payload as TaskPayloads[typeof TASKS.workflowDates];
    await enrolDates(forJob(ctx, companyId));
  };
}
