// Types shared by the model list machine and its actors.
import type { ModelStatus, PredictionType, RunMode } from '../modelWizard/modelWizard.types.ts';

/** A row of `/userflow`: the model, its last run and its held-out quality (AUC or R²). */
export interface ModelSummary {
  id: number;
  name: string;
  status: ModelStatus;
  predictionType: PredictionType;
  runMode: RunMode;
  lastRunAt: string | null;
  nextRunAt: string | null;
  /** AUC for probabilities, R² for values; null before training. */
  quality: number | null;
  /** Training's progress 0–100 while it trains (from the model, then realtime `userflow.model`). */
  trainingPercent: number | null;
}

export type ModelAction = 'pause' | 'resume' | 'retrain';

export type ModelListError = 'loadFailed' | 'createFailed' | 'actionFailed' | 'deleteFailed';

export interface ModelListContext {
  models: ModelSummary[];
  /** The model a delete confirmation or an action is about. */
  target: ModelSummary | null;
  /** A draft just created: the screen opens its wizard. */
  created: number | null;
  error: ModelListError | null;
}

export type ModelListEvent =
  | { type: 'list.retry' }
  | { type: 'model.create'; name: string }
  | { type: 'model.act'; id: number; action: ModelAction }
  | { type: 'model.delete'; id: number }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  | { type: 'model.progressed'; modelId: number; status: ModelStatus; percent: number | null };
