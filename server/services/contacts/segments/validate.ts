import { invalid, type FieldErrors } from '../../../http/errors.ts';
import { parseDate, type AttributeDef } from '../values.ts';
import { missingLists } from '../lists.ts';
import type { Db } from '../sql.ts';
import {
  FIELD_TYPES,
  MAX_CONDITIONS,
  MAX_DEPTH,
  OPERATORS,
  type SegmentCondition,
  type SegmentGroup,
  type ValueType,
} from './types.ts';
import { FIELD_TEXTS } from '../../../../shared/fieldTexts.ts';

type Leaf = Extract<SegmentCondition, { kind: 'field' | 'attribute' }>;

/** Checks one field or attribute condition's operator and value(s) against the type it compares as. */
function checkLeaf(
  condition: Leaf,
  type: ValueType,
  def: AttributeDef | undefined,
  path: string,
  errors: FieldErrors,
): void {
  const add = (field: string, message: string) => (errors[`${path}.${field}`] ??= []).push(message);
  const { operator, value, values } = condition;
  if (!OPERATORS[type].includes(operator)) {
    add('operator', `Operator must be one of: ${OPERATORS[type].join(', ')}`);
    return;
  }
  const valid = (v: unknown): boolean => {
    switch (type) {
      case 'text':
        return typeof v === 'string' && v.length > 0 && v.length <= 1000;
      case 'number':
        return typeof v === 'number' && Number.isFinite(v);
      case 'date':
        return typeof v === 'string' && parseDate(v, false) !== undefined;
      case 'boolean':
        return typeof v === 'boolean';
      case 'category':
        return typeof v === 'string' && (def?.options ?? []).includes(v);
    }
  };
  const expected =
    type === 'text'
      ? FIELD_TEXTS.textRequired
      : type === 'number'
        ? 'Value must be a number'
        : type === 'date'
          ? 'Value must be a date (YYYY-MM-DD)'
          : type === 'boolean'
            ? 'Value must be true or false'
            : FIELD_TEXTS.optionRequired;
  if (operator === 'isEmpty' || operator === 'isNotEmpty') {
    if (value !== undefined || values !== undefined) add('value', 'This operator takes no value');
  } else if (operator === 'between') {
    if (!values || values.length !== 2) add('values', 'Between needs two values');
    else if (!values.every(valid)) add('values', expected);
  } else if (operator === 'in') {
    if (!values?.length) add('values', type === 'category' ? FIELD_TEXTS.optionRequired : FIELD_TEXTS.textRequired);
    else if (!values.every(valid)) add('values', expected);
  } else if (value === undefined || !valid(value)) {
    add('value', expected);
  }
}

/**
 * Validates a condition tree for a company: operators fit the field or attribute type, values have that type,
 * attributes and lists exist, the tree is at most MAX_DEPTH deep with at most MAX_CONDITIONS conditions.
 * Throws 422 with field errors keyed by the path of the offending node (`conditions.conditions.0.value`).
 */
export async function validateConditions(
  db: Db,
  companyId: string,
  root: SegmentGroup,
  attributes: Map<number, AttributeDef>,
  path = 'conditions',
): Promise<void> {
  const errors: FieldErrors = {};
  const listRefs: { listId: number; path: string }[] = [];
  let count = 0;
  const walk = (group: SegmentGroup, at: string, depth: number) => {
    if (depth > MAX_DEPTH) {
      (errors[at] ??= []).push(`Groups can be nested at most ${MAX_DEPTH} deep`);
      return;
    }
    group.conditions.forEach((condition, index) => {
      count += 1;
      const here = `${at}.conditions.${index}`;
      switch (condition.kind) {
        case 'group':
          walk(condition, here, depth + 1);
          break;
        case 'field':
          checkLeaf(condition, FIELD_TYPES[condition.field], undefined, here, errors);
          break;
        case 'attribute': {
          const def = attributes.get(condition.attributeId);
          if (!def) (errors[`${here}.attributeId`] ??= []).push(FIELD_TEXTS.attributeMissing);
          else checkLeaf(condition, def.type, def, here, errors);
          break;
        }
        case 'list':
          listRefs.push({ listId: condition.listId, path: `${here}.listId` });
          break;
        case 'blocklist':
          break;
      }
    });
  };
  walk(root, path, 1);
  if (count > MAX_CONDITIONS) (errors[path] ??= []).push(`A segment takes at most ${MAX_CONDITIONS} conditions`);
  const missing = new Set(await missingLists(db, companyId, [...new Set(listRefs.map((r) => r.listId))]));
  for (const ref of listRefs) if (missing.has(ref.listId)) (errors[ref.path] ??= []).push(FIELD_TEXTS.listMissing);
  if (Object.keys(errors).length) throw invalid(errors);
}
