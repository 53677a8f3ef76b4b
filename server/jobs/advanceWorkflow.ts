import type { Task } from 'graphile-worker';
import type { TASKS } from '../../shared/jobs.ts';
import type { AppContext } from '../context.ts';
import type { TaskPayloads } from './enqueue.ts';
import { advanceWorkflow } from '../services/workflows/engine.ts';
import { forJob } from '../services/scope.ts';

/** Moves one workflow's due runs; a failure is retried, and the steps already done are not done again. */
export function advanceWorkflowTask(ctx: AppContext): Task {
  return async (payload) => {
    const { companyId, workflowId } = payload as TaskPayloads[typeof TASKS.advanceWorkflow];
    await advanceWorkflow(forJob(ctx, companyId), Number(workflowId));
  };
}
