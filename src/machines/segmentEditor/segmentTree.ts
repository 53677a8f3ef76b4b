import {
  toFieldIssues,
  type FieldIssue,
  type SegmentCondition,
  type SegmentGroup,
} from '../contactsTable/contacts.types.ts';

/** Index path from the root group: `[]` is the root, `[2, 0]` the first item of the root's third item (a group). */
export type TreePath = number[];

export const emptyGroup = (operator: SegmentGroup['operator'] = 'and'): SegmentGroup => ({
  kind: 'group',
  operator,
  conditions: [],
});
export const defaultCondition = (): SegmentCondition => ({
  kind: 'field',
  field: 'email',
  operator: 'contains',
  value: '',
});

/** A copy of `root` with the group at `path` replaced by `change(group)`; unchanged when the path is not a group. */
function updateGroup(root: SegmentGroup, path: TreePath, change: (group: SegmentGroup) => SegmentGroup): SegmentGroup {
  if (path.length === 0) return change(root);
  const [head, ...rest] = path as [number, ...number[]];
  const child = root.conditions[head];
  if (!child || child.kind !== 'group') return root;
  return { ...root, conditions: root.conditions.map((c, i) => (i === head ? updateGroup(child, rest, change) : c)) };
}

export const addAt = (root: SegmentGroup, groupPath: TreePath, item: SegmentCondition) =>
  updateGroup(root, groupPath, (g) => (g.conditions.length >= 50 ? g : { ...g, conditions: [...g.conditions, item] }));

export const setOperatorAt = (root: SegmentGroup, groupPath: TreePath, operator: SegmentGroup['operator']) =>
  updateGroup(root, groupPath, (g) => ({ ...g, operator }));

export function replaceAt(root: SegmentGroup, path: TreePath, item: SegmentCondition): SegmentGroup {
  if (path.length === 0) return root;
  const index = path[path.length - 1]!;
  return updateGroup(root, path.slice(0, -1), (g) => ({
    ...g,
    conditions: g.conditions.map((c, i) => (i === index ? item : c)),
  }));
}

export function removeAt(root: SegmentGroup, path: TreePath): SegmentGroup {
  if (path.length === 0) return root;
  const index = path[path.length - 1]!;
  return updateGroup(root, path.slice(0, -1), (g) => ({
    ...g,
    conditions: g.conditions.filter((_, i) => i !== index),
  }));
}

const NO_VALUE = new Set(['isEmpty', 'isNotEmpty']);

/** Whether every condition has what its operator needs, so the server can count it. */
export function isComplete(item: SegmentCondition): boolean {
  switch (item.kind) {
    case 'group':
      return item.conditions.every(isComplete);
    case 'list':
      return item.listId > 0;
    case 'blocklist':
      return true;
    default: {
      if (NO_VALUE.has(item.operator)) return true;
      if (item.operator === 'between') return (item.values?.length ?? 0) === 2 && item.values!.every((v) => v !== '');
      if (item.operator === 'in') return (item.values?.length ?? 0) > 0;
      return item.value !== undefined && item.value !== '';
    }
  }
}

/** How deep the tree goes (the root group is 1). */
export function depth(item: SegmentCondition): number {
  return item.kind === 'group' ? 1 + Math.max(0, ...item.conditions.map(depth)) : 0;
}

export type ValueType = 'text' | 'number' | 'date' | 'boolean' | 'category';
type Operator = Extract<SegmentCondition, { kind: 'field' }>['operator'];

/** The operators each value type accepts (the contract's SegmentOperator description). */
export const OPERATORS: Record<ValueType, Operator[]> = {
  text: ['equals', 'notEquals', 'contains', 'startsWith', 'in', 'isEmpty', 'isNotEmpty'],
  number: ['equals', 'notEquals', 'greaterThan', 'lessThan', 'between', 'isEmpty', 'isNotEmpty'],
  date: ['equals', 'before', 'after', 'between', 'isEmpty', 'isNotEmpty'],
  boolean: ['equals', 'isEmpty', 'isNotEmpty'],
  category: ['equals', 'notEquals', 'in', 'isEmpty', 'isNotEmpty'],
};

/** A field or attribute condition with another operator: the value kept where it still fits. */
export function withOperator<C extends Extract<SegmentCondition, { kind: 'field' | 'attribute' }>>(
  condition: C,
  operator: Operator,
): C {
  const { value, values, ...rest } = condition;
  if (operator === 'isEmpty' || operator === 'isNotEmpty') return { ...rest, operator } as C;
  if (operator === 'between') return { ...rest, operator, values: values?.length === 2 ? values : ['', ''] } as C;
  if (operator === 'in')
    return {
      ...rest,
      operator,
      values: values?.length ? values : value !== undefined && value !== '' ? [value as string] : [],
    } as C;
  return { ...rest, operator, value: value ?? values?.[0] ?? '' } as C;
}

/** What the server says about a condition's value(s) (spec section 5): 'Option is required', 'Text is required', or another refusal. */
export type ConditionIssue = Extract<FieldIssue, 'optionRequired' | 'textRequired' | 'invalid'>;

const VALUE_ERROR = /^conditions((?:\.conditions\.\d+)+)\.values?$/;

/**
 * A 422's field errors on condition values (`conditions.conditions.1.conditions.0.value`), keyed by the tree path of
 * the condition as `TreePath.join('.')` ("1.0"). Errors on other fields are left to the form's general message.
 */
export function conditionIssues(errors: Record<string, string>): Record<string, ConditionIssue> {
  const out: Record<string, ConditionIssue> = {};
  for (const [field, issue] of Object.entries(toFieldIssues(errors))) {
    const match = VALUE_ERROR.exec(field);
    if (!match) continue;
    const key = match[1]!.replace(/\.conditions\./g, '.').slice(1);
    out[key] ??= issue === 'optionRequired' || issue === 'textRequired' ? issue : 'invalid';
  }
  return out;
}
