import type { Task } from 'graphile-worker';
import type { TASKS } from '../../shared/jobs.ts';
import type { AppContext } from '../context.ts';
import type { TaskPayloads } from './enqueue.ts';
import { forJob } from '../services/scope.ts';
import { runScoring } from '../services/userflow/scoring.ts';
import { runTraining } from '../services/userflow/versions.ts';

/** Trains a UserFlow model's new version (server/services/userflow/versions.ts), then scores with it. */
export function trainUserflowModelTask(ctx: AppContext): Task {
  return async (payload) => {
    const { companyId, modelId } = payload as TaskPayloads[typeof TASKS.trainUserflowModel];
    await runTraining(forJob(ctx, companyId), Number(modelId));
  };
}

/** One queued scoring run of a UserFlow model (server/services/userflow/scoring.ts). */
export function scoreUserflowModelTask(ctx: AppContext): Task {
  return async (payload) => {
    const { companyId, modelId, runId } = payload as TaskPayloads[typeof TASKS.scoreUserflowModel];
    const run = await runScoring(forJob(ctx, companyId), Number(modelId), 'manual', Number(runId));
    ctx.log.info({ runId: run.id, status: run.status }, 'userflow scoring run ended');
  };
}
