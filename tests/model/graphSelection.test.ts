import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import {
  coveringPaths,
  generatePaths,
  valueKey,
  withoutPrefixes,
  type MachineModel,
  type WalkedPath,
} from './graph.ts';

/** A corridor with a side room: `a` → `b` → `c`, and `b` → `d`. */
const corridor = setup({ types: { events: {} as { type: 'next' } | { type: 'side' } } }).createMachine({
  id: 'corridor',
  initial: 'a',
  states: {
    a: { on: { next: 'b' } },
    b: { on: { next: 'c', side: 'd' } },
    c: {},
    d: {},
  },
});

const model: MachineModel<undefined> = {
  name: 'corridor',
  machine: corridor,
  inputs: { none: undefined },
  events: [{ type: 'next' }, { type: 'side' }],
};

const ends = (paths: WalkedPath[]) => paths.map((p) => valueKey(p.state)).sort();

describe('walk selection helpers', () => {
  it('drops the generated paths another path starts with', () => {
    const paths = generatePaths(model);
    expect(ends(paths)).toEqual(['a', 'b', 'c', 'd']);
    expect(ends(withoutPrefixes(paths))).toEqual(['c', 'd']);
  });

  it('keeps the fewest paths that reach every goal, the shorter on a tie', () => {
    const paths = generatePaths(model);
    const states = (p: WalkedPath) => [p.initial, ...p.steps.map((s) => s.state)].map(valueKey);
    expect(ends(coveringPaths(paths, states))).toEqual(['c', 'd']);
    // Only `b` is a goal: every path but the first reaches it, and the shortest one is taken.
    const onlyB = coveringPaths(paths, (p) => states(p).filter((s) => s === 'b'));
    expect(ends(onlyB)).toEqual(['b']);
    expect(coveringPaths(paths, () => [])).toEqual([]);
  });
});
