/**
 * Schedule patterns: five space-separated cron fields (minute, hour, day of month, month, day of week) and the
 * per-field selections the schedule editor shows. Pure TypeScript, shared by the SPA and the server.
 *
 * Our pattern language is a strict subset of cron. A field is one of five segment types:
 *   empty `*` · value `5` · range `1-5` · everyX `*\/15` · combined `1-2,5,8-10` (comma-joined values and ranges).
 * Numbers have one or two digits. Names (JAN, MON), `?`, `L`, `#`, `H`, stepped ranges and day of week 7 are refused.
 *
 * Two rules to know:
 * - `*\/X` follows cron (and cron-parser, which computes the run times): the values min, min+X, min+2X… up to the
 *   field's maximum. For minute, hour and day of week (min 0) these are the multiples of X; for day of month and
 *   month (min 1) they are 1, 1+X, 1+2X… So `*\/5` as day of month is 1,6,11,16,21,26,31, and 5,10,…,30 is written
 *   out as a list. `valuesToField` produces `*\/X` only for such a sequence of at least three values that runs to the
 *   end of the field.
 * - A selection is a sorted list of values, and `[]` means "every value". A field text that covers the whole field
 *   (`0-59`, `*\/1`) reads as `[]`, and writing every value gives `*`. Beware: for day of month and day of week cron
 *   treats a literal `*` specially (when both are restricted a day matches either), so loading `0 0 1 * 0-6` into the
 *   editor and saving it yields `0 0 1 * *`, which runs on the 1st only.
 */
import { CronExpressionParser } from 'cron-parser';

export const FIELDS = ['minute', 'hour', 'dayOfMonth', 'month', 'dayOfWeek'] as const;
export type Field = (typeof FIELDS)[number];

export const FIELD_RANGES: Readonly<Record<Field, { readonly min: number; readonly max: number }>> = {
  minute: { min: 0, max: 59 },
  hour: { min: 0, max: 23 },
  dayOfMonth: { min: 1, max: 31 },
  month: { min: 1, max: 12 },
  dayOfWeek: { min: 0, max: 6 },
};

export const PERIODS = ['minute', 'hour', 'day', 'week', 'month', 'year'] as const;
export type Period = (typeof PERIODS)[number];

/** The sub-fields each period exposes, in the order the editor's sentence shows them. */
export const PERIOD_FIELDS: Readonly<Record<Period, readonly Field[]>> = {
  minute: [],
  hour: ['minute'],
  day: ['hour', 'minute'],
  week: ['dayOfWeek', 'hour', 'minute'],
  month: ['dayOfMonth', 'dayOfWeek', 'hour', 'minute'],
  year: ['month', 'dayOfMonth', 'dayOfWeek', 'hour', 'minute'],
};

export const DEFAULT_PATTERN = '* * * * *';
export const DEFAULT_PERIOD: Period = 'year';

export type ScheduleError = 'invalid pattern' | 'invalid selection';
export type Selections = Readonly<Record<Field, readonly number[]>>;

export type SegmentType = 'empty' | 'value' | 'range' | 'everyX' | 'combined';
export type ListItem = { type: 'value'; value: number } | { type: 'range'; start: number; end: number };
export type Segment =
  { type: 'empty' } | ListItem | { type: 'everyX'; every: number } | { type: 'combined'; items: readonly ListItem[] };

export const EMPTY_SELECTIONS: Selections = { minute: [], hour: [], dayOfMonth: [], month: [], dayOfWeek: [] };

const NUMBER = /^\d{1,2}$/;
const RANGE = /^(\d{1,2})-(\d{1,2})$/;
const EVERY = /^\*\/(\d{1,2})$/;

export function isPeriod(value: unknown): value is Period {
  return typeof value === 'string' && (PERIODS as readonly string[]).includes(value);
}

function inRange(value: number, field: Field): boolean {
  const { min, max } = FIELD_RANGES[field];
  return Number.isInteger(value) && value >= min && value <= max;
}

function parseItem(text: string, field: Field): ListItem | null {
  if (NUMBER.test(text)) {
    const value = Number(text);
    return inRange(value, field) ? { type: 'value', value } : null;
  }
  const range = RANGE.exec(text);
  if (!range) return null;
  const start = Number(range[1]);
  const end = Number(range[2]);
  return inRange(start, field) && inRange(end, field) && start <= end ? { type: 'range', start, end } : null;
}

/** Parses one field's text into its segment, or `null` when it is not one of our five segment types or out of range. */
export function parseSegment(text: string, field: Field): Segment | null {
  if (text === '*') return { type: 'empty' };
  const every = EVERY.exec(text);
  if (every) {
    const x = Number(every[1]);
    const { min, max } = FIELD_RANGES[field];
    return x >= 1 && x <= max - min ? { type: 'everyX', every: x } : null;
  }
  if (!text.includes(',')) return parseItem(text, field);
  const items = text.split(',').map((part) => parseItem(part, field));
  return items.every((item): item is ListItem => item !== null) ? { type: 'combined', items } : null;
}

/** The segment type of a field's text, or `null` when the text is not a valid field. */
export function classifySegment(text: string, field: Field): SegmentType | null {
  return parseSegment(text, field)?.type ?? null;
}

function itemValues(item: ListItem): number[] {
  if (item.type === 'value') return [item.value];
  return Array.from({ length: item.end - item.start + 1 }, (_, i) => item.start + i);
}

function normalize(values: readonly number[], field: Field): number[] {
  const { min, max } = FIELD_RANGES[field];
  const sorted = [...new Set(values)].sort((a, b) => a - b);
  return sorted.length === max - min + 1 ? [] : sorted;
}

/** Field text → sorted unique values; `[]` means every value; `null` when unparseable or out of range. */
export function fieldToValues(text: string, field: Field): number[] | null {
  const segment = parseSegment(text, field);
  if (segment === null) return null;
  const { min, max } = FIELD_RANGES[field];
  switch (segment.type) {
    case 'empty':
      return [];
    case 'everyX': {
      const count = Math.floor((max - min) / segment.every) + 1;
      return normalize(
        Array.from({ length: count }, (_, i) => min + i * segment.every),
        field,
      );
    }
    case 'combined':
      return normalize(segment.items.flatMap(itemValues), field);
    default:
      return normalize(itemValues(segment), field);
  }
}

function everyStep(values: readonly number[], field: Field): number | null {
  const { min, max } = FIELD_RANGES[field];
  const [first, second] = values;
  if (values.length < 3 || first !== min || second === undefined) return null;
  const step = second - first;
  const steady = values.every((value, i) => value === min + i * step);
  return steady && values[values.length - 1]! + step > max ? step : null;
}

/** Values (any order, duplicates allowed) → the shortest field text; `null` when a value is out of range or not an integer. */
export function valuesToField(values: readonly number[], field: Field): string | null {
  if (!values.every((value) => inRange(value, field))) return null;
  const sorted = normalize(values, field);
  if (sorted.length === 0) return '*';
  const step = everyStep(sorted, field);
  if (step !== null) return `*/${step}`;
  const parts: string[] = [];
  let start = sorted[0]!;
  let previous = start;
  for (const value of [...sorted.slice(1), Number.NaN]) {
    if (value === previous + 1) {
      previous = value;
      continue;
    }
    parts.push(start === previous ? String(start) : `${start}-${previous}`);
    start = value;
    previous = value;
  }
  return parts.join(',');
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/**
 * False when the chosen days of month can never occur in the chosen months (31 with February only) and the day of
 * week is every day. cron-parser refuses such a pattern; with a day of week chosen, cron runs on those weekdays.
 */
export function isReachable(selections: Selections): boolean {
  const [firstDay] = selections.dayOfMonth;
  if (firstDay === undefined || selections.dayOfWeek.length > 0 || selections.month.length === 0) return true;
  return selections.month.some((month) => firstDay <= (DAYS_IN_MONTH[month - 1] ?? 31));
}

export type PatternResult = { ok: true; selections: Selections } | { ok: false; error: 'invalid pattern' };
export type SelectionResult = { ok: true; pattern: string } | { ok: false; error: 'invalid selection' };

function splitPattern(pattern: string): string[] | null {
  const fields = pattern.trim().split(/\s+/);
  return fields.length === FIELDS.length ? fields : null;
}

/** Reads the fields `period` exposes; the others are ignored and come back as `[]`. */
export function patternToSelections(pattern: string, period: Period): PatternResult {
  const texts = splitPattern(pattern);
  if (texts === null) return { ok: false, error: 'invalid pattern' };
  const selections: Record<Field, readonly number[]> = { ...EMPTY_SELECTIONS };
  for (const field of PERIOD_FIELDS[period]) {
    const values = fieldToValues(texts[FIELDS.indexOf(field)] ?? '', field);
    if (values === null) return { ok: false, error: 'invalid pattern' };
    selections[field] = values;
  }
  return isReachable(selections) ? { ok: true, selections } : { ok: false, error: 'invalid pattern' };
}

/** Writes the fields `period` exposes from `selections`; the others are `*`. */
export function selectionsToPattern(selections: Partial<Selections>, period: Period): SelectionResult {
  const exposed = PERIOD_FIELDS[period];
  const texts: string[] = [];
  const read: Record<Field, readonly number[]> = { ...EMPTY_SELECTIONS };
  for (const field of FIELDS) {
    const values = exposed.includes(field) ? (selections[field] ?? []) : [];
    const text = valuesToField(values, field);
    if (text === null) return { ok: false, error: 'invalid selection' };
    read[field] = normalize(values, field);
    texts.push(text);
  }
  return isReachable(read) ? { ok: true, pattern: texts.join(' ') } : { ok: false, error: 'invalid selection' };
}

/** Server-side check (422 'invalid pattern'): five fields of our segment types that cron-parser also accepts. */
export function isValidPattern(pattern: string): boolean {
  const texts = splitPattern(pattern);
  if (texts === null || !FIELDS.every((field, i) => fieldToValues(texts[i] ?? '', field) !== null)) return false;
  try {
    CronExpressionParser.parse(texts.join(' '));
    return true;
  } catch {
    return false; // cron-parser refuses a day of month that never occurs in the chosen months (see isReachable).
  }
}

/** The next `count` run times after `from`, computed in `timeZone` (IANA name); `[]` for an invalid pattern. */
export function nextRuns(pattern: string, count: number, timeZone: string, from: Date = new Date()): Date[] {
  if (!isValidPattern(pattern) || count <= 0) return [];
  const expression = CronExpressionParser.parse(pattern.trim().split(/\s+/).join(' '), {
    tz: timeZone,
    currentDate: from,
  });
  return expression.take(count).map((date) => date.toDate());
}
