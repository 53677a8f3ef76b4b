import type { Task } from 'graphile-worker';
import type { TASKS } from '../../shared/jobs.ts';
import type { AppContext } from '../context.ts';
import type { TaskPayloads } from './enqueue.ts';
import { matchTriggerEvents } from '../services/workflows/triggers.ts';
import { forJob } from '../services/scope.ts';

/** Matches a company's new timeline events to its workflows' triggers; a failure is retried from the cursor. */
export function workflowTriggerTask(ctx: AppContext): Task {
  return async (payload) => {
    const { companyId } = payload as TaskPayloads[typeof TASKS.workflowTrigger];
    await matchTriggerEvents(forJob(ctx, companyId));
  };
}
