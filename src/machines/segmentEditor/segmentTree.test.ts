import { describe, expect, it } from 'vitest';
import {
  addAt,
  conditionIssues,
  defaultCondition,
  emptyGroup,
  isComplete,
  removeAt,
  replaceAt,
  setOperatorAt,
} from './segmentTree.ts';

describe('segment tree', () => {
  it('adds, replaces, re-operates and removes in nested groups', () => {
    let root = addAt(emptyGroup(), [], defaultCondition());
    root = addAt(root, [], emptyGroup('or'));
    root = addAt(root, [1], { kind: 'blocklist', operator: 'isNot' });
    root = addAt(root, [1], { kind: 'list', operator: 'in', listId: 4 });
    root = setOperatorAt(root, [1], 'and');
    root = replaceAt(root, [0], { kind: 'field', field: 'firstName', operator: 'equals', value: 'Ada' });
    expect(root).toEqual({
      kind: 'group',
      operator: 'and',
      conditions: [
        { kind: 'field', field: 'firstName', operator: 'equals', value: 'Ada' },
        {
          kind: 'group',
          operator: 'and',
          conditions: [
            { kind: 'blocklist', operator: 'isNot' },
            { kind: 'list', operator: 'in', listId: 4 },
          ],
        },
      ],
    });
    expect(isComplete(root)).toBe(true);
    root = removeAt(root, [1, 0]);
    expect(root.conditions[1]).toEqual({
      kind: 'group',
      operator: 'and',
      conditions: [{ kind: 'list', operator: 'in', listId: 4 }],
    });
  });

  it("places the server's value errors at their condition, by tree path", () => {
    expect(
      conditionIssues({
        'conditions.conditions.0.value': 'Text is required',
        'conditions.conditions.1.conditions.2.values': 'Option is required',
        'conditions.conditions.3.value': 'Value must be a number',
        'conditions.conditions.4.operator': 'Operator must be one of: equals',
        'conditions.conditions.5.listId': 'List does not exist',
        name: 'Please provide a name',
      }),
    ).toEqual({ '0': 'textRequired', '1.2': 'optionRequired', '3': 'invalid' });
  });

  it('knows which conditions lack a value', () => {
    expect(isComplete(addAt(emptyGroup(), [], defaultCondition()))).toBe(false);
    expect(isComplete({ kind: 'field', field: 'email', operator: 'isEmpty' })).toBe(true);
    expect(isComplete({ kind: 'attribute', attributeId: 1, operator: 'between', values: [1] })).toBe(false);
    expect(isComplete({ kind: 'attribute', attributeId: 1, operator: 'between', values: [1, 5] })).toBe(true);
  });
});
