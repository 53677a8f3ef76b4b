// Types shared by the predictions machine and its actors.
import type { ModelSummary } from '../modelList/modelList.types.ts';

/** One CSV part of a run's predictions (the spec's 5000 rows per file), by a signed link. */
export interface PredictionDownload {
  part: number;
  rows: number;
  url: string;
}

/**
 * A scoring run: when, rows read, contacts matched, scores cleared (contacts a full run no longer scored), whether it
 * read only the source's changed rows, how long, errors, and its downloads.
 */
export interface PredictionRun {
  id: number;
  startedAt: string;
  finishedAt: string | null;
  status: 'running' | 'finished' | 'failed';
  rows: number;
  matched: number;
  cleared: number;
  incremental: boolean;
  durationMs: number | null;
  error: string | null;
  downloads: PredictionDownload[];
}

export interface ScoreBucket {
  from: number;
  to: number;
  count: number;
}

export interface TopContact {
  contactId: number;
  email: string | null;
  name: string | null;
  score: number;
}

export interface PredictionsOverview {
  runs: PredictionRun[];
  distribution: ScoreBucket[];
  top: TopContact[];
}

export interface CreatedSegment {
  id: number;
  name: string;
}

export type PredictionsError = 'loadFailed' | 'modelFailed' | 'runFailed' | 'segmentFailed';

export interface PredictionsContext {
  models: ModelSummary[];
  modelId: number | null;
  overview: PredictionsOverview | null;
  /** Scores above this become the segment. */
  threshold: number;
  segment: CreatedSegment | null;
  error: PredictionsError | null;
}

export type PredictionsEvent =
  | { type: 'predictions.retry' }
  | { type: 'model.pick'; id: number }
  | { type: 'model.run' }
  | { type: 'threshold.change'; threshold: number }
  | { type: 'segment.create' }
  /** Realtime: a model's training or scoring run ended (its runs, scores and files changed). */
  | { type: 'model.updated'; modelId: number };
