import type { components } from '../../../shared/contract/schema';
import type { ModelSummary } from './modelList.types.ts';

type UserflowModel = components['schemas']['UserflowModel'];

/** A row of the list from the contract's model: quality is the latest version's AUC (probability) or R² (value). */
export function toSummary(m: UserflowModel): ModelSummary {
  return {
    id: m.id,
    name: m.name,
    status: m.status,
    predictionType: m.predictionType,
    runMode: m.runMode.mode,
    lastRunAt: m.lastRun ? (m.lastRun.finishedAt ?? m.lastRun.createdAt) : null,
    nextRunAt: m.nextRunAt,
    quality: (m.predictionType === 'probability' ? m.metrics?.auc : m.metrics?.r2) ?? null,
    trainingPercent: m.training?.percent ?? null,
  };
}
