import type { AttributeDef } from '../values.ts';
import type { SqlParams } from '../sql.ts';
import {
  FIELD_TYPES,
  type AttributeCondition,
  type FieldCondition,
  type SegmentCondition,
  type SegmentField,
  type SegmentGroup,
  type ValueType,
} from './types.ts';

/**
 * Contact columns by field, and how their text is compared. Names, email and address ignore case by lower-casing both
 * sides. Country and language are stored normalised (upper- and lower-case codes) and phone fields are digits, so
 * only the value is normalised: no function runs per row. createdAt is compared by its UTC calendar day.
 */
const FIELD_COLUMNS: Record<SegmentField, { column: string; fold: 'lower' | 'upperValue' | 'lowerValue' | 'none' }> = {
  email: { column: 'email::text', fold: 'lower' },
  firstName: { column: 'first_name', fold: 'lower' },
  lastName: { column: 'last_name', fold: 'lower' },
  phonePrefix: { column: 'phone_prefix', fold: 'none' },
  phoneNumber: { column: 'phone_number', fold: 'none' },
  country: { column: 'country', fold: 'upperValue' },
  language: { column: 'language', fold: 'lowerValue' },
  address: { column: 'address', fold: 'lower' },
  createdAt: { column: 'created_at', fold: 'none' },
};

interface Operand {
  type: ValueType;
  /** The value as text, for emptiness (null when absent). */
  text: string;
  /** The value as compared: lower-cased text, numeric, a calendar day, ISO date text, or JSON for booleans. */
  compared: string;
  /** A bound value in the same form as `compared`. */
  bind: (value: unknown) => string;
  /** For text: how bound values are folded (lists of values for `in` are folded the same way). */
  fold?: 'lower' | 'upper' | 'none';
}

export interface CompileOptions {
  params: SqlParams;
  /** The company's attribute definitions (conditions on unknown attributes match no value). */
  attributes: Map<number, AttributeDef>;
  /** Alias of the contacts table in the surrounding query. */
  alias?: string;
}

/**
 * Compiles a validated condition tree into one boolean SQL expression over the contacts table, for counts, pages,
 * exports and campaign recipients alike. Every value travels as a bind parameter. An absent value equals nothing,
 * contains nothing, is neither greater nor less than anything, and does match notEquals and isEmpty. Text comparisons
 * ignore case (see FIELD_COLUMNS for the normalised fields). An empty AND group is true and an empty OR group is false.
 *
 * The expression is for a WHERE clause. A comparison with an absent value is left SQL NULL, which WHERE drops like
 * false; since no group negates, AND and OR over NULL select exactly what they would over false (a Kleene formula
 * without NOT that is true with an unknown is true whatever the unknown is). The negating conditions (notEquals, not
 * in a list) fold NULL to false before they negate. Not wrapping every comparison in coalesce() saves a fifth of a
 * segment count over a million contacts. To negate a whole segment, wrap it in coalesce(…, false) first.
 */
export function compileSegment(root: SegmentGroup, options: CompileOptions): string {
  const c = options.alias ?? 'c';
  const p = (value: unknown) => options.params.add(value);

  const fieldOperand = (field: SegmentField): Operand => {
    const { column: name, fold } = FIELD_COLUMNS[field];
    const column = `${c}.${name}`;
    if (FIELD_TYPES[field] === 'date') {
      const day = `(${column} at time zone 'UTC')::date`;
      return { type: 'date', text: `(${day})::text`, compared: day, bind: (v) => `${p(v)}::date` };
    }
    switch (fold) {
      case 'lower':
        return {
          type: 'text',
          text: column,
          compared: `lower(${column})`,
          bind: (v) => `lower(${p(v)}::text)`,
          fold: 'lower',
        };
      case 'upperValue':
        return { type: 'text', text: column, compared: column, bind: (v) => `upper(${p(v)}::text)`, fold: 'upper' };
      case 'lowerValue':
        return { type: 'text', text: column, compared: column, bind: (v) => `lower(${p(v)}::text)`, fold: 'lower' };
      default:
        return { type: 'text', text: column, compared: column, bind: (v) => `${p(v)}::text`, fold: 'none' };
    }
  };

  const attributeOperand = (condition: AttributeCondition): Operand | undefined => {
    const def = options.attributes.get(condition.attributeId);
    if (!def) return undefined;
    const key = p(String(def.id));
    const json = `${c}.attributes -> ${key}`;
    const text = `(${c}.attributes ->> ${key})`;
    switch (def.type) {
      case 'text':
        return { type: 'text', text, compared: `lower(${text})`, bind: (v) => `lower(${p(v)}::text)`, fold: 'lower' };
      case 'number':
        return {
          type: 'number',
          text,
          compared: `(case when jsonb_typeof(${json}) = 'number' then ${text}::numeric end)`,
          bind: (v) => `${p(v)}::numeric`,
        };
      case 'date':
        // YYYY-MM-DD text orders as the dates do, byte by byte.
        return {
          type: 'date',
          text,
          compared: `((case when jsonb_typeof(${json}) = 'string' then ${text} end) collate "C")`,
          bind: (v) => `(${p(v)}::text collate "C")`,
        };
      case 'boolean':
        return { type: 'boolean', text, compared: `(${json})`, bind: (v) => `${p(JSON.stringify(v))}::jsonb` };
      case 'category':
        return { type: 'category', text, compared: text, bind: (v) => `${p(v)}::text` };
    }
  };

  const leaf = (operand: Operand, condition: FieldCondition | AttributeCondition): string => {
    const { operator, value, values } = condition;
    const x = operand.compared;
    const holds = (expression: string) => `(${expression})`;
    const isFalse = (expression: string) => `not coalesce(${expression}, false)`;
    switch (operator) {
      case 'isEmpty':
        return `(coalesce(${operand.text}, '') = '')`;
      case 'isNotEmpty':
        return `(coalesce(${operand.text}, '') <> '')`;
      case 'equals':
        return holds(`${x} = ${operand.bind(value)}`);
      case 'notEquals':
        return isFalse(`${x} = ${operand.bind(value)}`);
      case 'contains':
        return holds(`strpos(${x}, ${operand.bind(value)}) > 0`);
      case 'startsWith':
        return holds(`starts_with(${x}, ${operand.bind(value)})`);
      case 'greaterThan':
      case 'after':
        return holds(`${x} > ${operand.bind(value)}`);
      case 'lessThan':
      case 'before':
        return holds(`${x} < ${operand.bind(value)}`);
      case 'between':
        return holds(`${x} between ${operand.bind(values?.[0])} and ${operand.bind(values?.[1])}`);
      case 'in':
        if (operand.fold === 'lower' || operand.fold === 'upper') {
          return holds(`${x} in (select ${operand.fold}(v) from unnest(${p(values ?? [])}::text[]) v)`);
        }
        return holds(`${x} = any(${p(values ?? [])}::text[])`);
    }
  };

  const node = (condition: SegmentCondition): string => {
    switch (condition.kind) {
      case 'group':
        return group(condition);
      case 'field':
        return leaf(fieldOperand(condition.field), condition);
      case 'attribute': {
        const operand = attributeOperand(condition);
        if (!operand) return condition.operator === 'isEmpty' || condition.operator === 'notEquals' ? 'true' : 'false';
        return leaf(operand, condition);
      }
      case 'list': {
        const member = `exists (select 1 from list_members m where m.company_id = ${c}.company_id and m.list_id = ${p(condition.listId)}::bigint and m.contact_id = ${c}.id)`;
        return condition.operator === 'in' ? member : `not ${member}`;
      }
      case 'blocklist':
        return condition.operator === 'is' ? `(${c}.blocked_at is not null)` : `(${c}.blocked_at is null)`;
    }
  };

  const group = (g: SegmentGroup): string => {
    if (!g.conditions.length) return g.operator === 'and' ? 'true' : 'false';
    return `(${g.conditions.map(node).join(g.operator === 'and' ? ' and ' : ' or ')})`;
  };

  return group(root);
}
