import { CronExpressionParser } from 'cron-parser';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FIELD_RANGES,
  FIELDS,
  PERIOD_FIELDS,
  PERIODS,
  fieldToValues,
  isReachable,
  patternToSelections,
  selectionsToPattern,
  valuesToField,
  type Field,
  type Selections,
} from './cron';

/** What a selection reads back as: sorted, unique, and `[]` when it holds every value of the field. */
function canonical(values: readonly number[], field: Field): number[] {
  const { min, max } = FIELD_RANGES[field];
  const sorted = [...new Set(values)].sort((a, b) => a - b);
  return sorted.length === max - min + 1 ? [] : sorted;
}

const fieldValues = (field: Field) => {
  const { min, max } = FIELD_RANGES[field];
  return fc.oneof(
    fc.array(fc.integer({ min, max }), { maxLength: 12 }),
    fc.array(fc.integer({ min, max }), { maxLength: 80 }),
    fc
      .integer({ min: 2, max: max - min })
      .map((x) => Array.from({ length: Math.floor((max - min) / x) + 1 }, (_, i) => min + i * x)),
  );
};

const selectionsArb: fc.Arbitrary<Selections> = fc.record({
  minute: fieldValues('minute'),
  hour: fieldValues('hour'),
  dayOfMonth: fieldValues('dayOfMonth'),
  month: fieldValues('month'),
  dayOfWeek: fieldValues('dayOfWeek'),
});

const fieldArb = fc.constantFrom(...FIELDS);

describe('round trips', () => {
  it('values → field → values gives the sorted unique values', () => {
    fc.assert(
      fc.property(
        fieldArb.chain((field) => fc.tuple(fc.constant(field), fieldValues(field))),
        ([field, values]) => {
          const text = valuesToField(values, field);
          expect(text).not.toBeNull();
          expect(fieldToValues(text!, field)).toEqual(canonical(values, field));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('valuesToField never writes a longer text than a plain comma list', () => {
    fc.assert(
      fc.property(
        fieldArb.chain((field) => fc.tuple(fc.constant(field), fieldValues(field))),
        ([field, values]) => {
          const sorted = canonical(values, field);
          if (sorted.length > 0)
            expect(valuesToField(values, field)!.length).toBeLessThanOrEqual(sorted.join(',').length);
        },
      ),
    );
  });

  for (const period of PERIODS) {
    it(`selections → pattern → selections for period ${period}`, () => {
      fc.assert(
        fc.property(selectionsArb, (selections) => {
          const exposed = PERIOD_FIELDS[period];
          const read = Object.fromEntries(
            FIELDS.map((field) => [field, exposed.includes(field) ? canonical(selections[field], field) : []]),
          ) as Record<Field, number[]>;
          const built = selectionsToPattern(selections, period);
          if (!isReachable(read)) {
            expect(built).toEqual({ ok: false, error: 'invalid selection' });
            return;
          }
          expect(built.ok).toBe(true);
          if (!built.ok) return;
          expect(built.pattern.split(' ')).toHaveLength(5);
          expect(patternToSelections(built.pattern, period)).toEqual({ ok: true, selections: read });
        }),
        { numRuns: 500 },
      );
    });
  }
});

describe('agreement with cron-parser', () => {
  const cronFieldValues = (pattern: string, field: Field): number[] => {
    const fields = CronExpressionParser.parse(pattern).fields;
    return fields[field].values.map(Number).filter((value) => value <= FIELD_RANGES[field].max);
  };

  it('fieldToValues expands a field to the values cron-parser runs on', () => {
    fc.assert(
      fc.property(
        fieldArb.chain((field) => fc.tuple(fc.constant(field), fieldValues(field))),
        ([field, values]) => {
          const text = valuesToField(values, field)!;
          const pattern = FIELDS.map((f) => (f === field ? text : '*')).join(' ');
          const { min, max } = FIELD_RANGES[field];
          const everyValue = Array.from({ length: max - min + 1 }, (_, i) => min + i);
          const ours = fieldToValues(text, field)!;
          expect(ours.length === 0 ? everyValue : ours).toEqual(cronFieldValues(pattern, field));
        },
      ),
      { numRuns: 1000 },
    );
  });
});
