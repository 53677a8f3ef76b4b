import type { SegmentCondition, SegmentGroup } from '../../../server/services/contacts/segments/types.ts';

/** A contact as the oracle sees it: fields as stored, createdAt as its UTC calendar day. */
export interface PlainContact {
  id: number;
  fields: Record<
    | 'email'
    | 'firstName'
    | 'lastName'
    | 'phonePrefix'
    | 'phoneNumber'
    | 'country'
    | 'language'
    | 'address'
    | 'createdAt',
    string | null
  >;
  attributes: Record<string, unknown>;
  lists: number[];
  blocked: boolean;
}

export type AttributeTypes = Map<number, 'text' | 'number' | 'date' | 'boolean' | 'category'>;

/** PostgreSQL's lower() and upper() under the C locale fold ASCII letters only. */
const lower = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
const upper = (s: string) => s.replace(/[a-z]/g, (c) => c.toUpperCase());

/**
 * How field text compares: both sides lower-cased, or (for fields stored normalised) only the value folded: country
 * codes to upper case, language codes to lower case, phone digits as they are.
 */
type Fold = { stored: (s: string) => string; value: (s: string) => string };
const BOTH_LOWER: Fold = { stored: lower, value: lower };
const FOLDS: Record<string, Fold> = {
  email: BOTH_LOWER,
  firstName: BOTH_LOWER,
  lastName: BOTH_LOWER,
  address: BOTH_LOWER,
  country: { stored: (s) => s, value: upper },
  language: { stored: (s) => s, value: lower },
  phonePrefix: { stored: (s) => s, value: (s) => s },
  phoneNumber: { stored: (s) => s, value: (s) => s },
  createdAt: BOTH_LOWER,
};

/** A JSON value as `->>` gives it. */
const textOf = (v: unknown): string | null =>
  v === null || v === undefined ? null : typeof v === 'string' ? v : JSON.stringify(v);

/**
 * The segment semantics written plainly, independent of SQL: the oracle the compiler is tested against.
 * Absent or empty values match isEmpty and notEquals only; text compares case-insensitively; numbers and booleans
 * compare only with values stored with their JSON type; dates compare as YYYY-MM-DD text.
 */
export function matches(group: SegmentGroup, contact: PlainContact, types: AttributeTypes): boolean {
  const results = group.conditions.map((c) => matchesCondition(c, contact, types));
  return group.operator === 'and' ? results.every(Boolean) : results.some(Boolean);
}

function matchesCondition(condition: SegmentCondition, contact: PlainContact, types: AttributeTypes): boolean {
  switch (condition.kind) {
    case 'group':
      return matches(condition, contact, types);
    case 'list':
      return contact.lists.includes(condition.listId) === (condition.operator === 'in');
    case 'blocklist':
      return contact.blocked === (condition.operator === 'is');
    case 'field': {
      const type = condition.field === 'createdAt' ? 'date' : 'text';
      return compare(type, contact.fields[condition.field], condition, FOLDS[condition.field]);
    }
    case 'attribute': {
      const type = types.get(condition.attributeId);
      const raw = contact.attributes[String(condition.attributeId)];
      if (!type) return condition.operator === 'isEmpty' || condition.operator === 'notEquals';
      return compare(type, raw, condition);
    }
  }
}

function compare(
  type: string,
  raw: unknown,
  condition: { operator: string; value?: unknown; values?: unknown[] },
  fold: Fold = BOTH_LOWER,
): boolean {
  const text = textOf(raw);
  const empty = text === null || text === '';
  const { operator, value, values = [] } = condition;
  if (operator === 'isEmpty') return empty;
  if (operator === 'isNotEmpty') return !empty;
  const typed: unknown =
    type === 'number'
      ? typeof raw === 'number'
        ? raw
        : null
      : type === 'date'
        ? typeof raw === 'string'
          ? raw
          : null
        : type === 'boolean'
          ? raw
          : text;
  const eq = (x: unknown): boolean => {
    if (type === 'text') return text !== null && fold.stored(text) === fold.value(String(x));
    if (type === 'boolean') return typed === x;
    if (type === 'category') return text !== null && text === x;
    return typed !== null && typed === x;
  };
  const ordered = (op: (a: number | string, b: number | string) => boolean) => (x: unknown) =>
    typed !== null && typed !== undefined && op(typed as never, x as never);
  switch (operator) {
    case 'equals':
      return eq(value);
    case 'notEquals':
      return !eq(value);
    case 'contains':
      return text !== null && fold.stored(text).includes(fold.value(String(value)));
    case 'startsWith':
      return text !== null && fold.stored(text).startsWith(fold.value(String(value)));
    case 'greaterThan':
    case 'after':
      return ordered((a, b) => a > b)(value);
    case 'lessThan':
    case 'before':
      return ordered((a, b) => a < b)(value);
    case 'between':
      return ordered((a, b) => a >= b)(values[0]) && ordered((a, b) => a <= b)(values[1]);
    case 'in':
      if (type === 'text') return text !== null && values.some((v) => fold.value(String(v)) === fold.stored(text));
      return text !== null && values.includes(text);
    default:
      throw new Error(`unknown operator ${operator}`);
  }
}
