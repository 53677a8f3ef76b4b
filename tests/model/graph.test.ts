import assert from 'node:assert/strict';
import { describe, expect, it } from 'vitest';
import { assign, setup } from 'xstate';
import { analyse, invariantFailures, invariantGaps, type MachineModel } from './graph.ts';

/** A toggle that counts its switches; `reset` turns it off, through a guarded branch that always wins. */
const toggle = setup({
  types: { context: {} as { switches: number }, events: {} as { type: 'flip' } | { type: 'reset' } },
  guards: { isOn: ({ context }) => context.switches % 2 === 1 },
}).createMachine({
  id: 'toggle',
  context: { switches: 0 },
  initial: 'off',
  states: {
    off: { on: { flip: { target: 'on', actions: assign({ switches: ({ context }) => context.switches + 1 }) } } },
    on: {
      on: {
        flip: { target: 'off', actions: assign({ switches: ({ context }) => context.switches + 1 }) },
        reset: [{ guard: 'isOn', target: 'off', actions: assign({ switches: 0 }) }, { target: 'off' }],
      },
    },
  },
});

const model = (patch: Partial<MachineModel<undefined>>): MachineModel<undefined> => ({
  name: 'toggle',
  machine: toggle,
  inputs: { none: undefined },
  events: [{ type: 'flip' }, { type: 'reset' }],
  serializeState: (s) => JSON.stringify({ value: s.value, parity: s.context.switches % 2 }),
  invariants: {
    'toggle.off': (s) => assert.equal(s.context.switches % 2, 0),
    'toggle.on': (s) => assert.equal(s.context.switches % 2, 1),
  },
  ...patch,
});

describe('graph model checks', () => {
  it('names every defined candidate transition, and a branch no event can take', () => {
    const report = analyse(model({}));
    expect(report.definedTransitions).toEqual([
      'toggle.off · flip → toggle.on',
      'toggle.on · flip → toggle.off',
      'toggle.on · reset #1 [isOn] → toggle.off',
      'toggle.on · reset #2 → toggle.off',
    ]);
    // In `on` the count is always odd: the `isOn` branch always wins and the fallback is never taken.
    expect(report.untakenTransitions).toEqual(['toggle.on · reset #2 → toggle.off']);
    expect(report.coveredPercent).toBeLessThan(100);
  });

  it('accepts an unreachable branch with its reason, and flags a stale one', () => {
    const reason = { 'toggle.on · reset #2 → toggle.off': 'the count is odd whenever the toggle is on' };
    expect(analyse(model({ unreachable: reason }))).toMatchObject({
      untakenTransitions: [],
      staleUnreachable: [],
      coveredPercent: 100,
    });
    const stale = analyse(model({ unreachable: { ...reason, 'toggle.on · flip → toggle.off': 'wrong' } }));
    expect(stale.staleUnreachable).toEqual(['toggle.on · flip → toggle.off']);
  });

  it('reports a state without an invariant and an invariant of no state', () => {
    expect(invariantGaps(model({ invariants: { 'toggle.on': () => {}, 'toggle.of': () => {} } }))).toEqual([
      'invariant for unknown state toggle.of',
      'no invariant for toggle.off',
    ]);
  });

  it('reports a broken invariant with its path and step', () => {
    expect(invariantFailures(model({}))).toEqual([]);
    const failures = invariantFailures(
      model({ invariants: { 'toggle.off': (s) => assert.equal(s.context.switches, 0, 'never switched') } }),
    );
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatch(
      /^\[none\] flip → on \| flip → off: step 2 \(flip → off\): invariant of toggle\.off: never switched/,
    );
  });
});
