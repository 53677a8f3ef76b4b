import type { PredictionType } from '../../../../shared/userflow.ts';
import type { SourceValue } from '../connectors/types.ts';
import { cellText, parseBoolean, parseNumber } from '../connectors/values.ts';

/** A source cell as the target's label: 1/0 for "yes"/"no" (null when empty), a number for a value. */
export function labelOf(predictionType: PredictionType, value: unknown, positiveValue?: string): number | null {
  const text = cellText(value as SourceValue);
  if (text === null) return null;
  if (predictionType === 'value') return parseNumber(value as SourceValue);
  if (positiveValue !== undefined && positiveValue !== '') {
    return text.toLowerCase() === positiveValue.trim().toLowerCase() ? 1 : 0;
  }
  return parseBoolean(value as SourceValue) === true ? 1 : 0;
}
