/**
 * Figures on held-out rows (issue 24 §3), as the contract's UserflowMetrics names them: AUC (the probability that a
 * random "yes" scores above a random "no", ties counting half), precision and recall at each threshold step,
 * calibration bins (predicted against observed rate), and MAE, RMSE and R² for values.
 */
import { USERFLOW_LIMITS } from '../../../../shared/userflow.ts';

/** Rank-based AUC (Mann–Whitney U) with average ranks for ties; null when one class is absent. */
export function auc(scores: number[], labels: number[]): number | null {
  const order = scores.map((_, i) => i).sort((a, b) => scores[a]! - scores[b]!);
  let positives = 0;
  let rankSum = 0;
  for (let start = 0; start < order.length;) {
    let end = start;
    while (end + 1 < order.length && scores[order[end + 1]!] === scores[order[start]!]) end += 1;
    const rank = (start + end) / 2 + 1;
    for (let k = start; k <= end; k++) {
      if (labels[order[k]!] === 1) {
        positives += 1;
        rankSum += rank;
      }
    }
    start = end + 1;
  }
  const negatives = labels.length - positives;
  if (!positives || !negatives) return null;
  return (rankSum - (positives * (positives + 1)) / 2) / (positives * negatives);
}

export interface ThresholdFigure {
  threshold: number;
  precision: number | null;
  recall: number;
}

/** Precision and recall when every score at or above the threshold counts as "yes", at 0.05 … 0.95. */
export function thresholds(scores: number[], labels: number[]): ThresholdFigure[] {
  const step = USERFLOW_LIMITS.thresholdStep;
  const positives = labels.filter((label) => label === 1).length;
  const figures: ThresholdFigure[] = [];
  for (let k = 1; k * step < 1 - 1e-9; k++) {
    const threshold = Math.round(k * step * 100) / 100;
    let called = 0;
    let right = 0;
    for (let i = 0; i < scores.length; i++) {
      if (scores[i]! >= threshold) {
        called += 1;
        if (labels[i] === 1) right += 1;
      }
    }
    figures.push({ threshold, precision: called ? right / called : null, recall: positives ? right / positives : 0 });
  }
  return figures;
}

export interface CalibrationBin {
  from: number;
  to: number;
  count: number;
  predicted: number | null;
  observed: number | null;
}

/** Rows in equal bins of predicted probability: the mean prediction beside the observed share of "yes". */
export function calibration(scores: number[], labels: number[]): CalibrationBin[] {
  const bins = USERFLOW_LIMITS.calibrationBins;
  const sums = Array.from({ length: bins }, () => ({ count: 0, predicted: 0, observed: 0 }));
  scores.forEach((score, i) => {
    const bin = sums[Math.min(bins - 1, Math.max(0, Math.floor(score * bins)))]!;
    bin.count += 1;
    bin.predicted += score;
    bin.observed += labels[i]!;
  });
  return sums.map((bin, k) => ({
    from: k / bins,
    to: (k + 1) / bins,
    count: bin.count,
    predicted: bin.count ? bin.predicted / bin.count : null,
    observed: bin.count ? bin.observed / bin.count : null,
  }));
}

export interface RegressionFigures {
  mae: number;
  rmse: number;
  r2: number | null;
}

/** MAE, RMSE and R² (against the actual values' own mean; null when they do not vary). */
export function regression(predicted: number[], actual: number[]): RegressionFigures {
  const n = actual.length || 1;
  const mean = actual.reduce((sum, value) => sum + value, 0) / n;
  let absolute = 0;
  let squared = 0;
  let total = 0;
  actual.forEach((value, i) => {
    const error = value - predicted[i]!;
    absolute += Math.abs(error);
    squared += error * error;
    total += (value - mean) ** 2;
  });
  return { mae: absolute / n, rmse: Math.sqrt(squared / n), r2: total > 0 ? 1 - squared / total : null };
}
