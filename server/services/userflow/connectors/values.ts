/**
 * How UserFlow reads the cells of any source (issue 24 §1 step-2): a column's type is detected from a sample of its
 * values, and the same parsers turn a cell into the number, boolean or date that training and scoring use. Files
 * hand over text; databases and APIs hand over typed values; both go through here.
 */
import { USERFLOW_LIMITS, type FeatureType } from '../../../../shared/userflow.ts';
import type { SourceRow, SourceValue } from './types.ts';

const TRUE_WORDS = new Set(['true', 'yes', 'y', 't', '1', 'si', 'sì']);
const FALSE_WORDS = new Set(['false', 'no', 'n', 'f', '0']);
/** ISO dates (2026-03-01, with a time and zone or not) and day-first dates (01/03/2026), as spreadsheets write them. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const DAY_FIRST = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** A cell as text, or null when it is empty. */
export function cellText(value: SourceValue | undefined): string | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  return text === '' ? null : text;
}

/** A finite number, or null: numbers as they come, text such as "12", "-3.5", "1e3" (no thousands separators). */
export function parseNumber(value: SourceValue | undefined): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  const text = cellText(value);
  if (text === null || !/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text)) return null;
  const number = Number(text);
  return Number.isFinite(number) ? number : null;
}

/** true/false, or null when the cell is empty or not a yes/no word. */
export function parseBoolean(value: SourceValue | undefined): boolean | null {
  if (typeof value === 'boolean') return value;
  const text = cellText(value)?.toLowerCase();
  if (text === undefined || text === null) return null;
  if (TRUE_WORDS.has(text)) return true;
  if (FALSE_WORDS.has(text)) return false;
  return null;
}

/** Milliseconds since the epoch, or null: ISO dates and day-first dates (dd/mm/yyyy). */
export function parseDate(value: SourceValue | undefined): number | null {
  const text = cellText(value);
  if (text === null || typeof value === 'number' || typeof value === 'boolean') return null;
  if (ISO_DATE.test(text)) {
    const time = Date.parse(text.length === 10 ? `${text}T00:00:00Z` : text.replace(' ', 'T'));
    return Number.isNaN(time) ? null : time;
  }
  const dayFirst = DAY_FIRST.exec(text);
  if (dayFirst) {
    const [, day, month, year] = dayFirst.map(Number) as [number, number, number, number];
    const time = Date.UTC(year, month - 1, day);
    const back = new Date(time);
    return back.getUTCDate() === day && back.getUTCMonth() === month - 1 ? time : null;
  }
  return null;
}

/**
 * The type of a column from its values: boolean when every value is a yes/no word and there are at most two distinct
 * ones, numeric when every value is a number, date when every value is a date, categorical otherwise (and for a
 * column with no value at all).
 */
export function detectType(values: readonly (SourceValue | undefined)[]): FeatureType {
  const present = values.filter((v) => cellText(v) !== null) as SourceValue[];
  if (!present.length) return 'categorical';
  const distinct = new Set(present.map((v) => String(v).trim().toLowerCase()));
  if (distinct.size <= 2 && present.every((v) => parseBoolean(v) !== null)) return 'boolean';
  if (present.every((v) => parseNumber(v) !== null)) return 'numeric';
  if (present.every((v) => parseDate(v) !== null)) return 'date';
  return 'categorical';
}

/** Column names as a model uses them: cut to the contract's length and made unique ("Spend", "Spend (2)"). */
export function uniqueColumns(headers: string[]): string[] {
  const seen = new Set<string>();
  return headers.map((header) => {
    const base = header.slice(0, USERFLOW_LIMITS.maxColumnNameLength - 6);
    let name = base;
    for (let n = 2; seen.has(name.toLowerCase()); n++) name = `${base} (${n})`;
    seen.add(name.toLowerCase());
    return name;
  });
}

/** A database driver's value as a cell: dates as ISO text, big integers as numbers when exact, JSON as its text. */
export function sourceValue(value: unknown): SourceValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : String(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (Buffer.isBuffer(value)) return value.toString('utf8');
  return JSON.stringify(value);
}

/**
 * A JSON record as a row: nested objects become dotted columns (`address.city`) down to three levels, lists and
 * deeper objects their JSON text. A record that is not an object is a bad answer.
 */
export function flatRow(record: unknown): SourceRow | null {
  if (record === null || typeof record !== 'object' || Array.isArray(record)) return null;
  const row: SourceRow = {};
  const walk = (value: Record<string, unknown>, prefix: string, depth: number) => {
    for (const [key, cell] of Object.entries(value)) {
      const name = `${prefix}${key}`;
      if (cell !== null && typeof cell === 'object' && !Array.isArray(cell) && depth < 3) {
        walk(cell as Record<string, unknown>, `${name}.`, depth + 1);
      } else {
        row[name] = sourceValue(cell);
      }
    }
  };
  walk(record as Record<string, unknown>, '', 1);
  return row;
}
