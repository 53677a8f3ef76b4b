import { describe, expect, it } from 'vitest';
import { conditionCount, editGoal, goalToSave, isGoalComplete, newGoal } from './workflowSettings.ts';

const filled = { kind: 'field', field: 'email', operator: 'contains', value: '@shop.test' } as const;

describe('workflow settings', () => {
  it('a new goal has one condition to fill in, and is not sent until it is filled', () => {
    const goal = newGoal();
    expect(conditionCount(goal.conditions)).toBe(1);
    expect(isGoalComplete(goal)).toBe(false);
    expect(goalToSave(goal)).toBeUndefined();
    const done = editGoal(goal, { type: 'condition.update', path: [0], condition: filled })!;
    expect(isGoalComplete(done)).toBe(true);
    expect(goalToSave(done)).toBe(done);
  });

  it('a goal whose conditions were all removed is not sent (it would match every contact); no goal is null', () => {
    const emptied = editGoal(newGoal(), { type: 'condition.remove', path: [0] })!;
    expect(conditionCount(emptied.conditions)).toBe(0);
    expect(goalToSave(emptied)).toBeUndefined();
    expect(goalToSave(null)).toBeNull();
    expect(editGoal(null, { type: 'condition.add', path: [] })).toBeNull();
  });

  it('counts conditions inside nested groups, not the groups', () => {
    let goal = editGoal(newGoal(), { type: 'condition.update', path: [0], condition: filled })!;
    goal = editGoal(goal, { type: 'condition.add', path: [], group: true })!;
    expect(conditionCount(goal.conditions)).toBe(2);
  });
});
