/**
 * Turns source rows into numbers the algorithms read (issue 24 §3): numeric columns standardised, booleans 0/1,
 * dates as their age in days at training time, categoricals one-hot over their most frequent values (up to
 * USERFLOW_LIMITS.maxCategories, the rest "other"). A missing value is imputed (the median, or "no category") and
 * flagged in a column of its own when training saw missing values of that feature, so a model can learn from absence.
 * The encoder is plain JSON: it is stored in the version's artifact and scoring encodes with the same one.
 */
import { USERFLOW_LIMITS, type FeatureType } from '../../../../shared/userflow.ts';
import type { SourceRow, SourceValue } from '../connectors/types.ts';
import { cellText, parseBoolean, parseDate, parseNumber } from '../connectors/values.ts';

export interface FeatureSpec {
  name: string;
  type: FeatureType;
}

type Encoding =
  | { name: string; type: 'numeric' | 'date' | 'boolean'; center: number; scale: number; impute: number; flag: boolean }
  | { name: string; type: 'categorical'; categories: string[]; flag: boolean };

export interface Encoder {
  /** Dates are aged against this instant (milliseconds since the epoch), the training's. */
  reference: number;
  features: Encoding[];
  /** One entry per encoded column: the feature it comes from (permutation importance shuffles them together). */
  columns: { feature: string; label: string }[];
}

const DAY_MS = 86_400_000;

/** A cell as a number for its feature type (the connectors' parsers), or null when it is missing or unreadable. */
function numberOf(value: SourceValue, type: 'numeric' | 'date' | 'boolean', reference: number): number | null {
  if (type === 'boolean') {
    const flag = parseBoolean(value);
    return flag === null ? null : Number(flag);
  }
  if (type === 'date') {
    const time = parseDate(value);
    return time === null ? null : (reference - time) / DAY_MS;
  }
  return parseNumber(value);
}

function median(values: number[]): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Learns each feature's encoding from the training rows only (validation rows never leak into it). */
export function fitEncoder(rows: SourceRow[], features: FeatureSpec[], reference: number): Encoder {
  const encodings: Encoding[] = features.map((feature) => {
    if (feature.type === 'categorical') {
      const counts = new Map<string, number>();
      let missing = 0;
      for (const row of rows) {
        const category = cellText(row[feature.name] ?? null);
        if (category === null) missing += 1;
        else counts.set(category, (counts.get(category) ?? 0) + 1);
      }
      const categories = [...counts.entries()]
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
        .slice(0, USERFLOW_LIMITS.maxCategories)
        .map(([category]) => category);
      return { name: feature.name, type: 'categorical', categories, flag: missing > 0 };
    }
    const type = feature.type;
    const values: number[] = [];
    for (const row of rows) {
      const number = numberOf(row[feature.name] ?? null, type, reference);
      if (number !== null) values.push(number);
    }
    const impute = median(values);
    const mean = values.length ? values.reduce((sum, value) => sum + value, 0) / values.length : 0;
    const variance = values.length ? values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length : 0;
    const scale = Math.sqrt(variance) || 1;
    return { name: feature.name, type, center: mean, scale, impute, flag: values.length < rows.length };
  });
  const columns: Encoder['columns'] = [];
  for (const encoding of encodings) {
    if (encoding.type === 'categorical') {
      for (const category of encoding.categories) columns.push({ feature: encoding.name, label: category });
      columns.push({ feature: encoding.name, label: '(other)' });
    } else columns.push({ feature: encoding.name, label: encoding.name });
    if (encoding.flag) columns.push({ feature: encoding.name, label: '(missing)' });
  }
  return { reference, features: encodings, columns };
}

/** One row as the encoded numbers, in the encoder's column order. */
export function encodeRow(encoder: Encoder, row: SourceRow): number[] {
  const out: number[] = [];
  for (const encoding of encoder.features) {
    const raw = row[encoding.name] ?? null;
    if (encoding.type === 'categorical') {
      const category = cellText(raw);
      const index = category === null ? -1 : encoding.categories.indexOf(category);
      for (let i = 0; i < encoding.categories.length; i++) out.push(i === index ? 1 : 0);
      out.push(category !== null && index === -1 ? 1 : 0);
      if (encoding.flag) out.push(category === null ? 1 : 0);
    } else {
      const number = numberOf(raw, encoding.type, encoder.reference);
      out.push(((number ?? encoding.impute) - encoding.center) / encoding.scale);
      if (encoding.flag) out.push(number === null ? 1 : 0);
    }
  }
  return out;
}

export function encodeRows(encoder: Encoder, rows: SourceRow[]): number[][] {
  return rows.map((row) => encodeRow(encoder, row));
}
