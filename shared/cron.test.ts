import { describe, expect, it } from 'vitest';
import {
  classifySegment,
  fieldToValues,
  isValidPattern,
  nextRuns,
  parseSegment,
  patternToSelections,
  selectionsToPattern,
  valuesToField,
  type Field,
  type Period,
  type SegmentType,
} from './cron';

describe('classifySegment', () => {
  it.each<[string, Field, SegmentType | null]>([
    ['*', 'minute', 'empty'],
    ['5', 'minute', 'value'],
    ['05', 'hour', 'value'],
    ['1-5', 'dayOfWeek', 'range'],
    ['*/15', 'minute', 'everyX'],
    ['1-2,5,8-10', 'dayOfMonth', 'combined'],
    ['1,2', 'month', 'combined'],
    ['60', 'minute', null],
    ['24', 'hour', null],
    ['0', 'dayOfMonth', null],
    ['13', 'month', null],
    ['7', 'dayOfWeek', null],
    ['5-1', 'minute', null],
    ['*/0', 'minute', null],
    ['*/60', 'minute', null],
    ['a', 'minute', null],
    ['', 'minute', null],
    ['1,,2', 'minute', null],
    ['1,', 'minute', null],
    ['1-5/2', 'minute', null],
    ['*/5,1', 'minute', null],
    ['MON', 'dayOfWeek', null],
    ['JAN', 'month', null],
    ['L', 'dayOfMonth', null],
    ['1#2', 'dayOfWeek', null],
    ['?', 'dayOfMonth', null],
    ['-1', 'minute', null],
    ['1.5', 'minute', null],
    ['005', 'minute', null],
  ])('%j as %s is %s', (text, field, type) => {
    expect(classifySegment(text, field)).toBe(type);
  });

  it('parses combined segments into values and ranges', () => {
    expect(parseSegment('1-2,5', 'minute')).toEqual({
      type: 'combined',
      items: [
        { type: 'range', start: 1, end: 2 },
        { type: 'value', value: 5 },
      ],
    });
  });
});

describe('fieldToValues', () => {
  it.each<[string, Field, number[] | null]>([
    ['*', 'minute', []],
    ['5', 'minute', [5]],
    ['05', 'minute', [5]],
    ['0', 'dayOfWeek', [0]],
    ['1-5', 'dayOfWeek', [1, 2, 3, 4, 5]],
    ['5-5', 'hour', [5]],
    ['*/15', 'minute', [0, 15, 30, 45]],
    ['*/6', 'hour', [0, 6, 12, 18]],
    ['*/5', 'dayOfMonth', [1, 6, 11, 16, 21, 26, 31]],
    ['*/3', 'month', [1, 4, 7, 10]],
    ['*/2', 'dayOfWeek', [0, 2, 4, 6]],
    ['*/30', 'minute', [0, 30]],
    ['8-10,1-2,5,2', 'dayOfMonth', [1, 2, 5, 8, 9, 10]],
    ['0-59', 'minute', []],
    ['*/1', 'hour', []],
    ['0-3,4-6', 'dayOfWeek', []],
    ['60', 'minute', null],
    ['5-1', 'minute', null],
    ['*/0', 'minute', null],
    ['a', 'minute', null],
    ['', 'minute', null],
    ['1,,2', 'minute', null],
    ['32', 'dayOfMonth', null],
    ['7', 'dayOfWeek', null],
    ['0-12', 'month', null],
  ])('%j as %s → %j', (text, field, values) => {
    expect(fieldToValues(text, field)).toEqual(values);
  });
});

describe('valuesToField', () => {
  it.each<[number[], Field, string | null]>([
    [[], 'minute', '*'],
    [[5], 'minute', '5'],
    [[1, 2, 3], 'dayOfMonth', '1-3'],
    [[1, 2, 5, 8, 9, 10], 'dayOfMonth', '1-2,5,8-10'],
    [[10, 9, 8, 5, 2, 1, 2], 'dayOfMonth', '1-2,5,8-10'],
    [[0, 15, 30, 45], 'minute', '*/15'],
    [[45, 30, 15, 0, 0], 'minute', '*/15'],
    [[0, 30], 'minute', '0,30'],
    [[15, 30, 45], 'minute', '15,30,45'],
    [[0, 15, 30], 'minute', '0,15,30'],
    [[0, 8, 16], 'hour', '*/8'],
    [[1, 6, 11, 16, 21, 26, 31], 'dayOfMonth', '*/5'],
    [[5, 10, 15, 20, 25, 30], 'dayOfMonth', '5,10,15,20,25,30'],
    [[1, 4, 7, 10], 'month', '*/3'],
    [[0, 3, 6], 'dayOfWeek', '*/3'],
    [Array.from({ length: 60 }, (_, i) => i), 'minute', '*'],
    [[0, 1, 2, 3, 4, 5, 6], 'dayOfWeek', '*'],
    [[60], 'minute', null],
    [[24], 'hour', null],
    [[0], 'dayOfMonth', null],
    [[13], 'month', null],
    [[7], 'dayOfWeek', null],
    [[1.5], 'minute', null],
    [[-1], 'minute', null],
    [[Number.NaN], 'minute', null],
  ])('%j as %s → %j', (values, field, text) => {
    expect(valuesToField(values, field)).toBe(text);
  });
});

describe('patternToSelections', () => {
  it('reads only the fields the period exposes', () => {
    const result = patternToSelections('5 12 1 2 3', 'day');
    expect(result).toEqual({
      ok: true,
      selections: { minute: [5], hour: [12], dayOfMonth: [], month: [], dayOfWeek: [] },
    });
  });

  it('ignores a malformed field the period does not expose', () => {
    expect(patternToSelections('5 12 x y z', 'day').ok).toBe(true);
    expect(patternToSelections('5 12 x y z', 'week')).toEqual({ ok: false, error: 'invalid pattern' });
  });

  it.each<[string, Period]>([
    ['* * * *', 'year'],
    ['* * * * * *', 'year'],
    ['', 'minute'],
    ['60 * * * *', 'hour'],
    ['* * * * 7', 'week'],
    ['0 0 31 2 *', 'year'],
  ])('%j for %s is an invalid pattern', (pattern, period) => {
    expect(patternToSelections(pattern, period)).toEqual({ ok: false, error: 'invalid pattern' });
  });

  it('accepts extra whitespace between fields', () => {
    expect(patternToSelections('  */15   9-17 * * 1-5 ', 'week')).toEqual({
      ok: true,
      selections: {
        minute: [0, 15, 30, 45],
        hour: [9, 10, 11, 12, 13, 14, 15, 16, 17],
        dayOfMonth: [],
        month: [],
        dayOfWeek: [1, 2, 3, 4, 5],
      },
    });
  });
});

describe('selectionsToPattern', () => {
  it('writes wildcards for the fields the period hides', () => {
    const selections = { minute: [5], hour: [12], dayOfMonth: [1], month: [2], dayOfWeek: [3] };
    expect(selectionsToPattern(selections, 'minute')).toEqual({ ok: true, pattern: '* * * * *' });
    expect(selectionsToPattern(selections, 'hour')).toEqual({ ok: true, pattern: '5 * * * *' });
    expect(selectionsToPattern(selections, 'day')).toEqual({ ok: true, pattern: '5 12 * * *' });
    expect(selectionsToPattern(selections, 'week')).toEqual({ ok: true, pattern: '5 12 * * 3' });
    expect(selectionsToPattern(selections, 'month')).toEqual({ ok: true, pattern: '5 12 1 * 3' });
    expect(selectionsToPattern(selections, 'year')).toEqual({ ok: true, pattern: '5 12 1 2 3' });
  });

  it('gives invalid selection for values that cannot become a field', () => {
    expect(selectionsToPattern({ minute: [60] }, 'hour')).toEqual({ ok: false, error: 'invalid selection' });
    expect(selectionsToPattern({ dayOfWeek: [7] }, 'week')).toEqual({ ok: false, error: 'invalid selection' });
  });

  it('gives invalid selection for a day of month that never occurs in the chosen months', () => {
    expect(selectionsToPattern({ dayOfMonth: [30, 31], month: [2] }, 'year')).toEqual({
      ok: false,
      error: 'invalid selection',
    });
    expect(selectionsToPattern({ dayOfMonth: [29], month: [2] }, 'year')).toEqual({ ok: true, pattern: '* * 29 2 *' });
    expect(selectionsToPattern({ dayOfMonth: [31], month: [2], dayOfWeek: [1] }, 'year')).toEqual({
      ok: true,
      pattern: '* * 31 2 1',
    });
    expect(selectionsToPattern({ dayOfMonth: [31], month: [2] }, 'month')).toEqual({ ok: true, pattern: '* * 31 * *' });
  });
});

describe('isValidPattern', () => {
  it.each([
    ['* * * * *', true],
    ['5 12 * * *', true],
    ['*/15 9-17 1,15 1-6 1-5', true],
    ['0 0 29 2 *', true],
    ['0 0 31 2 *', false],
    ['* * * * 7', false],
    ['* * * *', false],
    ['@daily', false],
    ['0 0 * JAN MON', false],
    ['0 0 L * *', false],
    ['', false],
  ])('%j → %s', (pattern, valid) => {
    expect(isValidPattern(pattern)).toBe(valid);
  });
});

describe('nextRuns', () => {
  const from = new Date('2025-01-01T00:00:00Z');

  it('computes run times in the given time zone', () => {
    expect(nextRuns('5 12 * * *', 2, 'Europe/Rome', from).map((d) => d.toISOString())).toEqual([
      '2025-01-01T11:05:00.000Z',
      '2025-01-02T11:05:00.000Z',
    ]);
    expect(nextRuns('5 12 * * *', 1, 'UTC', from).map((d) => d.toISOString())).toEqual(['2025-01-01T12:05:00.000Z']);
  });

  it('reads */X in day of month the way cron does', () => {
    expect(nextRuns('0 0 */5 * *', 3, 'UTC', from).map((d) => d.getUTCDate())).toEqual([6, 11, 16]);
  });

  it('uses Sunday for day of week 0', () => {
    expect(nextRuns('0 0 * * 0', 1, 'UTC', from).map((d) => d.toISOString())).toEqual(['2025-01-05T00:00:00.000Z']);
  });

  it('returns nothing for an invalid pattern', () => {
    expect(nextRuns('* * * * 7', 5, 'UTC', from)).toEqual([]);
    expect(nextRuns('nope', 5, 'UTC', from)).toEqual([]);
  });
});
